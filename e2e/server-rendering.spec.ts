import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { translator, type Lang } from './support/i18n.js';

/**
 * Public pages arrive rendered by the server (docs/decisions/0012): they paint before any
 * JavaScript, in the language the visitor chose, and the browser then hydrates them. Without
 * JavaScript in English, hydrated in Bulgarian (one language per journey, decision 0049).
 */

interface Product {
  id: number;
  name: string;
  price: number;
  categoryId: number;
}

const money = (amount: number, lang: Lang) =>
  new Intl.NumberFormat(lang === 'bg' ? 'bg-BG' : 'en-US', {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
  }).format(amount);

test('public pages in en are whole without JavaScript', async ({ browser, shop, request, lang }) => {
  const t = translator(lang);
  const products = (await (await request.get(`/api/products?lang=${lang}`)).json()) as Product[];
  const [first] = products;
  if (!first) throw new Error('the demo catalogue is empty');
  const context = await browser.newContext({ baseURL: shop.baseURL, javaScriptEnabled: false });
  await context.addCookies([{ name: 'lang', value: lang, url: shop.baseURL }]);
  const page = await context.newPage();

  await page.goto('/');
  // A first visit: the terms popup is part of the page, and its form works without JavaScript
  // (the required box stops it unticked; ticked, the server keeps the acceptance in a cookie).
  const dialog = page.getByRole('dialog', { name: t('termsPopup.title') });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: t('termsPopup.submit') }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: t('termsPopup.submit') }).click();
  await expect(dialog).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await context.cookies()).toContainEqual(expect.objectContaining({ name: 'terms', value: 'accepted' }));

  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page).toHaveTitle(`${t('home.title')} · Atelier Noir`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `${t('home.hero.titleLine1')} ${t('home.hero.titleLine2')}`,
  );
  await expect(page.getByText(t('banner.text', { returnDays: 14 }))).toBeVisible();
  const hero = page.locator('img[fetchpriority="high"]').first();
  await expect(hero).toHaveAttribute('srcset', /\?w=400 400w/);
  expect(await hero.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

  await page.goto('/clothing');
  await expect(page).toHaveTitle(`${t('clothing.title')} · Atelier Noir`);
  for (const product of products) {
    await expect(page.getByRole('link', { name: new RegExp(product.name) })).toBeVisible();
  }

  await page.goto(`/product/${first.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.name);
  await expect(page.getByText(money(first.price, lang)).first()).toBeVisible();
  // Another spelling of the same address is the same page.
  await page.goto(`/PRODUCT/00${first.id}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.name);

  await page.goto('/faqs');
  await expect(page).toHaveTitle(`${t('faqs.title')} · Atelier Noir`);

  // Pages about the visitor's own data are rendered in the browser only.
  await page.goto('/cart');
  expect(await page.locator('#root').innerHTML()).toBe('');
  await context.close();
});

/** Errors the page logs: a hydration mismatch shows up here. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  return errors;
}

test.describe('hydration', () => {
  test.use({ lang: 'bg' });

  test('takes over the server-rendered pages without a mismatch, and they answer', async ({ page }) => {
    const t = translator('bg');
    const errors = collectErrors(page);
    for (const path of ['/', '/clothing', '/product/1', '/materials', '/terms', '/about-us']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(errors).toEqual([]);

    // Handlers are attached: sizes and the stepper work, and links navigate in the app.
    await page.goto('/product/1');
    const size = page.getByRole('button', { name: 'M', exact: true });
    await size.click();
    await expect(size).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: t('quantity.increase') }).click();
    await expect(page.getByRole('textbox', { name: t('quantity.label') })).toHaveValue('2');
    await page
      .getByRole('link', { name: t('nav.clothing') })
      .first()
      .click({ force: true });
    await expect(page).toHaveURL(/\/clothing$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('clothing.title'));
    expect(errors).toEqual([]);
  });
});

test('public pages raise nothing in the Issues panel of Chromium (no CSP violation, as Lighthouse checks)', async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page);
  const issues: string[] = [];
  // Chromium's own advice on reading document.cookie is not a fault Lighthouse counts.
  cdp.on('Audits.issueAdded', ({ issue }) => issue.code !== 'PerformanceIssue' && issues.push(JSON.stringify(issue)));
  await cdp.send('Audits.enable');
  // The product page loads the contract's schemas (zod), which must not probe for eval.
  for (const path of ['/', '/clothing', '/product/1', '/search?q=jacket']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(issues).toEqual([]);
});

test('a page names its screen’s chunks with the app’s, for boot.ts to load one task each', async ({ page }) => {
  for (const [path, screen] of [
    ['/clothing', 'clothing'],
    ['/product/1', 'product'],
    ['/search?q=jacket', 'search'],
  ] as const) {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(path);
    await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
    const named = (await page.locator('meta[name="app-entry"]').getAttribute('content'))!.split(' ');
    // The screen’s own chunk comes last, after the entry’s and the chunks it imports.
    expect(named.at(-1)).toMatch(new RegExp(`^/assets/${screen}-[\\w-]+\\.js$`));
    expect(named.every((chunk) => requested.includes(chunk))).toBe(true);
    page.removeAllListeners('request');
  }
});

test('a server-rendered page loads the toasts’ code at the visitor’s first act, not in its start', async ({ page }) => {
  const toastsRequested = () =>
    page.evaluate(() =>
      performance.getEntriesByType('resource').some((entry) => /\/assets\/toasts-[\w-]+\.js$/.test(entry.name)),
    );
  await page.goto('/clothing');
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
  await page.waitForLoadState('networkidle');
  expect(await toastsRequested()).toBe(false);
  await page.keyboard.press('Tab');
  await expect.poll(toastsRequested).toBe(true);
});

test.describe('the terms popup of a first visit', () => {
  // Lighthouse's phone, where /clothing's products start below the fold behind the notice banner.
  test.use({ acceptTerms: false, viewport: { width: 412, height: 823 } });

  test('comes with the page: painted in its first paint, not added once the app has started', async ({ page }) => {
    const t = translator('en');
    const errors = collectErrors(page);
    expect(await (await page.request.get('/clothing')).text()).toContain('role="dialog"');
    await page.goto('/clothing');
    const dialog = page.getByRole('dialog', { name: t('termsPopup.title') });
    await expect(dialog).toBeVisible();
    // The largest paint (once the popup has surely been painted, and its fade-in would be over),
    // and when the app's first chunk was requested (boot.ts: after the first paint).
    const { largest, appRequested } = await page.evaluate(
      () =>
        new Promise<{ largest: number; appRequested: number }>((resolve) => {
          const paints: PerformanceEntry[] = [];
          const observer = new PerformanceObserver((list) => paints.push(...list.getEntries()));
          observer.observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => {
            observer.disconnect();
            const first = document.querySelector<HTMLMetaElement>('meta[name="app-entry"]')!.content.split(' ')[0]!;
            const app = performance.getEntriesByType('resource').find((entry) => entry.name.endsWith(first));
            resolve({ largest: paints.at(-1)?.startTime ?? Number.NaN, appRequested: app?.startTime ?? Number.NaN });
          }, 1000);
        }),
    );
    expect(largest).toBeLessThan(appRequested);

    // The app took it over without a mismatch: Submit now waits for the tick (spec).
    const submit = dialog.getByRole('button', { name: t('termsPopup.submit') });
    await expect(submit).toBeDisabled();
    await dialog.getByRole('checkbox').check();
    await submit.click();
    await expect(dialog).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('acceptedTerms'))).toBe('true');
    expect(await (await page.request.get('/clothing')).text()).not.toContain('role="dialog"');
    expect(errors).toEqual([]);
  });

  test('is gone for a visitor who accepted before the cookie existed, and the next pages come without it', async ({
    browser,
    shop,
  }) => {
    const context = await browser.newContext({ baseURL: shop.baseURL });
    await context.addInitScript(() => localStorage.setItem('acceptedTerms', 'true'));
    const page = await context.newPage();
    await page.goto('/clothing');
    await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await (await page.request.get('/')).text()).not.toContain('role="dialog"');
    await context.close();
  });
});

test.describe('addresses per language and what search engines read', () => {
  test('?lang=bg wins over the cookie; the product page carries canonical, alternates and Product data that match the api', async ({
    request,
    page,
  }) => {
    const [product] = (await (await request.get('/api/products?lang=bg&limit=1')).json()) as Product[];
    if (!product) throw new Error('the demo catalogue is empty');
    const settings = (await (await request.get('/api/settings')).json()) as { currency: string };
    // The fixture's cookie says English: the address says Bulgarian, and wins.
    const html = await (await request.get(`/product/${product.id}?lang=bg`, { headers: { cookie: 'lang=en' } })).text();
    expect(html).toContain('<html lang="bg">');
    expect(html).toContain(product.name);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]+/product/${product.id}\\?lang=bg">`));
    expect(html).toMatch(new RegExp(`hreflang="en" href="[^"]+/product/${product.id}\\?lang=en"`));
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1]!) as Record<string, unknown>,
    );
    const data = blocks.find((block) => block['@type'] === 'Product') as {
      offers: { price: string; priceCurrency: string; availability: string };
    };
    expect(data.offers.price).toBe(product.price.toFixed(2));
    expect(data.offers.priceCurrency).toBe(settings.currency);
    const stock = (await (await request.get(`/api/products/${product.id}`)).json()) as {
      stockTracked: boolean;
      stock: { available: number }[];
    };
    const inStock = !stock.stockTracked || stock.stock.some((entry) => entry.available > 0);
    expect(data.offers.availability).toBe(`https://schema.org/${inStock ? 'InStock' : 'OutOfStock'}`);
    expect(blocks.some((block) => block['@type'] === 'BreadcrumbList')).toBe(true);

    // The app started from that address stays in Bulgarian.
    await page.goto(`/product/${product.id}?lang=bg`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'bg');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  });

  test('a page the browser renders comes in the language asked, before any script runs', async ({ request }) => {
    // The checkout is not rendered on the server: its shell still names the page's language.
    const asked = await request.get('/checkout?lang=bg', { headers: { cookie: 'lang=en' } });
    expect(await asked.text()).toContain('<html lang="bg">');
    expect(asked.headers()['vary']).toContain('accept-language');
    expect(await (await request.get('/checkout?lang=en')).text()).toContain('<html lang="en">');
  });
});

test.describe("a product page's reviews (issue 31)", () => {
  /** Text as React writes it into HTML. */
  const asHtml = (text: string) =>
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#x27;');

  test('come with the HTML served, and the app takes them over without asking the api again', async ({
    request,
    page,
  }) => {
    const products = (await (await request.get('/api/products?lang=en')).json()) as (Product & {
      rating: { average: number; count: number } | null;
    })[];
    const reviewed = products.find((product) => product.rating !== null);
    if (!reviewed) throw new Error('the demo catalogue has no published reviews');
    const reviews = (await (await request.get(`/api/products/${reviewed.id}/reviews?lang=en&page=1`)).json()) as {
      data: { title: string; body: string; author: string }[];
    };
    const [newest] = reviews.data;
    if (!newest) throw new Error(`product ${reviewed.id} has a rating but no reviews`);

    const html = await (await request.get(`/product/${reviewed.id}?lang=en`)).text();
    expect(html).toContain(asHtml(newest.title));
    expect(html).toContain(asHtml(newest.body));
    expect(html).toContain(asHtml(newest.author));

    const asked: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes(`/api/products/${reviewed.id}/reviews`)) asked.push(sent.url());
    });
    await page.goto(`/product/${reviewed.id}?lang=en`);
    const section = page.getByRole('region', { name: translator('en')('reviews.title'), exact: true });
    await expect(section.getByRole('heading', { name: newest.title })).toBeVisible();
    // Hydrated: a size answers a click.
    const size = page.getByRole('button', { name: 'M', exact: true });
    await size.click();
    await expect(size).toHaveAttribute('aria-pressed', 'true');
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    await expect(section.getByRole('heading', { name: newest.title })).toBeVisible();
  });
});
