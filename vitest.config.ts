import { defineConfig } from 'vitest/config';

// End-to-end tests spawn real server processes; give them room on a busy 2-core machine.
const timeouts = { testTimeout: 30_000, hookTimeout: 30_000 };

/*
 * Test files at once. Vitest's default leaves one core free, which on two cores runs the files one
 * after another; most of their time is spent waiting on the servers and sandboxes they start, so
 * two at once took the run from 682 s to about 490 s (three at once was slower, and flaky). What
 * measures time or memory runs alone afterwards (test/load).
 */
const FILES_AT_ONCE = 2;

export default defineConfig({
  test: {
    maxWorkers: FILES_AT_ONCE,
    projects: [
      {
        test: {
          name: 'tests',
          include: ['test/**/*.test.ts'],
          exclude: ['test/after-all/**', 'test/load/**'],
          globalSetup: ['test/support/call-log.ts'],
          pool: 'forks',
          // A worker keeps the modules it imported for its next file: importing the catalog, the
          // SDK and the harness again for each of 120 files cost about 100 s of the two cores
          // (a run took 480 s, now about 360 s). The files restore what they change (TMPDIR, spies).
          isolate: false,
          ...timeouts,
          sequence: { groupOrder: 0 },
        },
      },
      {
        // Load tests measure the server's memory and latency; they run alone, after the others.
        test: {
          name: 'load',
          include: ['test/load/**/*.test.ts'],
          pool: 'forks',
          maxWorkers: 1,
          ...timeouts,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Checks over what the whole run did; they need every other file to have run first.
        test: {
          name: 'after-all',
          include: ['test/after-all/**/*.test.ts'],
          maxWorkers: 1,
          ...timeouts,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
