import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { startShop, type ShopServer } from './support/server.js';

export { expect };
export { readOutbox, waitForMail } from './support/mail.js';

const screenshotDir = join(import.meta.dirname, 'output', 'screens');

let clientNumber = 0;

/**
 * A journey's time budget when its spec names none: twice the longest of the journeys that keep
 * to it, measured on this 2-core machine beside other sessions' work (decision 0049).
 */
export const DEFAULT_BUDGET_MS = 40_000;

interface Fixtures {
  /** Accept the terms popup before the page loads (default true; the storefront journey tests the popup). */
  acceptTerms: boolean;
  /** Language stored before the page loads ('en' default); a journey runs in one (decision 0049). */
  lang: 'en' | 'bg';
  /**
   * The journey's time budget, in ms (DEFAULT_BUDGET_MS unless its spec or describe says
   * `test.use({ budget: 90_000 })`): twice its measured time, so a journey that grows slow fails.
   */
  budget: number;
  /** Holds every test to its budget (automatic). */
  timeBudget: void;
}

interface WorkerFixtures {
  shop: ShopServer;
  /**
   * A second shop, with what only the server's configuration sets: euros (`CURRENCY=EUR`) and cash
   * on delivery only (`PAYMENTS=off`). Started by the first journey that asks for it and kept for
   * the worker's next ones (euro, payments-off), instead of a shop for each (decision 0095).
   */
  euroCashOnlyShop: ShopServer;
}

/**
 * Every worker starts the built shop on its own port and fresh data folder, with a known root
 * admin (`shop.admin`), the outbox for mail (`shop.outboxDir`) and the seeded demo catalogue.
 */
export const test = base.extend<Fixtures, WorkerFixtures>({
  shop: [
    async ({}, use) => {
      const shop = await startShop();
      await use(shop);
      await shop.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  euroCashOnlyShop: [
    async ({}, use) => {
      const shop = await startShop({ CURRENCY: 'EUR', PAYMENTS: 'off' });
      await use(shop);
      await shop.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ shop }, use) => use(shop.baseURL),
  // A distinct client address per test (from the documentation range 203.0.113.0/24 and up).
  extraHTTPHeaders: async ({}, use) => {
    clientNumber += 1;
    const address = `203.0.${113 + Math.floor(clientNumber / 250)}.${(clientNumber % 250) + 1}`;
    await use({ 'x-forwarded-for': address });
  },
  // A server-rendered page is on screen before the app has loaded (decision 0012). A test acts
  // within milliseconds of the first paint, far sooner than a person: every navigation waits until
  // the app answers clicks.
  page: async ({ page }, use) => {
    const waitForApp = () =>
      page.waitForFunction(() => !document.getElementById('root') || document.documentElement.dataset.app === 'ready');
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await waitForApp();
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await waitForApp();
      return response;
    };
    await use(page);
  },
  acceptTerms: [true, { option: true }],
  lang: ['en', { option: true }],
  budget: [DEFAULT_BUDGET_MS, { option: true }],
  // The budget is the test's timeout; a journey that runs out of it fails with a second error
  // that names the budget and what to do, beside Playwright's "Test timeout of … exceeded".
  timeBudget: [
    async ({ budget }, use, testInfo) => {
      // Screenshots (SCREENSHOTS=1, for a person to look at) took a third of a journey's time.
      const allowed = process.env.SCREENSHOTS === '1' ? budget * 2 : budget;
      testInfo.setTimeout(allowed);
      await use();
      if (testInfo.status === 'timedOut') {
        throw new Error(
          `"${testInfo.title}" went over its time budget of ${allowed / 1000} s (e2e/fixtures.ts, decision 0049). ` +
            'Make the journey faster or split it; raise its budget (test.use({ budget })) only to twice a measured time.',
        );
      }
    },
    { auto: true },
  ],
  context: async ({ context, acceptTerms, lang, baseURL }, use) => {
    // The web app keeps cookie copies of the language and the terms' acceptance for the
    // server-rendered pages.
    await context.addCookies([
      { name: 'lang', value: lang, url: baseURL! },
      ...(acceptTerms ? [{ name: 'terms', value: 'accepted', url: baseURL! }] : []),
    ]);
    await context.addInitScript(
      ({ accept, language }) => {
        if (sessionStorage.getItem('__e2e_init')) return;
        sessionStorage.setItem('__e2e_init', '1');
        if (accept) localStorage.setItem('acceptedTerms', 'true');
        localStorage.setItem('lang', language);
      },
      { accept: acceptTerms, language: lang },
    );
    await use(context);
  },
});

const takeScreenshots = process.env.SCREENSHOTS === '1';

/** One screenshot of the page or an element, as it is now, under e2e/output/screens (as `screenshots`). */
export async function screenshot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}) {
  if (!takeScreenshots) return;
  await target.screenshot({ path: join(screenshotDir, `${name}.png`), ...options });
}

/**
 * Full-page screenshots at desktop (1280×800) and phone (390×844) widths under e2e/output/screens,
 * for a person to look at: taken when `SCREENSHOTS=1` (`SCREENSHOTS=1 npm run test:e2e`). They
 * assert nothing, and took a third of the journeys' time, so `npm test` leaves them out.
 */
export async function screenshots(page: Page, name: string): Promise<void> {
  if (!takeScreenshots) return;
  mkdirSync(screenshotDir, { recursive: true });
  const original = page.viewportSize();
  for (const [label, size] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({
      path: join(screenshotDir, `${name}-${label}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
  if (original) await page.setViewportSize(original);
}

/**
 * Zero axe-core violations of serious or critical impact on the current page, or only within
 * `include` (a CSS selector: the part a journey adds to a page other journeys check whole, at a
 * fraction of the time).
 */
export async function expectAccessible(page: Page, include?: string): Promise<void> {
  // Colour contrast read mid fade-in (the 0.5 s page transition) sees half-transparent text:
  // let running finite animations end first (spinners and shimmers loop forever). Not a toast's
  // countdown: toastify times its 2.5 s with an animation of its (hidden) progress bar, which
  // shows nothing; the toast is checked where it stands.
  await page.waitForFunction(
    () =>
      document.getAnimations().every((animation) => {
        const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
        return (
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity ||
          target?.closest('.Toastify__progress-bar') != null
        );
      }),
    undefined,
    { timeout: 5_000 },
  );
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    severe.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    ),
  ).toEqual([]);
}

/**
 * The journeys' fixtures on a shop outside production (NODE_ENV=development): there the built-in
 * test page stands in for the card provider, and its payments get their documents (sale document,
 * invoice, credit note), each saying TEST PAYMENT. The other journeys' shop runs in production
 * with PAYMENTS=test, where a test payment is no sale and gets none (decision 0051).
 */
export const testOnDevelopmentShop = test.extend<object, WorkerFixtures>({
  shop: [
    async ({}, use) => {
      const shop = await startShop({ NODE_ENV: 'development' });
      await use(shop);
      await shop.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

/** A toast of the app with exactly this text (the newest if the same one stands twice). */
export const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true }).first();
