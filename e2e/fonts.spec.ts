import { expect, test } from './fixtures.js';

/**
 * A server-rendered page preloads with its HTML every face its first screen uses
 * (web/src/styles/first-paint-fonts.ts), and no other. What waits offscreen (a product's reviews,
 * decision 0048) asks for its faces on the way there. Each page is opened once, in one language,
 * the languages alternating (decision 0049): what a page's faces depend on (its italics, the law's
 * Cyrillic on an English page, Bulgarian's Cyrillic faces) is each met once.
 *
 * No trace here: a trace's DOM snapshots read the style of what waits offscreen, so its text
 * would ask for faces that a visitor's browser does not ask for. The suite records a trace only on a
 * retry (decision 0076), so these tests take none: a failure here fails the run at its first try
 * as a flaky test would, with its error and screenshot. Not `test.use({ trace: 'off' })`: `trace`
 * is a worker's option, and a file that changes it gets a worker of its own, with its own Chromium
 * and shop, and the files after it another (decision 0095).
 */
test.describe.configure({ retries: 0 });
test.skip(
  ({ trace }) => !['off', 'on-first-retry', 'on-all-retries'].includes(typeof trace === 'string' ? trace : trace.mode),
  'a trace from the first try on (--trace) changes the faces a page asks for',
);

test.describe('fonts', () => {
  test('every face a server-rendered page uses is preloaded with its HTML, and no preload goes unused', async ({
    browser,
    shop,
  }) => {
    for (const [path, lang] of [
      ['/', 'bg'],
      ['/clothing', 'en'],
      ['/product/1', 'bg'],
      ['/terms', 'en'],
      ['/contact-us', 'bg'],
    ] as const) {
      // A first visit each time: a face already in the browser's cache says nothing of the page.
      const context = await browser.newContext({ baseURL: shop.baseURL });
      await context.addCookies([
        { name: 'lang', value: lang, url: shop.baseURL },
        { name: 'terms', value: 'accepted', url: shop.baseURL },
      ]);
      await context.addInitScript((language) => {
        localStorage.setItem('acceptedTerms', 'true');
        localStorage.setItem('lang', language);
      }, lang);
      const page = await context.newPage();
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const fonts = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('.woff2'))
          .map((entry) => ({
            file: entry.name.slice(entry.name.lastIndexOf('/') + 1),
            by: (entry as PerformanceResourceTiming).initiatorType,
          })),
      );
      const preloaded = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel=preload][as=font]'), (link) =>
          link.href.slice(link.href.lastIndexOf('/') + 1),
        ),
      );
      // Found by the style sheet (initiator "css") means found late: after the first paint.
      expect(
        fonts.filter((font) => font.by !== 'link'),
        `${path} in ${lang}`,
      ).toEqual([]);
      expect(fonts.map((font) => font.file).sort(), `${path} in ${lang}`).toEqual([...preloaded].sort());
      await context.close();
    }
  });

  test('a review in Bulgarian on an English page asks for the Cyrillic face once the reviews come near', async ({
    browser,
    shop,
  }) => {
    const context = await browser.newContext({ baseURL: shop.baseURL });
    await context.addCookies([
      { name: 'lang', value: 'en', url: shop.baseURL },
      { name: 'terms', value: 'accepted', url: shop.baseURL },
    ]);
    await context.addInitScript(() => localStorage.setItem('acceptedTerms', 'true'));
    const page = await context.newPage();
    const cyrillicFaces = () =>
      page.evaluate(
        () => performance.getEntriesByType('resource').filter((entry) => /manrope-cyrillic/.test(entry.name)).length,
      );
    // The demo's first product has reviews written in Bulgarian.
    await page.goto('/product/1');
    await page.waitForLoadState('networkidle');
    expect(await cyrillicFaces()).toBe(0);
    const review = page.getByRole('region', { name: 'Reviews' }).getByRole('listitem').first();
    await review.scrollIntoViewIfNeeded();
    await expect.poll(cyrillicFaces).toBe(1);
    await expect(review).toContainText(/[\u0400-\u04ff]/);
    await expect
      .poll(() =>
        review.evaluate((element) => document.fonts.check('16px "Manrope Variable"', element.textContent ?? '')),
      )
      .toBe(true);
    await context.close();
  });
});
