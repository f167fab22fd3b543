// `npm test`: every suite, in order, stopping at the first failure.
//  1. locale check  2. unit + api on PGlite + web components  3. api on PostgreSQL  4. Playwright in Chromium
import { spawnSync } from 'node:child_process';

const steps = [
  ['Locale files', 'node', ['scripts/check-locales.mjs']],
  [
    'Unit, web and API tests on PGlite',
    'npx',
    ['vitest', 'run', '--project', 'contract', '--project', 'web', '--project', 'api-pglite'],
  ],
  ['API tests on PostgreSQL', 'npx', ['vitest', 'run', '--project', 'api-postgres']],
  ['Build', 'npm', ['run', 'build']],
  ['End-to-end tests in Chromium', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']],
];

for (const [title, command, args] of steps) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { stdio: 'inherit' });
  console.log(
    `=== ${title}: ${status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`,
  );
  if (status !== 0) process.exit(status ?? 1);
}
