/**
 * Every tool call the end-to-end tests make is logged, so a check that runs after
 * them can name the tools no test has called.
 */
import { appendFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const CALL_LOG = fileURLToPath(new URL('../../.test-runs/tool-calls.log', import.meta.url));

export function recordCall(tool: string): void {
  mkdirSync(dirname(CALL_LOG), { recursive: true });
  appendFileSync(CALL_LOG, `${tool}\n`);
}

export function calledTools(): Set<string> {
  try {
    return new Set(readFileSync(CALL_LOG, 'utf8').split('\n').filter(Boolean));
  } catch {
    return new Set();
  }
}

/** vitest globalSetup: each run starts with an empty log. */
export default function resetCallLog(): void {
  rmSync(CALL_LOG, { force: true });
}
