import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    reporters: ['default', './test/helpers/summary-reporter.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    // Each file has its own database; files run in parallel, one per core and never fewer than
    // two: most of a file's time is spent waiting on PostgreSQL, a service process or Chromium, so
    // a second file keeps the cores busy (Vitest's default of one fewer than the cores would run
    // a two-core machine's files one at a time).
    pool: 'forks',
    maxWorkers: Math.max(2, os.availableParallelism()),
    // A worker imports the service once and runs file after file on it: importing it again for
    // each of 125 files took a fifth of the suite's time. What a file changes is its own
    // database (each has one) and what it builds; nothing replaces a module (docs/architecture.md, "Tests").
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
