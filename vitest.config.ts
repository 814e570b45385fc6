import { defineConfig } from 'vitest/config';

// End-to-end tests spawn real server processes; give them room on a busy 2-core machine.
const timeouts = { testTimeout: 30_000, hookTimeout: 30_000 };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'tests',
          include: ['test/**/*.test.ts'],
          exclude: ['test/after-all/**', 'test/load/**'],
          globalSetup: ['test/support/call-log.ts'],
          pool: 'forks',
          ...timeouts,
          sequence: { groupOrder: 0 },
        },
      },
      {
        // Load tests measure the server's memory; they run alone, after the others.
        test: {
          name: 'load',
          include: ['test/load/**/*.test.ts'],
          pool: 'forks',
          ...timeouts,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Checks over what the whole run did; they need every other file to have run first.
        test: {
          name: 'after-all',
          include: ['test/after-all/**/*.test.ts'],
          ...timeouts,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
