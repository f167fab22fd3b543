// `npm test`: every suite, in order, stopping at the first failure, then one closing line with
// the counts of all of them: lint and typecheck (fast, so first); locale check; unit, web and API
// tests on PGlite; the engine-dependent API tests on PostgreSQL; build; Playwright in Chromium.
// A test that failed and then passed on a retry (Playwright's `retries`, vitest's `retry`) is
// flaky, not passed: it is named and fails the run, since its first failure may be a real bug.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

/**
 * @typedef {object} Step
 * @property {string} title
 * @property {string} command
 * @property {string[]} args
 * @property {Record<string, string>} [env]
 * @property {string} [report] the runner's JSON report, read by `count`
 * @property {(file: string) => Counted} [count]
 */

/**
 * @typedef {object} Counted
 * @property {number} passed at the first try
 * @property {number} failed
 * @property {string[]} flaky the names of the tests that failed, were retried and then passed
 */

const reports = mkdtempSync(join(tmpdir(), 'shop-test-reports-'));
/**
 * @param {string} name
 * @param {string[]} projects
 * @param {string[]} [options] more of vitest's options
 * @returns {Step}
 */
const vitest = (name, projects, options = []) => ({
  title: name,
  command: 'npx',
  args: [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    ...options,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(reports, `${projects[projects.length - 1]}.json`)}`,
  ],
  count: (file) => {
    const report =
      /** @type {{ numPassedTests: number; numFailedTests: number; testResults: { name: string; assertionResults: { fullName: string; status: string; failureMessages: string[] | null }[] }[] }} */ (
        JSON.parse(readFileSync(file, 'utf8'))
      );
    // Vitest keeps the errors of the failed tries of a test that passed on a retry.
    const flaky = report.testResults.flatMap((result) =>
      result.assertionResults
        .filter((test) => test.status === 'passed' && (test.failureMessages ?? []).length > 0)
        .map((test) => `${relative(process.cwd(), result.name)} > ${test.fullName}`),
    );
    return { passed: report.numPassedTests - flaky.length, failed: report.numFailedTests, flaky };
  },
  report: join(reports, `${projects[projects.length - 1]}.json`),
});

/**
 * @typedef {object} PlaywrightSuite
 * @property {string} title
 * @property {{ title: string; file: string; line: number; tests: { projectName: string; status: string }[] }[]} specs
 * @property {PlaywrightSuite[]} [suites]
 */

/**
 * The Playwright tests whose outcome is `flaky` (failed, then passed on a retry), by file, line,
 * describe blocks and title.
 * @param {PlaywrightSuite[]} suites
 * @param {string} rootDir the directory the spec files are named from
 * @param {string[]} [titles] the enclosing describe blocks
 * @returns {string[]}
 */
function flakyIn(suites, rootDir, titles = []) {
  return suites.flatMap((suite) => {
    // The top-level suites are the files, titled by their path.
    const within = titles.length === 0 && suite.title.endsWith('.ts') ? [] : [...titles, suite.title];
    return [
      ...suite.specs.flatMap((spec) =>
        spec.tests
          .filter((test) => test.status === 'flaky')
          .map(
            (test) =>
              `${relative(process.cwd(), join(rootDir, spec.file))}:${spec.line} > ${[...within, spec.title].join(' > ')}` +
              (test.projectName ? ` [${test.projectName}]` : ''),
          ),
      ),
      ...flakyIn(suite.suites ?? [], rootDir, within),
    ];
  });
}

/** @type {Step[]} */
const steps = [
  { title: 'Lint', command: 'npm', args: ['run', 'lint'] },
  { title: 'Typecheck', command: 'npm', args: ['run', 'typecheck'] },
  { title: 'Locale files', command: 'node', args: ['scripts/check-locales.mjs'] },
  vitest('Unit, web and API tests on PGlite', ['contract', 'web', 'api-pglite']),
  // Only the tests whose result can depend on the engine (decision 0049).
  vitest('API tests on PostgreSQL', ['api-postgres'], ['--tags-filter=engine']),
  { title: 'Build', command: 'npm', args: ['run', 'build'] },
  {
    title: 'End-to-end tests in Chromium',
    command: 'npx',
    args: ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'e2e.json') },
    report: join(reports, 'e2e.json'),
    count: (file) => {
      const { config, stats, suites } =
        /** @type {{ config: { rootDir: string }; stats: { expected: number; unexpected: number }; suites: PlaywrightSuite[] }} */ (
          JSON.parse(readFileSync(file, 'utf8'))
        );
      return { passed: stats.expected, failed: stats.unexpected, flaky: flakyIn(suites, config.rootDir) };
    },
  },
];

const total = { passed: 0, failed: 0, flaky: 0 };
let exitCode = 0;
for (const step of steps) {
  console.log(`\n=== ${step.title} ===`);
  const started = Date.now();
  const { status } = spawnSync(step.command, step.args, { stdio: 'inherit', env: { ...process.env, ...step.env } });
  /** @type {string[]} */
  let flaky = [];
  if (step.count && step.report) {
    try {
      const counted = step.count(step.report);
      total.passed += counted.passed;
      total.failed += counted.failed;
      total.flaky += counted.flaky.length;
      flaky = counted.flaky;
    } catch {
      // No report: the runner failed before testing; its exit code says so.
    }
  }
  if (flaky.length > 0) {
    console.log(`\nPassed only on a retry (flaky), which fails the run:`);
    for (const name of flaky) console.log(`  ${name}`);
  }
  const ok = status === 0 && flaky.length === 0;
  console.log(`=== ${step.title}: ${ok ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
  if (!ok) {
    exitCode = status || 1;
    if (total.failed === 0 && total.flaky === 0) total.failed = 1;
    break;
  }
}
rmSync(reports, { recursive: true, force: true });
console.log(`\nTests: ${total.passed} passed, ${total.failed} failed, ${total.flaky} flaky`);
process.exit(exitCode);
