/**
 * Faults on purpose, for tests and demos of what a flaky network does to money:
 * `drop-after-commit=0.1,status-503=0.05,status-429=0.05,latency-ms=0-40,seed=7`.
 * - drop-after-commit: a write is stored, then the connection is cut without an answer;
 * - status-503 / status-429: the request is refused before anything is stored (429 with Retry-After);
 * - latency-ms: every request waits a random time in that range first;
 * - refuse-include=400|422: every request with an `include` is refused with that status, naming
 *   the parameter, as an API that takes none of the include paths asked for would;
 * - seed: the same spec and seed give the same faults in the same order.
 */
import { ApiError, parameter } from './envelope.js';
import { createRandom, type Random } from './random.js';
import { ValidationFailure } from './validation.js';

const INCLUDE_REFUSALS = [400, 422] as const;
type IncludeRefusal = (typeof INCLUDE_REFUSALS)[number];

export interface FaultSpec {
  dropAfterCommit: number;
  status503: number;
  status429: number;
  latencyMs: readonly [number, number];
  refuseInclude?: IncludeRefusal;
  seed: number;
}

/** What happens to one request. */
export interface FaultPlan {
  delayMs: number;
  /** Refuse with this status before anything is stored. */
  refuse?: 503 | 429;
  /** For a write: store it, then cut the connection. */
  dropAfterCommit: boolean;
  /** Refuse a request that carries `include` with this status. */
  refuseInclude?: IncludeRefusal;
}

/** The answer to an include refused on purpose: an errors[] document (400) or a validation body (422). */
export function includeRefusal(status: IncludeRefusal, include: string): Error {
  const reason = `include '${include}' is not available on this endpoint (an injected fault)`;
  return status === 400
    ? new ApiError(400, `Cannot ${reason}.`, parameter('include'))
    : new ValidationFailure([{ type: 'value_error', loc: ['query', 'include'], msg: `Value error, ${reason}`, input: include }]);
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
    } else if (key === 'refuse-include') {
      const status = Number(value) as IncludeRefusal;
      if (!INCLUDE_REFUSALS.includes(status)) {
        throw new FaultSpecError(`refuse-include takes the status to answer, 400 or 422; got "${value}"`);
      }
      spec.refuseInclude = status;
    } else if (key === 'seed') {
      if (!/^\d+$/.test(value)) throw new FaultSpecError(`seed takes a whole number, e.g. seed=7; got "${value}"`);
      spec.seed = Number(value);
    } else {
      throw new FaultSpecError(
        `unknown fault "${key}"; a spec takes drop-after-commit, status-503, status-429 (probabilities), latency-ms (a range), refuse-include (400 or 422) and seed`,
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
    return {
      delayMs,
      ...(refuse ? { refuse } : {}),
      dropAfterCommit: isWrite && !refuse && drop,
      ...(spec.refuseInclude ? { refuseInclude: spec.refuseInclude } : {}),
    };
  };
}
