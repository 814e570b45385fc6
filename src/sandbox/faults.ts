/**
 * Faults on purpose, for tests and demos of what a flaky network does to money:
 * `drop-after-commit=0.1,status-503=0.05,status-429=0.05,latency-ms=0-40,seed=7`.
 * - drop-after-commit: a write is stored, then the connection is cut without an answer;
 * - status-503 / status-429: the request is refused before anything is stored (429 with Retry-After);
 * - latency-ms: every request waits a random time in that range first;
 * - seed: the same spec and seed give the same faults in the same order.
 */
import { createRandom, type Random } from './random.js';

export interface FaultSpec {
  dropAfterCommit: number;
  status503: number;
  status429: number;
  latencyMs: readonly [number, number];
  seed: number;
}

/** What happens to one request. */
export interface FaultPlan {
  delayMs: number;
  /** Refuse with this status before anything is stored. */
  refuse?: 503 | 429;
  /** For a write: store it, then cut the connection. */
  dropAfterCommit: boolean;
}

export class FaultSpecError extends Error {
  override name = 'FaultSpecError';
}

const PROBABILITY_KEYS = {
  'drop-after-commit': 'dropAfterCommit',
  'status-503': 'status503',
  'status-429': 'status429',
} as const;

function probability(key: string, value: string): number {
  const number = Number(value);
  if (value === '' || !Number.isFinite(number) || number < 0 || number > 1) {
    throw new FaultSpecError(`${key} takes a probability from 0 to 1, e.g. ${key}=0.05; got "${value}"`);
  }
  return number;
}

export function parseFaultSpec(text: string): FaultSpec {
  const spec: FaultSpec = { dropAfterCommit: 0, status503: 0, status429: 0, latencyMs: [0, 0], seed: 1 };
  for (const part of text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const [key = '', value = ''] = part.split('=').map((item) => item.trim());
    if (key in PROBABILITY_KEYS) {
      spec[PROBABILITY_KEYS[key as keyof typeof PROBABILITY_KEYS]] = probability(key, value);
    } else if (key === 'latency-ms') {
      const match = /^(\d+)(?:-(\d+))?$/.exec(value);
      const [low, high] = match ? [Number(match[1]), Number(match[2] ?? match[1])] : [NaN, NaN];
      if (!match || low > high)
        throw new FaultSpecError(`latency-ms takes milliseconds or a range, e.g. latency-ms=0-40; got "${value}"`);
      spec.latencyMs = [low, high];
    } else if (key === 'seed') {
      if (!/^\d+$/.test(value)) throw new FaultSpecError(`seed takes a whole number, e.g. seed=7; got "${value}"`);
      spec.seed = Number(value);
    } else {
      throw new FaultSpecError(
        `unknown fault "${key}"; a spec takes drop-after-commit, status-503, status-429 (probabilities), latency-ms (a range) and seed`,
      );
    }
  }
  if (spec.status503 + spec.status429 > 1) throw new FaultSpecError('status-503 and status-429 together cannot exceed 1');
  return spec;
}

export type FaultPlanner = (isWrite: boolean) => FaultPlan;

export function faultPlanner(spec: FaultSpec): FaultPlanner {
  const random: Random = createRandom(spec.seed).fork('faults');
  return (isWrite) => {
    const [low, high] = spec.latencyMs;
    const delayMs = high > 0 ? random.int(low, high) : 0;
    const roll = random.next();
    const refuse = roll < spec.status503 ? 503 : roll < spec.status503 + spec.status429 ? 429 : undefined;
    const drop = random.next() < spec.dropAfterCommit;
    return { delayMs, ...(refuse ? { refuse } : {}), dropAfterCommit: isWrite && !refuse && drop };
  };
}
