import type { Locator, Page } from '@playwright/test';
import { TIMINGS } from '@shop/contract';
import { expect, screenshots, test, toast } from './fixtures.js';
import { signUpAndLogIn, uniqueEmail } from './support/accounts.js';
import { translator } from './support/i18n.js';
import { adminToken, setOnHand, variantsInStock, type StockedProduct } from './support/stock.js';

/**
 * The frame around every page as a new shopper meets it (issue 19): the notice banner in its own
 * place under the header's layers (the phone menu opens over it and takes the tap; nothing to tap
 * lies under it; toasts come below it; closed, it stays closed), the cart preview that leaves
 * with the page it was opened on, the wishlist heart that asks for a size first, and cart lines
 * that stay aligned at 99. The phone's frame is met in Bulgarian, the desktop's in English (one
 * language per journey, decision 0049).
 */

interface Product {
  id: number;
  colors: { id: number; colorName: string }[];
  sizes: { size: string }[];
}

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

const banner = (page: Page, label: string) => page.getByRole('complementary', { name: label });
/** The banner's box once its drop-in animation (on pages the browser renders) is over. */
async function settledBox(page: Page, label: string) {
  const element = banner(page, label);
  await element.evaluate((node) => Promise.all(node.getAnimations().map((animation) => animation.finished)));
  return (await element.boundingBox())!;
}

/** What is hit at the middle of `target` is `target` itself (or inside it): nothing lies over it. */
async function expectOnTop(target: Locator) {
  const hit = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top === element || element.contains(top);
  });
  expect(hit).toBe(true);
}

/** No link, button or field of the page lies under the banner. */
async function expectNothingToTapUnder(page: Page, bannerBox: { x: number; y: number; width: number; height: number }) {
  const covered = await page.evaluate((box) => {
    const overlaps = (r: DOMRect) =>
      r.width > 0 &&
      r.height > 0 &&
      r.left < box.x + box.width &&
      r.right > box.x &&
      r.top < box.y + box.height &&
      r.bottom > box.y;
    return Array.from(document.querySelectorAll('main a, main button, main input, main select, main textarea'))
      .filter((element) => overlaps(element.getBoundingClientRect()))
      .map((element) => element.outerHTML.slice(0, 80));
  }, bannerBox);
  expect(covered).toEqual([]);
}

test.describe('on a phone (bg)', () => {
  test.use({ lang: 'bg', viewport: PHONE });

  test('the open menu is above the banner and takes the tap; the banner covers nothing; closed it stays closed', async ({
    page,
    lang,
  }) => {
    const t = translator(lang);
    for (const path of ['/', '/clothing', '/product/1', '/login', '/checkout']) {
      await page.goto(path);
      const box = await settledBox(page, t('banner.label'));
      expect(Math.round(box.y), path).toBe(120);
      await expectNothingToTapUnder(page, box);
    }

    await page.goto('/');
    await page.getByRole('button', { name: t('nav.openMenu') }).click();
    const menu = page.getByRole('navigation', { name: t('nav.main') });
    for (const key of ['nav.home', 'nav.clothing']) await expectOnTop(menu.getByRole('link', { name: t(key) }));
    await screenshots(page, `frame-${lang}-menu-over-banner`);
    await menu.getByRole('link', { name: t('nav.clothing') }).click();
    await expect(page).toHaveURL(/\/clothing$/);

    // Scrolled, the banner goes with the top of the page: the size buttons are never under it.
    await page.goto('/product/1');
    await page.getByRole('button', { name: 'M', exact: true }).scrollIntoViewIfNeeded();
    await expectOnTop(page.getByRole('button', { name: 'M', exact: true }));

    // Toasts come below the banner while it is on their line, readable.
    await page.goto('/login');
    await page.getByRole('button', { name: t('auth.login.forgotPassword') }).click();
    const message = toast(page, t('auth.reset.emailFirst'));
    await expect(message).toBeVisible();
    const bannerBox = await settledBox(page, t('banner.label'));
    expect(Math.round(bannerBox.y)).toBe(120);
    await expect.poll(async () => (await message.boundingBox())!.y).toBeGreaterThan(bannerBox.y + bannerBox.height);
    await screenshots(page, `frame-${lang}-toast-below-banner`);

    // Closed, it stays closed: on the next page, and on a reload (rendered by the server without it).
    await banner(page, t('banner.label'))
      .getByRole('button', { name: t('banner.close') })
      .click();
    await expect(banner(page, t('banner.label'))).toHaveCount(0);
    await page.goto('/clothing');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page, t('banner.label'))).toHaveCount(0);
    const html = await (await page.request.get('/clothing')).text();
    expect(html).not.toContain(t('banner.text', { returnDays: 14 }));
    const errors: string[] = [];
    page.on('console', (entry) => entry.type() === 'error' && errors.push(entry.text()));
    await page.reload();
    await expect(banner(page, t('banner.label'))).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('the first screen shows products: a compact banner, the filters in a sheet, search in the header (issue 28, item 9)', async ({
    page,
    lang,
  }) => {
    const t = translator(lang);
    /** A product image whose top is within the first screen, unscrolled. */
    const productInFirstScreen = (selector: string) =>
      page.evaluate(
        ({ selector, height }) =>
          Array.from(document.querySelectorAll<HTMLImageElement>(selector)).some((image) => {
            const box = image.getBoundingClientRect();
            return box.width > 0 && box.top < height - 40;
          }),
        { selector, height: PHONE.height },
      );

    await page.goto('/');
    const box = await settledBox(page, t('banner.label'));
    expect(Math.round(box.y)).toBe(120);
    expect(box.height).toBeLessThan(90);
    await expect.poll(() => productInFirstScreen('main section[aria-labelledby="hero-title"] img')).toBe(true);
    await screenshots(page, `frame-${lang}-phone-home`);

    // Still draggable.
    await page.mouse.move(box.x + 12, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 12, box.y + box.height / 2 + 200, { steps: 4 });
    await page.mouse.up();
    await expect.poll(async () => Math.round((await banner(page, t('banner.label')).boundingBox())!.y)).toBe(320);

    await page.goto('/clothing');
    await expect.poll(() => productInFirstScreen('main article img, main li img')).toBe(true);
    await expect(page.getByRole('combobox', { name: t('search.filters.color') })).toBeHidden();
    const opener = page.getByRole('button', { name: t('search.filters.open') });
    await opener.click();
    const sheet = page.getByRole('dialog', { name: t('search.filters.title') });
    await expect(sheet).toBeVisible();
    await sheet.getByRole('button', { name: 'M', exact: true }).click();
    await expect(page).toHaveURL(/size=M/);
    await screenshots(page, `frame-${lang}-phone-filters`);
    await sheet
      .getByRole('button', { name: new RegExp(t('search.filters.apply_other', { count: 0 }).replace(/\d+/, '\\d+')) })
      .click();
    await expect(sheet).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(opener).toContainText('1');
    await opener.click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Search from the header, without opening the menu.
    await page
      .getByRole('banner')
      .getByRole('button', { name: t('nav.searchOpen') })
      .click();
    await page.getByRole('searchbox').fill('hoodie');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=hoodie/);
  });

  test('a cart line stops at 99, or at the owner’s lower units limit, and says so (issue 45 item 3)', async ({
    page,
    shop,
    baseURL,
    lang,
  }) => {
    const t = translator(lang);
    const shopper = await signUpAndLogIn(page, baseURL!, shop.outboxDir, {
      name: 'Мила Петрова',
      email: uniqueEmail('cap'),
      password: 'a quiet walk by the river',
    });
    const product = ((await (await page.request.get('/api/products')).json()) as StockedProduct[])[0]!;
    const variant = { colorId: product.colors[0]!.id, size: product.sizes[0]!.size };
    const admin = await adminToken(page.request, shop.admin);
    // More on the shelf than a line may hold, so the limits are what stop the stepper.
    await setOnHand(page.request, admin, { productId: product.id, ...variant, onHand: 150 });
    const auth = { authorization: `Bearer ${shopper.token}` };
    const added = await page.request.post('/api/cart', {
      headers: auth,
      data: { productId: product.id, selectedColor: variant.colorId, selectedSize: variant.size, quantity: 1 },
    });
    expect(added.status(), await added.text()).toBe(201);
    const unitsLimit = (maxUnitsPerVariant: number) =>
      page.request.put('/api/admin/settings', {
        headers: { authorization: `Bearer ${admin}` },
        data: { limits: { maxUnitsPerVariant } },
      });
    const lineQuantity = async () =>
      ((await (await page.request.get('/api/cart', { headers: auth })).json()) as { quantity: number }[])[0]!.quantity;
    const quantity = page.getByRole('textbox', { name: t('quantity.label') });
    const plus = page.getByRole('button', { name: t('quantity.increase') });
    const maxReached = page.getByText(t('quantity.maxReached'));
    try {
      // The owner allows 3 of one colour and size: the stepper holds there, in the spec's words.
      expect((await unitsLimit(3)).ok()).toBe(true);
      await page.goto('/cart');
      await quantity.fill('10');
      await expect(quantity).toHaveValue('3');
      await expect(maxReached).toBeVisible();
      await expect(plus).toBeDisabled();
      await expect.poll(lineQuantity).toBe(3);
    } finally {
      // The default, 99 (issue 45), which the journeys after this one count on.
      expect((await unitsLimit(99)).ok()).toBe(true);
    }
    // At the default, 99 at most, however many are typed.
    await page.reload();
    await expect(quantity).toHaveValue('3');
    await expect(maxReached).toBeHidden();
    await quantity.fill('150');
    await expect(quantity).toHaveValue('99');
    await expect(maxReached).toBeVisible();
    await expect(plus).toBeDisabled();
    await expect.poll(lineQuantity).toBe(99);
    await expect(page.getByText(t('cart.itemCount', { count: 99 }))).toBeVisible();
    await screenshots(page, `frame-${lang}-cart-capped`);
  });
});

test.describe('a logged-in shopper on a desktop', () => {
  const t = translator('en');
  test.use({ viewport: DESKTOP });

  test('the cart preview opens on hover and on keyboard focus, and leaves with the page; lines at 99 stay aligned', async ({
    page,
    shop,
    baseURL,
  }) => {
    const shopper = await signUpAndLogIn(page, baseURL!, shop.outboxDir, {
      name: 'Vera Ivanova',
      email: uniqueEmail('frame'),
      password: 'a quiet walk by the river',
    });
    const products = (await (await page.request.get('/api/products')).json()) as StockedProduct[];
    const auth = { authorization: `Bearer ${shopper.token}` };
    // No size of the demo holds 99: the owner puts 99 of the first line on the shelf first.
    const [full, another] = [
      products[0]!,
      products.slice(1).find((product) => variantsInStock(product, 2).length > 0)!,
    ];
    const fullVariant = { color: full.colors[0]!, size: full.sizes[0]!.size };
    const admin = await adminToken(page.request, shop.admin);
    await setOnHand(page.request, admin, {
      productId: full.id,
      colorId: fullVariant.color.id,
      size: fullVariant.size,
      onHand: 99,
    });
    // A line may hold 99 while the owner allows as many of one colour and size (the default).
    const unitsLimit = (maxUnitsPerVariant: number) =>
      page.request.put('/api/admin/settings', {
        headers: { authorization: `Bearer ${admin}` },
        data: { limits: { maxUnitsPerVariant } },
      });
    expect((await unitsLimit(99)).ok()).toBe(true);
    for (const [product, variant, quantity] of [
      [full, fullVariant, 99],
      [another, variantsInStock(another, 2)[0]!, 2],
    ] as const) {
      const added = await page.request.post('/api/cart', {
        headers: auth,
        data: { productId: product.id, selectedColor: variant.color.id, selectedSize: variant.size, quantity },
      });
      expect(added.status(), await added.text()).toBe(201);
    }

    await page.goto('/clothing');
    const cartIcon = page.getByRole('link', { name: t('nav.cart_other', { count: 101 }) });
    const preview = page.getByText(t('cartSummary.title'), { exact: true });
    await expect(preview).toBeHidden();
    await cartIcon.hover();
    await expect(preview).toBeVisible();
    const viewCart = page.getByRole('link', { name: t('cartSummary.viewCart') });
    await viewCart.click();
    await expect(page).toHaveURL(/\/cart$/);
    // The mouse is still where View Cart was: the preview is gone all the same.
    await expect(preview).toBeHidden();

    // Leaving with the mouse closes it after a short grace period; keyboard focus opens it.
    await page.goto('/clothing');
    await cartIcon.hover();
    await expect(preview).toBeVisible();
    await page.mouse.move(200, 600);
    await expect(preview).toBeHidden();
    await page.getByRole('link', { name: /^Wishlist/ }).focus();
    await page.keyboard.press('Tab');
    await expect(cartIcon).toBeFocused();
    await expect(preview).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();

    // A line at 99 says so, and its stepper stays where the other line has its own.
    await page.goto('/cart');
    await expect(page.getByText(t('quantity.maxReached'))).toBeVisible();
    const steppers = page.getByRole('textbox', { name: t('quantity.label') });
    await expect(steppers).toHaveCount(2);
    const [first, second] = [(await steppers.nth(0).boundingBox())!, (await steppers.nth(1).boundingBox())!];
    expect(Math.abs(first.x - second.x)).toBeLessThan(1);
    await screenshots(page, 'frame-cart-at-99');
    // Back to the default (99 since issue 45): the storefront journey after this one counts on it.
    expect((await unitsLimit(99)).ok()).toBe(true);
  });

  test('the wishlist heart asks for a size and a colour first, and saves only what was chosen', async ({
    page,
    shop,
    baseURL,
  }) => {
    const shopper = await signUpAndLogIn(page, baseURL!, shop.outboxDir, {
      name: 'Petar Georgiev',
      email: uniqueEmail('heart'),
      password: 'a quiet walk by the river',
    });
    const product = ((await (await page.request.get('/api/products')).json()) as Product[])[0]!;
    const wishlist = async () =>
      (await (
        await page.request.get('/api/wishlist', { headers: { authorization: `Bearer ${shopper.token}` } })
      ).json()) as { selectedSize: string; colorId: number }[];

    await page.goto(`/product/${product.id}`);
    const heart = page.getByRole('button', { name: t('product.wishlist') });
    await heart.click();
    await expect(toast(page, t('product.selectForWishlist'))).toBeVisible();
    expect(await wishlist()).toEqual([]);

    const color = product.colors.at(-1)!;
    const size = product.sizes.at(-1)!.size;
    await page.getByRole('button', { name: color.colorName }).click();
    await page.getByRole('button', { name: size, exact: true }).click();
    await heart.click();
    await expect(toast(page, t('wishlist.added'))).toBeVisible();
    await expect.poll(wishlist).toEqual([expect.objectContaining({ selectedSize: size, colorId: color.id })]);
  });
});

test.describe('a shopper who asks for reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('still has the toast’s 2.5 s to read it: motion stops, the countdown does not', async ({ page }) => {
    const t = translator('en');
    await page.goto('/product/1');
    await page.getByRole('button', { name: t('product.addToCart') }).click();
    const shown = toast(page, t('cart.loginRequired'));
    await expect(shown).toBeVisible();
    // toastify closes a toast when its (hidden) progress bar's animation ends.
    const countdown = await page
      .locator('.Toastify__progress-bar')
      .first()
      .evaluate((bar) => getComputedStyle(bar).animationDuration);
    expect(countdown).toBe(`${TIMINGS.toastAutoClose / 1000}s`);
    await expect(shown).toBeVisible();
  });
});
