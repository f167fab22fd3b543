import { expect, screenshot, test } from './fixtures.js';
import { translator } from './support/i18n.js';

/** Search, filters and sorting (docs/decisions/0023): found by shoppers, kept in the address. */

interface Product {
  id: number;
  name: string;
}

const PHONE = { width: 390, height: 844 };

test.describe('search on a phone, in Bulgarian', () => {
  test.use({ lang: 'bg', viewport: PHONE });

  test('a Bulgarian word typed in the menu’s search field finds the piece, on a page of its own', async ({
    page,
    request,
  }) => {
    const t = translator('bg');
    const [product] = (await (await request.get('/api/products?lang=bg&limit=1')).json()) as Product[];
    if (!product) throw new Error('the demo catalogue is empty');
    // The first word of the Bulgarian name, typed in capitals: case does not matter.
    const word = product.name.split(/\s+/)[0]!.toLocaleUpperCase('bg');

    await page.goto('/');
    await page.getByRole('button', { name: t('nav.openMenu') }).click();
    const field = page.getByRole('searchbox', { name: t('nav.searchLabel') });
    await field.fill(word);
    await field.press('Enter');

    await expect(page).toHaveURL(new RegExp(`/search\\?q=${encodeURIComponent(word)}$`));
    await expect(page.getByRole('heading', { level: 1, name: t('search.title') })).toBeVisible();
    await expect(page.locator(`a[href="/product/${product.id}"]`).first()).toBeVisible();
    await screenshot(page, 'search-phone-bg');

    // A search that finds nothing says so.
    const again = page.getByRole('main').getByRole('searchbox', { name: t('nav.searchLabel') });
    await again.fill('zzzz-nothing');
    await again.press('Enter');
    await expect(page.getByText(t('search.empty', { q: 'zzzz-nothing' }))).toBeVisible();
  });
});

test.describe('filters and sorting on the clothing page', () => {
  test('a size and an order go into the address, survive a reload, and back undoes them', async ({ page, request }) => {
    const t = translator('en');
    await page.goto('/clothing');
    await page.getByRole('button', { name: 'M', exact: true }).click();
    await expect(page).toHaveURL(/\/clothing\?size=M$/);
    await page.getByLabel(t('search.filters.sort')).selectOption('price_asc');
    await expect(page).toHaveURL(/\/clothing\?size=M&sort=price_asc$/);

    // The first section lists what the api finds for the same filter, in the same order.
    const expected = (
      (await (await request.get('/api/products?categoryId=1&size=M&sort=price_asc')).json()) as Product[]
    ).map((product) => `/product/${product.id}`);
    const shown = () =>
      page
        .locator('#category-1 li a[href^="/product/"]')
        .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute('href')))]);
    await expect.poll(shown).toEqual(expected);
    await screenshot(page, 'clothing-filtered');

    await page.reload();
    await expect(page.getByRole('button', { name: 'M', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByLabel(t('search.filters.sort'))).toHaveValue('price_asc');
    await expect.poll(shown).toEqual(expected);

    await page.goBack();
    await expect(page).toHaveURL(/\/clothing\?size=M$/);
    await expect(page.getByLabel(t('search.filters.sort'))).toHaveValue('');
  });
});
