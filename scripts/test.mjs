// `npm test`: every suite, in order, stopping at the first failure, then one closing line with
// the counts of all of them: lint and typecheck (fast, so first); locale check; unit, web and API
// tests on PGlite; API tests on PostgreSQL; build; Playwright in Chromium.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * @typedef {object} Step
 * @property {string} title
 * @property {string} command
 * @property {string[]} args
 * @property {Record<string, string>} [env]
 * @property {string} [report] the runner's JSON report, read by `count`
 * @property {(file: string) => { passed: number; failed: number }} [count]
 */

const reports = mkdtempSync(join(tmpdir(), 'shop-test-reports-'));
/**
 * @param {string} name
 * @param {string[]} projects
 * @returns {Step}
 */
const vitest = (name, projects) => ({
  title: name,
  command: 'npx',
  args: [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(reports, `${projects[projects.length - 1]}.json`)}`,
  ],
  count: (file) => {
    const report = /** @type {{ numPassedTests: number; numFailedTests: number }} */ (
      JSON.parse(readFileSync(file, 'utf8'))
    );
    return { passed: report.numPassedTests, failed: report.numFailedTests };
  },
  report: join(reports, `${projects[projects.length - 1]}.json`),
});

/** @type {Step[]} */
const steps = [
  { title: 'Lint', command: 'npm', args: ['run', 'lint'] },
  { title: 'Typecheck', command: 'npm', args: ['run', 'typecheck'] },
  { title: 'Locale files', command: 'node', args: ['scripts/check-locales.mjs'] },
  vitest('Unit, web and API tests on PGlite', ['contract', 'web', 'api-pglite']),
  vitest('API tests on PostgreSQL', ['api-postgres']),
  { title: 'Build', command: 'npm', args: ['run', 'build'] },
  {
    title: 'End-to-end tests in Chromium',
    command: 'npx',
    args: ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'e2e.json') },
    report: join(reports, 'e2e.json'),
    count: (file) => {
      const { stats } = /** @type {{ stats: { expected: number; flaky: number; unexpected: number } }} */ (
        JSON.parse(readFileSync(file, 'utf8'))
      );
      return { passed: stats.expected + stats.flaky, failed: stats.unexpected };
    },
  },
];

const total = { passed: 0, failed: 0 };
let exitCode = 0;
for (const step of steps) {
  console.log(`\n=== ${step.title} ===`);
  const started = Date.now();
  const { status } = spawnSync(step.command, step.args, { stdio: 'inherit', env: { ...process.env, ...step.env } });
  if (step.count && step.report) {
    try {
      const counted = step.count(step.report);
      total.passed += counted.passed;
      total.failed += counted.failed;
    } catch {
      // No report: the runner failed before testing; its exit code says so.
    }
  }
  console.log(
    `=== ${step.title}: ${status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`,
  );
  if (status !== 0) {
    exitCode = status ?? 1;
    if (total.failed === 0) total.failed = 1;
    break;
  }
}
rmSync(reports, { recursive: true, force: true });
console.log(`\nTests: ${total.passed} passed, ${total.failed} failed`);
process.exit(exitCode);
