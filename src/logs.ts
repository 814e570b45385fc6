/**
 * The operator's log: JSON lines (pino) for the HTTP mode's requests and the audit trail, on
 * stderr or in a file. Each line carries `level` as a word and `time` as an ISO timestamp, and
 * nothing about the host. Lines are gathered and written together, at least every
 * FLUSH_INTERVAL_MS: a write to a pipe per line was about a twentieth of the CPU of a hosted
 * call (two lines: the request and its audit entry). A line that must not wait (the steps of a write that
 * moves money) is written with all before it at once (`flush`), and whatever is gathered is written
 * when the process ends. Writes stay synchronous, from the main thread: no worker thread (the
 * published bin is one bundled file), and lines never interleave. pino is loaded with the first
 * log opened: a stdio start without --audit-log never loads it.
 */
import type { Logger } from 'pino';

export type OperatorLog = Pick<Logger, 'info' | 'warn' | 'error' | 'flush'>;

/** The longest a line waits to be written. */
const FLUSH_INTERVAL_MS = 100;
/** Gathered lines are written once they pass this many characters. */
const GATHERED_CHARACTERS = 4096;

const opened = new Map<string, Promise<Logger>>();

/** The log writing to `target`: "stderr" or a file, appended to; one per target. */
export function openLog(target: string): Promise<Logger> {
  let log = opened.get(target);
  if (!log) {
    log = import('pino').then(({ pino }) => {
      const destination = pino.destination({
        dest: target === 'stderr' ? 2 : target,
        sync: true,
        append: true,
        minLength: GATHERED_CHARACTERS,
        periodicFlush: FLUSH_INTERVAL_MS,
      });
      process.once('exit', () => destination.flushSync());
      return pino(
        {
          base: null,
          timestamp: pino.stdTimeFunctions.isoTime,
          formatters: { level: (label) => ({ level: label }) },
        },
        destination,
      );
    });
    opened.set(target, log);
  }
  return log;
}
