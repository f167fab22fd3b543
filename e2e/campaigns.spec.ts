import { expect, expectAccessible, screenshots, test, waitForMail } from './fixtures.js';
import { translator } from './support/i18n.js';
import { adminToken } from './support/stock.js';

// Twice the time the journey took on this machine (decision 0049).
test.use({ budget: 60_000 });

/**
 * Campaigns (YEAR.md section 4): a Bulgarian reader confirms the newsletter; the owner writes a
 * campaign in both languages with a product, for Bulgarian readers, sends it after the confirm,
 * sees it sent, and the reader gets it in Bulgarian with the one-click way out. In English (one
 * language per journey, decision 0049).
 */
test('the owner writes a campaign in both languages and sends it; a confirmed reader gets it in their language', async ({
  page,
  request,
  shop,
  lang,
}) => {
  const t = translator(lang);
  const reader = `reader-${Date.now()}@example.com`;
  expect(
    (await request.post('/api/newsletter', { data: { email: reader, lang: 'bg', source: 'footer' } })).status(),
  ).toBe(202);
  const link = await waitForMail(shop.outboxDir, reader);
  const token = decodeURIComponent(/\/newsletter\/confirm\?token=([^\s"<&]+)/.exec(link.text)![1]!);
  expect((await request.post('/api/newsletter/confirm', { data: { token } })).status()).toBe(200);

  await page.goto('/');
  const admin = await adminToken(request, shop.admin);
  await page.evaluate((value) => {
    localStorage.setItem('token', value);
    window.dispatchEvent(new Event('shop:token'));
  }, admin);
  await page.goto('/');
  await page.getByRole('link', { name: t('admin.nav.campaigns'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('adminCampaigns.title') })).toBeVisible();
  await page.getByRole('button', { name: t('adminCampaigns.new'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t('adminCampaigns.form.newTitle') });
  const subjects = dialog.getByLabel(t('adminCampaigns.form.subject'), { exact: true });
  const texts = dialog.getByLabel(t('adminCampaigns.form.text'), { exact: true });
  await subjects.nth(0).fill('The winter sale');
  await subjects.nth(1).fill('Зимното намаление');
  await texts.nth(0).fill('Everything is 30% off until Sunday.');
  await texts.nth(1).fill('Всичко е с 30% отстъпка до неделя.');
  await dialog.getByRole('checkbox').first().check();
  await dialog.getByLabel(t('adminCampaigns.form.audience'), { exact: true }).selectOption('language');
  await dialog.getByLabel(t('adminCampaigns.form.value.language'), { exact: true }).selectOption('bg');
  await screenshots(page, `campaign-editor-${lang}`);
  await dialog.getByRole('button', { name: t('adminCampaigns.form.send'), exact: true }).click();
  const confirm = page.getByRole('dialog', { name: t('adminCampaigns.confirm.title') });
  await confirm.getByRole('button', { name: t('adminCampaigns.confirm.yes'), exact: true }).click();
  await expect(dialog).toBeHidden();

  const row = page.locator('tr', { hasText: lang === 'bg' ? 'Зимното намаление' : 'The winter sale' });
  await expect(row).toContainText(t('adminCampaigns.status.sent'), { timeout: 15_000 });
  await expect(row).toContainText(t('adminCampaigns.table.counts', { sent: 1, failed: 0, unsubscribed: 0 }));
  await expectAccessible(page);
  await screenshots(page, `campaigns-${lang}`);

  const mail = await waitForMail(shop.outboxDir, reader, /Зимното намаление/);
  expect(mail.text).toContain('Всичко е с 30% отстъпка до неделя.');
  expect(mail.text).toMatch(/Отписване: http\S+\/unsubscribe\?token=/);
});

/**
 * The footer's form on any page, the link mailed to confirm (read from the outbox), and the
 * confirm page's one button (issue 51). In English; the Bulgarian texts of the same form and page
 * are checked by `web/src/routes/newsletter-confirm.test.tsx`.
 */
test('a visitor subscribes from the footer and confirms by the mailed link', async ({ page, shop, lang }) => {
  const t = translator(lang);
  const visitor = `footer-${Date.now()}@example.com`;
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByLabel(t('footer.newsletter.email'), { exact: true }).fill(visitor);
  await footer.getByRole('button', { name: t('footer.newsletter.submit'), exact: true }).click();
  await expect(footer.getByRole('status')).toHaveText(t('footer.newsletter.sent', { email: visitor }));

  const mail = await waitForMail(shop.outboxDir, visitor);
  const link = /(https?:\/\/\S+\/newsletter\/confirm\?token=[^\s"<&]+)/.exec(mail.text)![1]!;
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { level: 1, name: t('newsletter.confirm.title') })).toBeVisible();
  await page.getByRole('button', { name: t('newsletter.confirm.submit'), exact: true }).click();
  await expect(page.getByText(t('newsletter.confirm.doneTitle'), { exact: true })).toBeVisible();
  await expect(page.getByText(t('newsletter.confirm.done', { email: visitor }), { exact: true })).toBeVisible();
});
