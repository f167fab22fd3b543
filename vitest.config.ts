import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One config, four projects. The api suite runs twice: on PGlite (in-process) and on
 * PostgreSQL (TEST_DATABASE_URL); each test file gets a fresh database from the real migrations.
 */
const apiTests = ['api/src/**/*.test.ts'];
const apiShared = {
  environment: 'node' as const,
  setupFiles: ['api/src/test/setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    // A worker per core. Vitest's default leaves one core to its own process, which waits on the
    // workers: on a 2-core machine that ran the PGlite pass (in-process, CPU-bound) on one core.
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'contract', include: ['contract/src/**/*.test.ts'], environment: 'node' } },
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          root: './web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: apiTests,
          // Scale-out needs a server database that several processes share.
          exclude: ['api/src/robustness/scale-out.test.ts'],
          ...apiShared,
          globalSetup: ['api/src/test/pglite-template.ts'],
          env: { TEST_DB: 'pglite' },
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: apiTests,
          // Crash safety and the folder lock are about the embedded database's files.
          exclude: [
            'api/src/robustness/crash-safety.test.ts',
            'api/src/robustness/effects-after-crash.test.ts',
            'api/src/db/embedded-lock.test.ts',
          ],
          ...apiShared,
          env: { TEST_DB: 'postgres' },
        },
      },
    ],
  },
});
