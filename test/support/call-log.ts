/**
 * Every tool call the end-to-end tests make is logged, so a check that runs after
 * them can name the tools no test has called.
 */
import { appendFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const CALL_LOG = fileURLToPath(new URL('../../.test-runs/tool-calls.log', import.meta.url));
/** Written when a run's tests begin: a log older than this is left from another run. */
const RUN_STARTED = fileURLToPath(new URL('../../.test-runs/run-started', import.meta.url));

export function recordCall(tool: string): void {
  mkdirSync(dirname(CALL_LOG), { recursive: true });
  appendFileSync(CALL_LOG, `${tool}\n`);
}

/** The tools called successfully in this run; none when the log is left from another run. */
export function calledTools(): Set<string> {
  try {
    if (statSync(CALL_LOG).mtimeMs < statSync(RUN_STARTED).mtimeMs) return new Set();
    return new Set(readFileSync(CALL_LOG, 'utf8').split('\n').filter(Boolean));
  } catch {
    return new Set();
  }
}

/** vitest globalSetup of the tests project: each run starts with an empty log. */
export default function resetCallLog(): void {
  rmSync(CALL_LOG, { force: true });
  mkdirSync(dirname(RUN_STARTED), { recursive: true });
  writeFileSync(RUN_STARTED, new Date().toISOString());
}
