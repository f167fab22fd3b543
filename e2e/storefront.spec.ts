import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { colorNameIn } from '@shop/contract';
import { expect, expectAccessible, screenshots, test } from './fixtures.js';
import { adminToken, setOnHand, type StockedProduct } from './support/stock.js';

// Twice the 44.5 s the longest journey here took (decision 0049).
test.use({ budget: 90_000 });

/**
 * A logged-out visitor's walk through the storefront, in English (one language per journey, decision
 * 0049; the flags' switch to Bulgarian is below): the terms popup and
 * the notice banner, home → clothing (a style card scrolls to its category) → a product (colour,
 * size, quantity capped at 99, the login toasts) → the information pages → an unknown URL.
 * Every page is checked with axe and photographed at desktop and phone widths.
 */

type Messages = Record<string, unknown>;
const locale = (lang: string): Messages =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../web/src/locales', `${lang}.json`), 'utf8')) as Messages;

/** A string from the web app's locale file, so the journey reads what the shopper reads. */
function text(messages: Messages, key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Messages | undefined)?.[part], messages);
  if (typeof value !== 'string') throw new Error(`missing locale key ${key}`);
  return value;
}

const INFO_PAGES = [
  { path: '/materials', title: 'materials.title' },
  { path: '/inspiration', title: 'inspiration.title' },
  { path: '/terms', title: 'terms.title' },
  { path: '/about-us', title: 'about.title' },
  { path: '/contact-us', title: 'contact.title' },
  { path: '/faqs', title: 'faqs.title' },
] as const;

async function expectOneH1(page: Page, name: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
}

test.describe('storefront in en', () => {
  test.use({ acceptTerms: false, lang: 'en' });

  test('a visitor browses the shop from home to product, the information pages and a 404', async ({
    page,
    shop,
    lang,
  }) => {
    const m = locale(lang);
    const t = (key: string) => text(m, key);
    // Home, with the terms popup of a first visit.
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const dialog = page.getByRole('dialog', { name: t('termsPopup.title') });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: t('termsPopup.readTerms') })).toHaveAttribute('href', '/terms');
    const submit = dialog.getByRole('button', { name: t('termsPopup.submit') });
    await expect(submit).toBeDisabled();
    await dialog.getByRole('checkbox').check();
    await submit.click();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('acceptedTerms'))).toBe('true');

    await expectOneH1(page, `${t('home.hero.titleLine1')} ${t('home.hero.titleLine2')}`);
    const banner = page.getByRole('complementary', { name: t('banner.label') });
    await expect(banner).toContainText(t('banner.text').replace('{{returnDays}}', '14'));
    await expectAccessible(page);
    await screenshots(page, `storefront-${lang}-home`);

    // The banner starts 120 px from the top, centred, and follows a mouse drag.
    const before = (await banner.boundingBox())!;
    expect(Math.round(before.y)).toBe(120);
    expect(Math.abs(before.x + before.width / 2 - 640)).toBeLessThan(2);
    await page.mouse.move(before.x + 24, before.y + 24);
    await page.mouse.down();
    await page.mouse.move(before.x + 124, before.y + 224, { steps: 5 });
    await page.mouse.up();
    const after = (await banner.boundingBox())!;
    expect(Math.round(after.x - before.x)).toBe(100);
    expect(Math.round(after.y - before.y)).toBe(200);

    // It closes from the keyboard.
    await banner.getByRole('button', { name: t('banner.close') }).focus();
    await page.keyboard.press('Enter');
    await expect(banner).toBeHidden();

    // EXPLORE scrolls to the materials teaser.
    await page.getByRole('button', { name: t('home.hero.explore') }).click();
    await expect(page.getByRole('heading', { name: t('home.materials.title') })).toBeInViewport();

    // A style card opens /clothing scrolled to its category, 80 px below the top.
    await page
      .getByRole('link', { name: new RegExp(t('categories.2.name')) })
      .first()
      .click();
    await expect(page).toHaveURL(/\/clothing$/);
    await expectOneH1(page, t('clothing.title'));
    const section = page.locator('#category-2');
    await expect(section.getByRole('listitem').first()).toBeVisible();
    await expect.poll(async () => Math.round((await section.boundingBox())!.y), { timeout: 5_000 }).toBe(80);
    await expect(page).toHaveTitle(`${t('clothing.title')} · Atelier Noir`);
    await expectAccessible(page);
    await screenshots(page, `storefront-${lang}-clothing`);

    // A product of that category.
    await section.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/product\/\d+$/);
    const name = page.getByRole('heading', { level: 1 });
    await expect(name).toBeVisible();

    // Logged out: the login message comes before any size or colour check.
    await page.getByRole('button', { name: t('product.addToCart') }).click();
    await expect(page.getByText(t('product.loginForCart'))).toBeVisible();
    await page.getByRole('button', { name: t('product.wishlist') }).click();
    await expect(page.getByText(t('product.loginForWishlist'))).toBeVisible();

    const colors = page.getByRole('group', { name: new RegExp(t('product.color')) }).getByRole('button');
    await colors.last().click();
    await expect(colors.last()).toHaveAttribute('aria-pressed', 'true');
    const sizes = page.getByRole('group', { name: new RegExp(t('product.size')) }).getByRole('button');
    await sizes.first().click();
    await expect(sizes.first()).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: t('carousel.next') }).click();
    await expect(page.getByText('2 / 2')).toBeVisible();

    // The stepper stops at min(99, what is left, the shop's units limit, 99 by default: issue 45);
    // no size of the demo holds 99, so the owner puts 150 of the chosen one on the shelf, and the
    // page shows it after a reload.
    const productId = Number(/\/product\/(\d+)$/.exec(page.url())?.[1]);
    const product = (await (await page.request.get(`/api/products/${productId}`)).json()) as StockedProduct;
    const colorName = (await colors.last().textContent())?.trim();
    const size = (await sizes.first().textContent())?.trim() ?? '';
    const color = product.colors.find((c) => colorNameIn(c, lang) === colorName) ?? product.colors.at(-1)!;
    const admin = await adminToken(page.request, shop.admin);
    await setOnHand(page.request, admin, { productId, colorId: color.id, size, onHand: 150 });
    await page.reload();
    await colors.last().click();
    await sizes.first().click();
    await expect(sizes.first()).toHaveAttribute('aria-pressed', 'true');

    const quantity = page.getByRole('textbox', { name: t('quantity.label') });
    await expect(page.getByRole('button', { name: t('quantity.decrease') })).toBeDisabled();
    await quantity.fill('150');
    await expect(quantity).toHaveValue('99');
    await expect(page.getByText(t('quantity.maxReached'))).toBeVisible();
    await expect(page.getByRole('link', { name: t('quantity.bulkContact') })).toHaveAttribute('href', '/contact-us');
    await expect(page.getByRole('button', { name: t('quantity.increase') })).toBeDisabled();
    await quantity.fill('7a');
    await expect(quantity).toHaveValue('7');
    await expectAccessible(page);
    await screenshots(page, `storefront-${lang}-product`);

    // The information pages.
    for (const info of INFO_PAGES) {
      await page.goto(info.path);
      await expectOneH1(page, t(info.title));
      await expect(page).toHaveTitle(`${t(info.title)} · Atelier Noir`);
      if (info.path === '/terms') {
        await expect(page.getByText(t('terms.sections.orders.body').split('\n')[0]!)).toBeVisible();
        await expect(page.getByRole('heading', { name: t('terms.sections.withdrawal.title') })).toBeVisible();
      }
      if (info.path === '/faqs') {
        const question = page.getByText(t('faqs.items.returns.q'));
        await question.click();
        await expect(page.getByText(t('faqs.items.returns.a').replace('{{returnDays}}', '14'))).toBeVisible();
      }
      await expectAccessible(page);
      await screenshots(page, `storefront-${lang}${info.path.replace('/', '-')}`);
    }

    // An unknown address: the bare not-found page, with status 404 (so too an unknown product).
    expect((await page.goto('/this/does/not/exist'))?.status()).toBe(404);
    expect((await page.request.get('/product/987654'))?.status()).toBe(404);
    expect((await page.request.get('/clothing'))?.status()).toBe(200);
    await expectOneH1(page, t('notFound.title'));
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('complementary', { name: t('banner.label') })).toHaveCount(0);
    await expectAccessible(page);
    await screenshots(page, `storefront-${lang}-not-found`);
    await page.getByRole('link', { name: t('notFound.backHome') }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test('the language flags switch the whole page and remember the choice', async ({ page }) => {
  const bg = locale('bg');
  await page.goto('/clothing');
  await page.getByRole('button', { name: 'Български' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bg');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(bg, 'clothing.title'));
  await expect(page.getByRole('heading', { name: text(bg, 'categories.1.name') })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(bg, 'clothing.title'));
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('bg');
});

test('a new page starts at the top and going back restores the position left', async ({ page }) => {
  await page.goto('/clothing');
  const link = page.locator('#category-3').getByRole('link').first();
  await link.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300); // positions are saved on the next animation frame
  const left = await page.evaluate(() => Math.round(window.scrollY));
  expect(left).toBeGreaterThan(800);
  await link.click();
  await expect(page).toHaveURL(/\/product\//);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(left);
});

test('going back to a product page restores a position below its reviews, which wait offscreen until then', async ({
  page,
}) => {
  // The demo's first product has reviews; until they near the screen their list stands in with an
  // estimated height (decision 0048), so the position restored must be one of the real page.
  await page.goto('/product/1');
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
  const heading = page.getByRole('heading', { name: 'Reviews', level: 2 });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(300); // positions are saved on the next animation frame
  const left = await page.evaluate(() => Math.round(window.scrollY));
  const headingTop = Math.round((await heading.boundingBox())!.y);
  // A click without Playwright's own scrolling: the fixed "up" button covers the link at the
  // page's end, and scrolling it clear would move the position saved for the page.
  await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).dispatchEvent('click');
  await expect(page).toHaveURL(/\/about-us$/);
  await page.goBack();
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(left);
  // Where the page-in animation ends: the same reviews at the same place on the screen.
  await expect.poll(async () => Math.round((await heading.boundingBox())!.y)).toBe(headingTop);
});
