import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { repoRoot } from '../../api/src/robustness/support/server.js';
import { startBenchServer, stopBenchServer } from './fixture.js';
import { round, type Figure } from './lib.js';

const assetsDir = join(repoRoot, 'web/dist/assets');
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Gzip size of a built asset, in KB (level 9, as the pre-compressed .gz files are made). */
const gzipKb = (file: string) => gzipSync(readFileSync(join(assetsDir, file)), { level: 9 }).length / 1024;

/** The JS files index.html itself loads (entry script and module preloads). */
function entryScripts(): string[] {
  const html = readFileSync(join(repoRoot, 'web/dist/index.html'), 'utf8');
  return [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((match) => match[1]!);
}

interface PageScore {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  /** Total blocking time, ms: the figure that moves a score the most from run to run. */
  tbtMs: number;
  /**
   * Lighthouse's measure of the host's speed during the run (its `benchmarkIndex`): the
   * simulation slows every task the page runs by the same factor, so a slower or busier host
   * scores lower on the same build.
   */
  hostIndex: number;
  scripts: string[];
}

/**
 * Lighthouse now and then fails to record a page load at all (`NO_NAVSTART`, `NO_FCP` on a
 * trace it lost): such a run measured nothing, so it is run again, at most twice.
 */
async function audit(url: string, path: string): Promise<PageScore> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditOnce(url, path);
    } catch (error) {
      if (attempt === 3 || !(error instanceof TraceLost)) throw error;
    }
  }
}

class TraceLost extends Error {}

/** Lighthouse runs per page: a single run's score moves by several points (Lighthouse's own advice). */
const RUNS = 3;

/** The run with the median performance score of `RUNS`, as Lighthouse's documentation advises. */
async function medianAudit(url: string, path: string): Promise<PageScore & { runs: PageScore[] }> {
  const runs: PageScore[] = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await audit(url, path));
  runs.sort((a, b) => a.performance - b.performance);
  return { ...runs[Math.floor(RUNS / 2)]!, runs };
}

/** One Lighthouse run in a Chromium of its own (no run inherits another's cache or state). */
async function auditOnce(url: string, path: string): Promise<PageScore> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  let runner;
  try {
    runner = await lighthouse(`${url}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
  } finally {
    chrome.kill();
  }
  if (!runner) throw new Error(`Lighthouse gave no result for ${path}`);
  const failure = runner.lhr.runtimeError;
  if (failure) {
    const message = `Lighthouse on ${path}: ${failure.code} ${failure.message}`;
    throw /^NO_(NAVSTART|FCP)$/.test(failure.code) ? new TraceLost(message) : new Error(message);
  }
  const { categories, audits } = runner.lhr;
  const requests =
    (audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] } | undefined)?.items ??
    [];
  return {
    path,
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    bestPractices: Math.round((categories['best-practices']?.score ?? 0) * 100),
    seo: Math.round((categories.seo?.score ?? 0) * 100),
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
    cls: round(audits['cumulative-layout-shift']?.numericValue ?? Number.NaN, 3),
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? Number.NaN),
    hostIndex: Math.round(runner.lhr.environment.benchmarkIndex),
    scripts: requests
      .filter((request) => request.resourceType === 'Script')
      .map((request) => new URL(request.url).pathname),
  };
}

/**
 * Warm-up first, as for the API figures: each page and the images it names are fetched once, so
 * Lighthouse measures a running shop (pages rendered and kept, database warm), not its first
 * seconds after start-up.
 */
async function warmUp(url: string, paths: string[]): Promise<void> {
  for (const path of paths) {
    const html = await (await fetch(`${url}${path}`)).text();
    const images = new Set([...html.matchAll(/\/files\/[a-f0-9]{64}(?:\?w=\d+)?/g)].map((match) => match[0]));
    await Promise.all([...images].map(async (image) => (await fetch(`${url}${image}`)).arrayBuffer()));
  }
}

/** Bundle sizes from web/dist and Lighthouse (mobile, simulated throttling) on four pages of the seeded demo shop. */
export async function web(): Promise<Figure[]> {
  if (!existsSync(join(repoRoot, 'web/dist/index.html'))) throw new Error('web/dist is missing: the build failed');
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-web-'));
  const server = await startBenchServer(
    'API on PGlite',
    { SEED_DEMO: 'true', DATA_DIR: dataDir },
    { timeoutMs: 180_000 },
  );
  try {
    const products = (await (await fetch(`${server.url}/api/products`)).json()) as { id: number }[];
    const paths = ['/', '/clothing', `/product/${products[0]?.id ?? 1}`, '/search?q=jacket'];
    await warmUp(server.url, paths);
    const pages: (PageScore & { runs: PageScore[] })[] = [];
    for (const path of paths) pages.push(await medianAudit(server.url, path));

    const homeScripts = new Set([
      ...entryScripts(),
      ...pages[0]!.scripts.filter((path) => path.startsWith('/assets/')).map((path) => path.slice('/assets/'.length)),
    ]);
    const homeKb = [...homeScripts].reduce((sum, file) => sum + gzipKb(file), 0);
    const entry = new Set(entryScripts());
    const chunks = readdirSync(assetsDir).filter((file) => file.endsWith('.js') && !entry.has(file));
    const largest = chunks.map((file) => ({ file, kb: gzipKb(file) })).sort((a, b) => b.kb - a.kb)[0];

    const figures: Figure[] = [
      {
        section: 'web',
        figure: 'JS the home page loads (gzip; files)',
        value: `${round(homeKb, 1)} KB (${homeScripts.size})`,
        target: '≤ 150 KB',
        pass: homeKb <= 150,
      },
      {
        section: 'web',
        figure: 'largest lazy chunk (gzip; file)',
        value: `${round(largest?.kb ?? 0, 1)} KB (${largest?.file ?? '-'})`,
        pass: null,
      },
    ];
    for (const page of pages) {
      const scores = `${page.performance} / ${page.accessibility} / ${page.bestPractices} / ${page.seo}`;
      const scoresPass =
        page.performance >= 95 && page.accessibility === 100 && page.bestPractices === 100 && page.seo === 100;
      figures.push(
        {
          section: 'web',
          figure: `Lighthouse ${page.path}: perf / a11y / best practices / SEO`,
          value: scores,
          target: '≥ 95 / 100 / 100 / 100',
          pass: scoresPass,
          detail:
            `median of ${page.runs.length} runs; performance, total blocking time and the host's ` +
            `benchmarkIndex of each: ${page.runs.map((run) => `${run.performance} (${run.tbtMs} ms, ${run.hostIndex})`).join(', ')}`,
        },
        {
          section: 'web',
          figure: `Lighthouse ${page.path}: LCP / CLS`,
          value: `${page.lcpMs} ms / ${page.cls}`,
          target: '≤ 1800 ms / ≤ 0.02',
          pass: page.lcpMs <= 1800 && page.cls <= 0.02,
        },
      );
    }
    return figures;
  } finally {
    await stopBenchServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
