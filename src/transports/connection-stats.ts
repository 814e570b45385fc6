/**
 * Connections that end badly are counted and reported as one summary line a minute: under a
 * flood of slow or vanishing clients, a line each would bury the log (and cost more than the
 * clients do).
 */
import type { OperatorLog } from '../logs.js';

export type ConnectionEnding =
  /** Sent its headers or body too slowly and was cut. */
  | 'too slow'
  /** Went away before its answer was sent. */
  | 'gone before the answer'
  /** Sent something that is not HTTP. */
  | 'malformed'
  /** Turned away with 503 because the server was busy. */
  | 'turned away busy';

export interface ConnectionStats {
  count(ending: ConnectionEnding): void;
  /** Stops the minute timer after a last summary. */
  close(): void;
}

export function createConnectionStats(log: OperatorLog, intervalMs = 60_000): ConnectionStats {
  let counts = new Map<ConnectionEnding, number>();
  let since = Date.now();

  /** Logs what was counted since the last summary, if anything. */
  function flush(): void {
    if (counts.size === 0) return;
    const parts = [...counts].map(([ending, count]) => `${count} ${ending}`);
    const seconds = Math.round((Date.now() - since) / 1000);
    log.warn({ connections: Object.fromEntries(counts), seconds }, `in the last ${seconds} s, connections ${parts.join(', ')}`);
    counts = new Map();
    since = Date.now();
  }

  const timer = setInterval(flush, intervalMs).unref();
  return {
    count(ending) {
      counts.set(ending, (counts.get(ending) ?? 0) + 1);
    },
    close() {
      clearInterval(timer);
      flush();
    },
  };
}

/** Errors that mean the client went away (reset, closed, aborted) rather than a fault of ours. */
export function isClientGone(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    ['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_DESTROYED'].includes(String(code)) ||
    message === 'aborted'
  );
}
