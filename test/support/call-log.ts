/**
 * Every tool call the end-to-end tests make is logged, so a check that runs after
 * them can name the tools no test has called.
 */
import { appendFileSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const CALL_LOG = fileURLToPath(new URL('../../.test-runs/tool-calls.log', import.meta.url));

export function recordCall(tool: string): void {
  mkdirSync(dirname(CALL_LOG), { recursive: true });
  appendFileSync(CALL_LOG, `${tool}\n`);
}

/** The tools called successfully since `since` (ms); none when the log is older, i.e. left from another run. */
export function calledTools(since: number): Set<string> {
  try {
    if (statSync(CALL_LOG).mtimeMs < since) return new Set();
    return new Set(readFileSync(CALL_LOG, 'utf8').split('\n').filter(Boolean));
  } catch {
    return new Set();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    runStarted: number;
  }
}

/** vitest globalSetup: each run starts with an empty log, and the checks learn when the run began. */
export default function resetCallLog(project: TestProject): void {
  rmSync(CALL_LOG, { force: true });
  project.provide('runStarted', Date.now());
}
