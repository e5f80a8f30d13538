import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    reporters: ['default', './test/helpers/summary-reporter.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    // Each file has its own database; files run in parallel on the two cores.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
