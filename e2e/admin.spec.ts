import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync, crc32 } from 'node:zlib';
import type { APIRequestContext, Dialog, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, screenshots, test, toast, waitForMail } from './fixtures.js';

// Twice the 42.3 s the longest journey here took (decision 0049).
test.use({ budget: 90_000 });

/**
 * The admin journey, as the seeded root admin: the guard (and the way back after logging in); a
 * product created with two colours and real images; it is in the shop in both languages; an
 * edit (price, a colour added, an image replaced, a colour removed); a shopper promoted to ADMIN
 * sees the admin icons; the product deleted from the clothing page.
 */

type Lang = 'en' | 'bg';
type Messages = Record<string, unknown>;
const locales: Record<Lang, Messages> = {
  en: JSON.parse(readFileSync(join(import.meta.dirname, '../web/src/locales/en.json'), 'utf8')) as Messages,
  bg: JSON.parse(readFileSync(join(import.meta.dirname, '../web/src/locales/bg.json'), 'utf8')) as Messages,
};

/** The app's own strings, `{{vars}}` filled in. */
function translator(lang: Lang) {
  return (key: string, vars: Record<string, string | number> = {}) => {
    let node: unknown = locales[lang];
    for (const part of key.split('.')) node = (node as Messages | undefined)?.[part];
    if (typeof node !== 'string') throw new Error(`no ${lang} text for ${key}`);
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
  };
}
const t = translator('en');
const tBg = translator('bg');

/** A real PNG (4:5, one colour with a lighter band), encoded here so the journey needs no image library. */
function png(rgb: [number, number, number], width = 80, height = 100): Buffer {
  const row = (y: number) => {
    const band = y > height * 0.4 && y < height * 0.6;
    const pixel = band ? rgb.map((c) => Math.min(255, c + 90)) : rgb;
    return Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => pixel).flat())]);
  };
  const raw = Buffer.concat(Array.from({ length: height }, (_, y) => row(y)));
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const image = (name: string, rgb: [number, number, number]) => ({
  name: `${name}.png`,
  mimeType: 'image/png',
  buffer: png(rgb),
});

/** A verified shopper, made through the API: sign up, the mailed code, verify. */
async function createShopper(request: APIRequestContext, outboxDir: string, name: string) {
  const email = `admin-e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  expect(
    (await request.post('/api/auth/signup', { data: { name, email, password: 'velvet-shadow-42' } })).status(),
  ).toBe(201);
  const otp = /\b(\d{6})\b/.exec((await waitForMail(outboxDir, email)).text)?.[1];
  const verified = await request.post('/api/auth/verify-otp', { data: { email, otp } });
  expect(verified.ok()).toBe(true);
  return { email, name, token: ((await verified.json()) as { token: string }).token };
}

async function signIn(page: Page, token: string) {
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await page.reload();
}

const colorRow = (scope: Page | Locator, n: number) =>
  scope
    .getByRole('listitem')
    .filter({ has: scope.getByRole('heading', { name: t('admin.form.colorRow', { n }), exact: true }) });

test('an admin runs the catalogue and the users from the browser', async ({ page, request, shop, browser }) => {
  const stamp = Date.now().toString(36);
  const en = { name: `Graphite Track Jacket ${stamp}`, description: 'Brushed jersey, cut roomy, zipped to the chin.' };
  const bg = { name: `Яке Графит ${stamp}`, description: 'Четкано трико, свободна кройка, цип до брадичката.' };

  // The guard: shoppers are sent home; anonymous visitors to log in, and back after it.
  const shopper = await createShopper(request, shop.outboxDir, `Nia Ivanova ${stamp}`);
  await page.goto('/');
  await signIn(page, shopper.token);
  await page.goto('/admin/create-a-product');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: t('admin.nav.manageProducts') })).toHaveCount(0);
  await page.evaluate(() => localStorage.removeItem('token'));

  await page.goto('/admin/create-a-product');
  // Sent to log in, with the page to come back to (issue 28, item 13).
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fcreate-a-product$/);
  await page.getByLabel(t('auth.fields.email'), { exact: true }).fill(shop.admin.email);
  await page.getByLabel(t('auth.fields.password'), { exact: true }).fill(shop.admin.password);
  await page.getByRole('button', { name: t('auth.login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/create-a-product$/);
  await expect(page.getByRole('heading', { level: 1, name: t('admin.create.title') })).toBeVisible();

  // The root admin sees the three icons.
  await expect(page.getByRole('link', { name: t('admin.nav.manageProducts') })).toHaveAttribute(
    'href',
    '/admin/dashboard',
  );
  await expect(page.getByRole('link', { name: t('admin.nav.createProduct') })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: t('admin.nav.adminDashboard') })).toHaveAttribute('href', '/clothing');

  // Nothing filled in: the spec's overall message and each field's own.
  const publish = page.getByRole('button', { name: t('admin.create.submit') });
  await publish.click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(t('admin.form.errors.required'));
  await expect(page.getByText(t('admin.form.errors.enName'))).toBeVisible();
  await expect(page.getByText(t('admin.form.errors.price'))).toBeVisible();
  await expect(page.getByText(t('admin.form.errors.image'), { exact: true })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'admin-create-errors');

  // The form, in both languages, with two colours and real images.
  const english = page.getByRole('group', { name: t('admin.form.language.en') });
  const bulgarian = page.getByRole('group', { name: t('admin.form.language.bg') });
  await english.getByLabel(t('admin.form.name')).fill(en.name);
  await english.getByLabel(t('admin.form.description')).fill(en.description);
  await bulgarian.getByLabel(t('admin.form.name')).fill(bg.name);
  await bulgarian.getByLabel(t('admin.form.description')).fill(bg.description);
  await expect(page.getByLabel(/^Price \([A-Z]{3}\)/)).toBeVisible();
  await page.getByLabel(t('admin.form.price')).fill('129.50');
  await page.getByLabel(t('admin.form.category')).selectOption('2');
  const xl = page.getByRole('checkbox', { name: 'XL' });
  await expect(xl).toBeChecked();
  await xl.uncheck();
  await expect(xl).not.toBeChecked();

  const first = colorRow(page, 1);
  await first.getByLabel(t('admin.form.colorName')).fill('Graphite');
  await first
    .locator('input[type=file]')
    .nth(0)
    .setInputFiles(image('graphite', [60, 60, 64]));
  await first
    .locator('input[type=file]')
    .nth(1)
    .setInputFiles(image('graphite-back', [40, 40, 44]));
  await page.getByRole('button', { name: t('admin.form.addColor') }).click();
  const second = colorRow(page, 2);
  await second.getByLabel(t('admin.form.colorName')).fill('Ink');
  await second
    .locator('input[type=file]')
    .nth(0)
    .setInputFiles(image('ink', [20, 24, 60]));
  await second
    .locator('input[type=file]')
    .nth(1)
    .setInputFiles(image('ink-back', [10, 12, 40]));
  await expect(
    second.getByRole('img', { name: t('admin.form.previewOf', { label: t('admin.form.hoverImage') }) }),
  ).toBeVisible();
  // Stock is tracked from the start (issue 28, item 8): the grid follows the colours and sizes.
  await expect(page.getByRole('switch', { name: t('adminStock.track') })).toBeChecked();
  await page.getByRole('textbox', { name: t('adminStock.onHandFor', { color: 'Graphite', size: 'M' }) }).fill('4');
  await expect(
    page.getByRole('textbox', { name: t('adminStock.onHandFor', { color: 'Ink', size: 'XL' }) }),
  ).toHaveCount(0);
  await screenshots(page, 'admin-create-filled');

  await publish.click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  const productId = Number(/\/product\/(\d+)$/.exec(page.url())?.[1]);
  await expect(toast(page, t('admin.create.published'))).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: en.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Graphite', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'XL', exact: true })).toHaveCount(0);

  // In the shop, in both languages.
  await page.goto('/clothing');
  const card = (name: string) => page.getByRole('link', { name: new RegExp(name) });
  await expect(card(en.name)).toBeVisible();
  await page.getByRole('button', { name: tBg('languages.bg') }).click();
  await expect(card(bg.name)).toBeVisible();
  await page.getByRole('button', { name: t('languages.en') }).click();
  await expect(card(en.name)).toBeVisible();

  // Edit Product: a new price, a new colour through the modal, a replaced image, a colour removed.
  await page.goto(`/product/${productId}`);
  await page.getByRole('button', { name: t('admin.edit.button') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('admin.edit.title', { name: en.name }) })).toBeVisible();
  await expect(page.getByRole('switch', { name: t('adminStock.track') })).toBeChecked();
  await expect(
    page.getByRole('textbox', { name: t('adminStock.onHandFor', { color: 'Graphite', size: 'M' }) }),
  ).toHaveValue('4');
  // A panel below the form is a form of its own: its edits are not lost to a stray click (issue 45).
  const editing = page.getByRole('heading', { level: 1, name: t('admin.edit.title', { name: en.name }) });
  await page.getByLabel(t('admin.sizeFit.modelHeight')).fill('178');
  const asked: string[] = [];
  const stay = (dialog: Dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  };
  page.on('dialog', stay);
  await page.getByRole('link', { name: t('admin.nav.manageProducts') }).click();
  await expect.poll(() => asked).toEqual([t('admin.unsaved.leave')]);
  await expect(editing).toBeVisible();
  page.off('dialog', stay);
  await expect(page.getByLabel(t('admin.sizeFit.modelHeight'))).toHaveValue('178');
  await page.getByLabel(t('admin.sizeFit.modelHeight')).fill('');
  // From its start: the Sale panel below the form has its own "Sale price".
  await page.getByRole('textbox', { name: new RegExp(`^${t('admin.form.price')}`) }).fill('99.90');
  const hoverBefore = await colorRow(page, 1).getByRole('img').nth(1).getAttribute('src');
  await colorRow(page, 1)
    .locator('input[type=file]')
    .nth(1)
    .setInputFiles(image('graphite-new-back', [90, 90, 96]));

  await page.getByRole('button', { name: t('admin.edit.addColor') }).click();
  const dialog = page.getByRole('dialog', { name: t('admin.edit.addColorTitle') });
  await dialog.getByRole('button', { name: t('admin.edit.addColorSubmit') }).click();
  await expect(dialog.getByText(t('admin.form.errors.colorName'))).toBeVisible();
  await dialog.getByLabel(t('admin.form.colorName')).fill('  Sand  ');
  await dialog
    .locator('input[type=file]')
    .nth(0)
    .setInputFiles(image('sand', [200, 180, 140]));
  await dialog
    .locator('input[type=file]')
    .nth(1)
    .setInputFiles(image('sand-back', [170, 150, 110]));
  await expectAccessible(page);
  await screenshots(page, 'admin-add-color');
  await dialog.getByRole('button', { name: t('admin.edit.addColorSubmit') }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, t('admin.edit.colorAdded', { name: 'Sand' }))).toBeVisible();
  await expect(colorRow(page, 3).getByLabel(t('admin.form.colorName'))).toHaveValue('Sand');

  await page.getByRole('button', { name: t('admin.edit.removeColor', { name: 'Ink' }) }).click();
  await expect(page.getByText(t('admin.edit.removedNote', { names: 'Ink' }))).toBeVisible();
  await screenshots(page, 'admin-edit');
  // Saved from the editor's bar down by the footer, the product shows from its top.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.getByRole('button', { name: t('admin.edit.save'), exact: true }).click();
  await expect(toast(page, t('admin.edit.saved'))).toBeVisible();
  await expect(page.getByRole('button', { name: t('admin.edit.button') })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByText('$99.90')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sand', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ink', exact: true })).toHaveCount(0);
  const saved = (await (await request.get(`/api/products/${productId}`)).json()) as {
    price: number;
    colors: { colorName: string; hoverImage: string }[];
  };
  expect(saved.price).toBe(99.9);
  expect(saved.colors.map((c) => c.colorName)).toEqual(['Graphite', 'Sand']);
  expect(saved.colors[0]!.hoverImage).toMatch(/^\/files\/[a-f0-9]{64}$/);
  expect(hoverBefore).not.toContain(saved.colors[0]!.hoverImage);
  // The server-rendered page, what a visitor's browser paints first, shows the change at once.
  expect(await (await request.get(`/product/${productId}`)).text()).toContain('$99.90');

  // The dashboard: the root admin's row is protected; the shopper becomes an ADMIN.
  await page.getByRole('link', { name: t('admin.nav.manageProducts') }).click();
  await expect(page.getByRole('heading', { name: t('admin.dashboard.usersTitle') })).toBeVisible();
  const rootRow = page.getByRole('row').filter({ hasText: shop.admin.email });
  await expect(rootRow.getByText(t('admin.users.roles.ROOT_ADMIN'), { exact: true })).toBeVisible();
  await expect(rootRow.getByRole('combobox')).toHaveCount(0);
  await expect(rootRow.getByRole('button')).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'admin-users');
  await page.getByRole('combobox', { name: t('admin.users.roleFor', { name: shopper.name }) }).selectOption('ADMIN');
  await expect(
    toast(page, t('admin.users.roleUpdated', { name: shopper.name, role: t('admin.users.roles.ADMIN') })),
  ).toBeVisible();

  // The products tab lists it with its edit and delete actions.
  await page.getByRole('tab', { name: t('admin.dashboard.products') }).click();
  await expect(page.getByRole('row').filter({ hasText: en.name })).toBeVisible();
  await screenshots(page, 'admin-products');

  // The promoted user, on their next request, sees the admin icons and the dashboard.
  const promoted = await browser.newContext({ baseURL: shop.baseURL });
  await promoted.addCookies([{ name: 'terms', value: 'accepted', url: shop.baseURL }]);
  await promoted.addInitScript((token) => {
    localStorage.setItem('acceptedTerms', 'true');
    localStorage.setItem('token', token);
  }, shopper.token);
  const promotedPage = await promoted.newPage();
  await promotedPage.goto('/');
  await expect(promotedPage.getByRole('link', { name: t('admin.nav.manageProducts') })).toBeVisible();
  await promotedPage.getByRole('link', { name: t('admin.nav.manageProducts') }).click();
  await expect(promotedPage.getByRole('heading', { name: t('admin.dashboard.usersTitle') })).toBeVisible();
  // An admin manages shoppers only: no role to change, and the root admin's row and theirs untouchable.
  await expect(promotedPage.getByText(t('admin.users.adminsByRoot'))).toBeVisible();
  await expect(promotedPage.getByRole('combobox')).toHaveCount(0);
  await screenshots(promotedPage, 'admin-users-as-admin');
  await promoted.close();

  // Delete from the clothing page, after confirmation: gone from the shop.
  await page.goto('/clothing');
  await page.getByRole('button', { name: t('admin.deleteProduct.label', { name: en.name }) }).click();
  const confirm = page.getByRole('dialog', { name: t('admin.deleteProduct.title') });
  await expect(confirm).toBeVisible();
  await screenshots(page, 'admin-delete-confirm');
  await confirm.getByRole('button', { name: t('admin.deleteProduct.confirm') }).click();
  await expect(toast(page, t('admin.deleteProduct.success'))).toBeVisible();
  await expect(card(en.name)).toHaveCount(0);
  expect((await request.get(`/api/products/${productId}`)).status()).toBe(404);
  expect(await (await request.get('/clothing')).text()).not.toContain(en.name);
});
