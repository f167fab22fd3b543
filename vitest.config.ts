import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { boundedForks } from './api/src/test/bounded-forks.js';
import { engineTestFiles } from './api/src/test/engine-tag.js';

/**
 * One config, four projects. The api suite runs in full on PGlite (in-process, the default
 * engine); on PostgreSQL (TEST_DATABASE_URL) run only the tests whose result can depend on the
 * engine, tagged `engine` (api/src/test/engine-tag.ts, decision 0049). Each test file gets a
 * fresh database: a copy of one the pass migrated once with the real migrations.
 */
const apiTests = ['api/src/**/*.test.ts'];
const apiShared = {
  environment: 'node' as const,
  setupFiles: ['api/src/test/setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // The files of a worker share its process: starting Node, loading the packages and compiling
  // PGlite's WebAssembly once per worker, not once per file, took 40 % of the CPU time of small
  // files. The setup file starts the shop's own modules afresh for each file (test/setup.ts).
  isolate: false,
  // …and a worker whose resident memory passed the ceiling is replaced before its next file
  // (api/src/test/bounded-forks.ts, decision 0067).
  pool: boundedForks(Number(process.env.VITEST_WORKER_CEILING_MB ?? 1500) * 1e6),
};

/**
 * The api files that hold an `engine` test. Only they are loaded on PostgreSQL: a file whose
 * tests the tag filter skips would still be imported, and importing the app is most of a small
 * file's time.
 */
const engineFiles = engineTestFiles(fileURLToPath(new URL('./api/src', import.meta.url))).map(
  (file) => `api/src/${file}`,
);

export default defineConfig({
  test: {
    // A worker per core. Vitest's default leaves one core to its own process, which waits on the
    // workers: on a 2-core machine that ran the PGlite pass (in-process, CPU-bound) on one core.
    maxWorkers: availableParallelism(),
    tags: [
      {
        name: 'engine',
        description:
          'The result can depend on the database engine (locks, races, numbering, the change feed, the outbox, backups, migrations, several processes, the driver): also run on PostgreSQL.',
      },
    ],
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
          // The files that hold `engine` tests; `--tags-filter=engine` (npm run test:api:pg,
          // scripts/test.mjs) then runs only those tests: Vitest takes the filter from the command
          // line or the root config, not from a project's. Crash safety and the embedded folder's
          // lock are about PGlite's files, so they carry no tag.
          include: engineFiles,
          ...apiShared,
          globalSetup: ['api/src/test/postgres-template.ts'],
          env: { TEST_DB: 'postgres' },
        },
      },
    ],
  },
});
