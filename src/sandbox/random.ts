import { createHash } from 'node:crypto';

/**
 * Deterministic randomness for seed data and sandbox-generated ids.
 * `fork(label)` derives an independent stream, so adding a new kind of seed data
 * does not shift the ids and values of the kinds that already exist.
 */
export interface Random {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  uuid(): string;
  fork(label: string): Random;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const nextUint32 = (): number => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const next = (): number => nextUint32() / 4294967296;
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick<T>(items: readonly T[]): T {
      const item = items[int(0, items.length - 1)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    chance: (probability) => next() < probability,
    uuid(): string {
      const hex = [nextUint32(), nextUint32(), nextUint32(), nextUint32()]
        .map((word) => word.toString(16).padStart(8, '0'))
        .join('');
      const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
    },
    fork: (label) => createRandom(hashLabel(label, seed)),
  };
}

/** FNV-1a over the label, mixed with the parent seed. */
function hashLabel(label: string, seed: number): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < label.length; i++) {
    hash ^= label.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** A stable uuid for something identified by other ids (e.g. a reporting row for a pair of records). */
export function derivedUuid(...parts: string[]): string {
  const hex = createHash('sha1').update(parts.join('/')).digest('hex');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
