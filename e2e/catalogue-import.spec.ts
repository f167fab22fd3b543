import { expect, expectAccessible, screenshots, test, toast } from './fixtures.js';
import { bearer, logIn, useToken } from './support/accounts.js';
import { translator } from './support/i18n.js';

// A first budget (decision 0049): about twice what the journey took on a loaded machine.
test.use({ budget: 40_000 });

/**
 * The catalogue's import screen (issue 52, decision 0058), in English: a small CSV in this shop's
 * format uploaded, the dry run's table, applied (the product exists, as a draft), undone (it is
 * gone again, so the journey leaves the catalogue as it found it).
 */
const t = translator('en');

test('an admin uploads a small CSV, reads the dry run, applies it and undoes it', async ({ page, request, shop }) => {
  const token = await logIn(request, shop.admin.email, shop.admin.password);
  await page.goto('/');
  await useToken(page, token);
  await page.getByRole('link', { name: t('admin.nav.import') }).click();
  await expect(page).toHaveURL(/\/admin\/import$/);

  const code = `E2E-IMP-${Date.now().toString(36).toUpperCase()}`;
  const csv = [
    'style_code,name_en,name_bg,category,price,color_en,color_bg,size,stock',
    `${code},Journey Coat,Палто за път,elegance,120.00,Onyx,Оникс,M,3`,
    `${code},Journey Coat,Палто за път,elegance,120.00,Onyx,Оникс,L,2`,
  ].join('\r\n');
  await page
    .getByLabel(t('adminImport.form.file'))
    .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: t('adminImport.form.check') }).click();

  const changes = page.getByRole('table', { name: t('adminImport.result.changes') });
  await expect(changes.getByRole('row', { name: new RegExp(`${code}.*Journey Coat`) })).toContainText(
    t('adminImport.change.create'),
  );
  await expect(page.getByTestId('import-counts')).toHaveText(
    t('adminImport.result.counts', { count: 2, create: 1, update: 0, unchanged: 0 }),
  );
  await expectAccessible(page);
  await screenshots(page, 'catalogue-import-dry-run-en');

  await page.getByRole('button', { name: t('adminImport.result.apply') }).click();
  await expect(toast(page, t('adminImport.result.applied', { created: 1, updated: 0 }))).toBeVisible();
  const last = page.getByTestId('last-import');
  await expect(last).toContainText('1 created, 0 updated');
  // Who applied it, beside when and what (the audit log's row).
  await expect(page.getByTestId('last-import-by')).toContainText(shop.admin.email);
  await screenshots(page, 'catalogue-import-last-en');
  const exported = await request.get('/api/admin/products/export.csv', { headers: bearer(token) });
  expect(await exported.text()).toContain(code);

  // After a reload the last import is still offered for undo (GET …/import/last).
  await page.reload();
  await page.getByRole('button', { name: t('adminImport.last.undo') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t('adminImport.last.undo') })
    .click();
  await expect(toast(page, t('adminImport.last.undone', { count: 1 }))).toBeVisible();
  await expect(page.getByRole('button', { name: t('adminImport.last.undo') })).toHaveCount(0);
  const after = await request.get('/api/admin/products/export.csv', { headers: bearer(token) });
  expect(await after.text()).not.toContain(code);
});
