import { z } from 'zod';
import { ApiError, parameter } from '../envelope.js';
import { dateTime } from '../fields.js';
import type { SandboxRequest } from '../router.js';
import { parseQuery } from '../validation.js';

/** A feed's time range from two required date-time query parameters; events at `from` count, at `to` not. */
interface TimeWindow {
  contains(timestamp: string): boolean;
}

const HOUR_MS = 3_600_000;

export function timeWindow(request: SandboxRequest, names: { from: string; to: string }, maxHours?: number): TimeWindow {
  const query = parseQuery(z.object({ [names.from]: dateTime(), [names.to]: dateTime() }), request.url.searchParams);
  const from = Date.parse(query[names.from] as string);
  const to = Date.parse(query[names.to] as string);
  if (to < from) {
    throw new ApiError(
      400,
      `${names.to} ${query[names.to]} lies before ${names.from} ${query[names.from]}.`,
      parameter(names.to),
    );
  }
  if (maxHours !== undefined && to - from > maxHours * HOUR_MS) {
    const hours = Math.round(((to - from) / HOUR_MS) * 100) / 100;
    throw new ApiError(
      400,
      `The range from ${names.from} to ${names.to} spans ${hours} hours; it may span at most ${maxHours}. Query consecutive windows of up to ${maxHours} hours instead.`,
      parameter(names.to),
    );
  }
  return {
    contains: (timestamp) => {
      const at = Date.parse(timestamp);
      return at >= from && at < to;
    },
  };
}
