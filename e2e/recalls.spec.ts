import { expect, expectAccessible, screenshots, test } from './fixtures.js';
import { translator } from './support/i18n.js';
import { adminToken } from './support/stock.js';

/**
 * A product safety recall (YEAR.md section 6, decision 0059): the owner writes it in the product
 * editor in both languages for one colour and size; the notice is at /recalls (linked from the
 * footer), on its own page, and on the product's page. In English (one language per journey).
 */

interface ListedProduct {
  id: number;
  name: string;
  colors: { id: number; colorName: string }[];
  sizes: { size: string }[];
}

test('the owner recalls a colour and size from the editor; /recalls and the product page show the notice', async ({
  page,
  request,
  shop,
}) => {
  const t = translator('en');
  const products = (await (await request.get('/api/products?lang=en')).json()) as ListedProduct[];
  const product = products.at(-1)!;
  const [color] = product.colors;
  const size = product.sizes[0]!.size;
  const title = `Drawcord recall ${Date.now()}`;

  await page.goto('/');
  const token = await adminToken(request, shop.admin);
  await page.evaluate((value) => {
    localStorage.setItem('token', value);
    window.dispatchEvent(new Event('shop:token'));
  }, token);
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: t('admin.edit.button') }).click();
  const panel = page.getByRole('region', { name: t('admin.recall.title'), exact: true });
  await panel.getByLabel(t('admin.recall.fields.titleEn')).fill(title);
  await panel.getByLabel(t('admin.recall.fields.titleBg')).fill('Изземване заради шнура');
  await panel.getByLabel(t('admin.recall.fields.hazardEn')).fill('The drawcord can catch and strangle a child.');
  await panel.getByLabel(t('admin.recall.fields.hazardBg')).fill('Шнурът може да се закачи и да задуши дете.');
  await panel.getByLabel(t('admin.recall.fields.remedyEn')).fill('Return it to us for a full refund.');
  await panel.getByLabel(t('admin.recall.fields.remedyBg')).fill('Върнете го и ще ви възстановим цялата сума.');
  await panel.getByRole('checkbox', { name: `${color!.colorName} ${size}` }).check();
  await panel.getByRole('button', { name: t('admin.recall.publish') }).click();
  await panel.getByRole('link', { name: t('admin.recall.open') }).waitFor();

  // A shopper: the footer links the recalls; the list, the notice, and the product's page.
  await page.evaluate(() => {
    localStorage.removeItem('token');
    window.dispatchEvent(new Event('shop:token'));
  });
  await page.goto('/');
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: t('footer.recalls'), exact: true })
    .click();
  await expect(page).toHaveURL(/\/recalls$/);
  await expect(page.getByRole('heading', { level: 1, name: t('recalls.title') })).toBeVisible();
  await screenshots(page, 'recalls-en');
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('The drawcord can catch and strangle a child.')).toBeVisible();
  await expect(page.getByText(t('recall.variants', { list: `${color!.colorName} ${size}` }))).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'recall-en');

  await page.goto(`/product/${product.id}`);
  const alert = page.getByRole('complementary', { name: t('recall.heading') });
  await expect(alert).toContainText(title);
});
