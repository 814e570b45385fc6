/**
 * Sealed confirmations for writes that move money. A confirmation binds the tool, the exact
 * arguments, the caller, the state the preview showed and an expiry, under an HMAC with a key
 * every instance shares (PFM_CONFIRMATION_KEY) or one made at start, so a confirmation issued by
 * one instance is valid on another. That it is used once is the state store's part (claims.ts).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

interface Sealed {
  /** Tool name. */
  t: string;
  /** Hash of the arguments (without the confirmation itself). */
  a: string;
  /** The caller (issuer and subject in hosted mode, see auth/caller.ts). */
  c: string;
  /** Hash of the state the preview was made from. */
  s: string;
  /** Expiry, ms since the epoch. */
  e: number;
}

export type ConfirmationProblem = 'tampered' | 'expired' | 'other-tool' | 'other-caller' | 'other-arguments';

/** `expired` is found last: an expired confirmation was otherwise right (its use may be on record). */
export type Checked = { ok: true; stateHash: string; expiresAt: number } | { ok: false; problem: ConfirmationProblem };

/** JSON with object keys sorted at every level: the same arguments always hash alike. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function digest(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('base64url');
}

/** The arguments a confirmation is about: all of them but the confirmation. */
export function confirmedArguments(args: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { confirmation: _confirmation, ...rest } = args;
  return rest;
}

export class ConfirmationSeal {
  readonly #key: Buffer;

  constructor(
    key: string | undefined,
    readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {
    // Any text makes a key; without one, this process makes its own (confirmations then work on this instance only).
    this.#key = key ? createHash('sha256').update(key).digest() : randomBytes(32);
  }

  issue(
    tool: string,
    args: Readonly<Record<string, unknown>>,
    caller: string,
    state: unknown,
  ): { token: string; expiresAt: Date } {
    const expires = this.now() + this.ttlMs;
    const sealed: Sealed = { t: tool, a: digest(confirmedArguments(args)), c: caller, s: digest(state), e: expires };
    const payload = Buffer.from(JSON.stringify(sealed)).toString('base64url');
    return { token: `${payload}.${this.#sign(payload)}`, expiresAt: new Date(expires) };
  }

  check(token: string, tool: string, args: Readonly<Record<string, unknown>>, caller: string): Checked {
    const [payload = '', signature = '', ...rest] = token.split('.');
    const expected = Buffer.from(this.#sign(payload));
    const given = Buffer.from(signature);
    if (rest.length > 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { ok: false, problem: 'tampered' };
    }
    let sealed: Sealed;
    try {
      sealed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Sealed;
    } catch {
      return { ok: false, problem: 'tampered' };
    }
    if (sealed.t !== tool) return { ok: false, problem: 'other-tool' };
    if (sealed.c !== caller) return { ok: false, problem: 'other-caller' };
    if (sealed.a !== digest(confirmedArguments(args))) return { ok: false, problem: 'other-arguments' };
    if (sealed.e <= this.now()) return { ok: false, problem: 'expired' };
    return { ok: true, stateHash: sealed.s, expiresAt: sealed.e };
  }

  #sign(payload: string): string {
    return createHmac('sha256', this.#key).update(payload).digest('base64url');
  }
}
