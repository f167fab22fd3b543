// `npm test`: every suite, stopping at the first failure, then one closing line with the counts
// of all of them. The suites run in stages, in order; the lanes of a stage run side by side, where
// the 2 cores gain from it, and the steps of a lane one after another (decision 0049): lint,
// typecheck and the locale check beside the build followed by the engine-dependent API tests on
// PostgreSQL; then the unit, web and API tests on PGlite; then Playwright in Chromium.
// A step alone in its stage prints as it goes; a step beside others keeps its output and prints
// it whole when it ends, so two steps' lines never mix. When a step fails, the steps beside it are
// stopped and nothing after it runs.
// A test that failed and then passed on a retry (Playwright's `retries`, vitest's `retry`) is
// flaky, not passed: it is named and fails the run, since its first failure may be a real bug.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
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

/** @type {Step} */
const e2e = {
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
};

/**
 * The stages, in order. A stage is lanes that run side by side; a lane is steps that run one
 * after another. ESLint with types is the first stage's longest step, one core; the typecheck
 * and then Prettier (about 45 s of CPU, which used to follow ESLint in its lane) take the other, and the PostgreSQL pass
 * mostly waits (on its server, child processes and timers: 142 s of CPU in 291 s), so it runs there,
 * after the build in its lane: the production-start test serves `web/dist` when it is there, and a
 * build beside it would empty that folder under it. The PGlite pass and Playwright use both cores
 * alone (decisions 0046, 0067).
 * @type {(Step | Step[])[][]}
 */
const stages = [
  [
    { title: 'ESLint', command: 'npx', args: ['eslint', '.'] },
    [
      { title: 'Typecheck', command: 'npm', args: ['run', 'typecheck'] },
      { title: 'Prettier', command: 'npm', args: ['run', 'format:check'] },
    ],
    { title: 'Locale files', command: 'node', args: ['scripts/check-locales.mjs'] },
    [
      { title: 'Build', command: 'npm', args: ['run', 'build'] },
      // Only the tests whose result can depend on the engine (decision 0049).
      vitest('API tests on PostgreSQL', ['api-postgres'], ['--tags-filter=engine']),
    ],
  ],
  [vitest('Unit, web and API tests on PGlite', ['contract', 'web', 'api-pglite'])],
  [e2e],
];
/** @type {Set<import('node:child_process').ChildProcess>} */
const running = new Set();

/**
 * Ends a step's whole process tree (npx → npm → node → workers): it leads its own process group.
 * @param {import('node:child_process').ChildProcess} child
 */
function stop(child) {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    for (const child of running) stop(child);
    process.exit(130);
  });
}

/**
 * Runs one step; `alone`: its output goes straight to the terminal, else it is kept and handed
 * back whole (the tools still colour it when the terminal would show colours).
 * @param {Step} step
 * @param {boolean} alone
 * @returns {{ done: Promise<{ status: number; output: string; seconds: number }>; child: import('node:child_process').ChildProcess }}
 */
function start(step, alone) {
  const started = Date.now();
  const colour = !alone && process.stdout.isTTY ? { FORCE_COLOR: '1' } : {};
  const child = spawn(step.command, step.args, {
    stdio: alone ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...colour, ...step.env },
    detached: true,
  });
  running.add(child);
  /** @type {Buffer[]} */
  const chunks = [];
  child.stdout?.on('data', (chunk) => chunks.push(chunk));
  child.stderr?.on('data', (chunk) => chunks.push(chunk));
  const done = new Promise((resolve) => {
    /** @param {number} status */
    const end = (status) => {
      running.delete(child);
      resolve({ status, output: Buffer.concat(chunks).toString('utf8'), seconds: (Date.now() - started) / 1000 });
    };
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
      end(1);
    });
    child.on('close', (code, signal) => end(code ?? (signal ? 1 : 0)));
  });
  return { done, child };
}

/**
 * The counts of a step's report (none when the runner failed before writing one).
 * @param {Step} step
 * @returns {Counted}
 */
function countOf(step) {
  if (!step.count || !step.report) return { passed: 0, failed: 0, flaky: [] };
  try {
    return step.count(step.report);
  } catch {
    return { passed: 0, failed: 0, flaky: [] };
  }
}

const total = { passed: 0, failed: 0, flaky: 0 };
let exitCode = 0;
const runStarted = Date.now();
for (const stage of stages) {
  const lanes = stage.map((lane) => (Array.isArray(lane) ? lane : [lane]));
  const steps = lanes.flat();
  const alone = steps.length === 1;
  if (alone) console.log(`\n=== ${steps[0]?.title} ===`);
  else
    console.log(
      `\n=== ${lanes.map((lane) => lane.map((step) => step.title).join(', then ')).join('; ')}: side by side ===`,
    );
  /** @type {Set<import('node:child_process').ChildProcess>} */
  const children = new Set();
  let failed = false;
  // Each step is reported as it ends; the first to fail stops the others, and its lane's next steps.
  await Promise.all(
    lanes.map(async (lane) => {
      for (const step of lane) {
        if (failed) return;
        const { done, child } = start(step, alone);
        children.add(child);
        const { status, output, seconds } = await done;
        children.delete(child);
        if (failed) {
          console.log(`\n=== ${step.title}: stopped, another step failed ===`);
          return;
        }
        const counted = countOf(step);
        total.passed += counted.passed;
        total.failed += counted.failed;
        total.flaky += counted.flaky.length;
        if (!alone) process.stdout.write(`\n=== ${step.title} ===\n${output}${output.endsWith('\n') ? '' : '\n'}`);
        if (counted.flaky.length > 0) {
          console.log(`\nPassed only on a retry (flaky), which fails the run:`);
          for (const name of counted.flaky) console.log(`  ${name}`);
        }
        const ok = status === 0 && counted.flaky.length === 0;
        console.log(`=== ${step.title}: ${ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(1)} s ===`);
        if (!ok) {
          failed = true;
          exitCode = status || 1;
          if (total.failed === 0 && total.flaky === 0) total.failed = 1;
          for (const other of children) stop(other);
          return;
        }
      }
    }),
  );
  if (failed) break;
}
rmSync(reports, { recursive: true, force: true });
console.log(`\nWhole suite: ${((Date.now() - runStarted) / 1000).toFixed(1)} s`);
console.log(`Tests: ${total.passed} passed, ${total.failed} failed, ${total.flaky} flaky`);
process.exit(exitCode);
