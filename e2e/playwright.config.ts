import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { chromium } from '@playwright/test';

/** Playwright's own browser when it is installed, otherwise the system Chromium. */
function chromiumExecutable(): string | undefined {
  try {
    if (existsSync(chromium.executablePath())) return undefined;
  } catch {
    // not installed
  }
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/**
 * The specs whose journeys run on a shop outside production (fixtures.ts: `testOnDevelopmentShop`).
 * A worker serves one kind of shop, so each change of kind between files ends the worker and starts
 * another (Node, Chromium and a shop): run in a project of their own, they come together, one
 * change in the run instead of one before and after each such file.
 */
const developmentShopSpecs = readdirSync(import.meta.dirname).filter(
  (file) =>
    file.endsWith('.spec.ts') &&
    /\btestOnDevelopmentShop\b/.test(readFileSync(`${import.meta.dirname}/${file}`, 'utf8')),
);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: './output/test-results',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  // One worker (one browser, one server on its own fresh data folder: fixtures.ts) unless
  // E2E_WORKERS says more. On this 2-core machine two workers were slower than one: the admin's
  // two longest journeys took 163 s side by side and 128 s one after the other.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: process.env.CI ? 1 : 0,
  // For hooks (a beforeAll that starts a shop); a test's own time is its budget (fixtures.ts, decision 0049).
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: './output/report', open: 'never' }]],
  projects: [
    { name: 'production shop', testIgnore: developmentShopSpecs },
    { name: 'development shop', testMatch: developmentShopSpecs },
  ],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    // A trace is recorded on a failed test's retry (CI's `retries`), not for every test: recording
    // every test to keep the failures' took some 40 % more CPU (decision 0076). A run without
    // retries records one with `--trace on`; a failure still leaves its error and a screenshot.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-gpu',
      ],
    },
  },
});
