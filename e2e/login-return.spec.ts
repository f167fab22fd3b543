import { colorNameIn } from '@shop/contract';
import { expect, screenshot, screenshots, test, toast } from './fixtures.js';
import { uniqueEmail, verificationCode } from './support/accounts.js';
import { translator } from './support/i18n.js';
import { variantsInStock, type StockedProduct } from './support/stock.js';

/**
 * After "please log in" the shopper is not lost (issue 28, item 6), in English (one language per journey, decision 0049): a
 * logged-out shopper asks for two of a size and colour, follows the toast's link to log in,
 * signs up instead and enters the code from the mail, and lands back on the product with the
 * line in the cart, once (a reload adds nothing). Logged out again, the same through login on
 * another product.
 */

test.describe('back from logging in (en)', () => {
  test.use({ lang: 'en' });

  test('sign-up with its code, then login, each return to the product and do the add asked for', async ({
    page,
    request,
    shop,
    lang,
  }) => {
    const t = translator(lang);
    const tn = (key: string, count: number) => t(`${key}_${count === 1 ? 'one' : 'other'}`, { count });
    const cartBadge = (count: number) => page.getByRole('link', { name: tn('nav.cart', count), exact: true });
    const products = (await (await request.get(`/api/products?lang=${lang}`)).json()) as StockedProduct[];
    const [first, second] = products.filter((product) => variantsInStock(product, 3).length > 0);
    if (!first || !second) throw new Error('the demo catalogue needs two products with 3 of a variant in stock');

    async function askToAdd(product: StockedProduct, quantity: number) {
      const pick = variantsInStock(product, 3)[0]!;
      await page.goto(`/product/${product.id}`);
      await page.getByRole('button', { name: colorNameIn(pick.color, lang), exact: true }).click();
      await page.getByRole('button', { name: pick.size, exact: true }).click();
      for (let more = 1; more < quantity; more += 1) {
        await page.getByRole('button', { name: t('quantity.increase') }).click();
      }
      await page.getByRole('button', { name: t('product.addToCart') }).click();
      await expect(toast(page, t('cart.loginRequired'))).toBeVisible();
      const link = page.locator('.Toastify').getByRole('link', { name: t('cart.loginLink'), exact: true });
      await link.hover(); // keeps the toast open
      return link;
    }

    // Logged out: the toast links to the login page, which knows where to come back.
    const link = await askToAdd(first, 2);
    await screenshot(page, `login-return-toast-${lang}-desktop`);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fproduct%2F${first.id}$`));

    // Sign up instead, with the code from the mail.
    const email = uniqueEmail(`return-${lang}`);
    await page.getByRole('link', { name: t('auth.login.signUpLink'), exact: true }).click();
    await expect(page).toHaveURL(/\/signup\?next=/);
    await page.getByLabel(t('auth.fields.fullName'), { exact: true }).fill('Mila Petrova');
    await page.getByLabel(t('auth.fields.email'), { exact: true }).fill(email);
    await page.getByLabel(t('auth.fields.password'), { exact: true }).fill('velvet-shadow-42');
    await page.getByLabel(t('auth.fields.confirmPassword'), { exact: true }).fill('velvet-shadow-42');
    await page.getByRole('button', { name: t('auth.signup.submit'), exact: true }).click();
    await expect(page).toHaveURL(/\/verify-otp$/);
    await page.getByLabel(t('auth.fields.code'), { exact: true }).fill(await verificationCode(shop.outboxDir, email));
    await page.getByRole('button', { name: t('auth.otp.submit'), exact: true }).click();
    await expect(page.getByText(t('auth.otp.redirectingBack'))).toBeVisible();

    // Back on the product, the two asked for in the cart.
    await expect(page).toHaveURL(new RegExp(`/product/${first.id}$`), { timeout: 10_000 });
    await expect(toast(page, t('cart.added'))).toBeVisible();
    await expect(cartBadge(2)).toBeVisible();
    await screenshots(page, `login-return-back-${lang}`);
    // Once: a reload adds nothing more.
    await page.reload();
    await expect(cartBadge(2)).toBeVisible();

    // Logged out again: the same through login, on another product.
    await page.evaluate(() => {
      localStorage.removeItem('token');
      window.dispatchEvent(new Event('shop:token'));
    });
    await (await askToAdd(second, 1)).click();
    await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fproduct%2F${second.id}$`));
    await screenshots(page, `login-return-login-${lang}`);
    await page.getByLabel(t('auth.fields.email'), { exact: true }).fill(email);
    await page.getByLabel(t('auth.fields.password'), { exact: true }).fill('velvet-shadow-42');
    await page.getByRole('button', { name: t('auth.login.submit'), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/product/${second.id}$`));
    await expect(cartBadge(3)).toBeVisible();
  });
});
