/**
 * The operator's log: JSON lines (pino) for the HTTP mode's requests and the audit trail, on
 * stderr or in a file. Each line carries `level` as a word and `time` as an ISO timestamp, and
 * nothing about the host. Lines are written synchronously, so none is lost when the process
 * ends, and there is no worker thread (the published bin is one bundled file). pino is loaded
 * with the first log opened: a stdio start without --audit-log never loads it.
 */
import type { Logger } from 'pino';

export type OperatorLog = Pick<Logger, 'info' | 'warn' | 'error'>;

const opened = new Map<string, Promise<Logger>>();

/** The log writing to `target`: "stderr" or a file, appended to; one per target. */
export function openLog(target: string): Promise<Logger> {
  let log = opened.get(target);
  if (!log) {
    log = import('pino').then(({ pino }) =>
      pino(
        {
          base: null,
          timestamp: pino.stdTimeFunctions.isoTime,
          formatters: { level: (label) => ({ level: label }) },
        },
        pino.destination({ dest: target === 'stderr' ? 2 : target, sync: true, append: true }),
      ),
    );
    opened.set(target, log);
  }
  return log;
}
