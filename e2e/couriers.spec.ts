import { readFileSync } from 'node:fs';
import { carrierNameIn, type AdminOrder } from '@shop/contract';
import { expect, expectAccessible, screenshots, test } from './fixtures.js';
import { bearer } from './support/accounts.js';
import { translator } from './support/i18n.js';
import { adminToken, shopperWithOneInCart } from './support/stock.js';

// Twice the 22.3 s the longest journey here took (decision 0049).
test.use({ budget: 50_000 });

/**
 * Couriers (TRADE.md section 6), on the built-in courier: a shopper picks a locker in Sofia with
 * the keyboard alone and orders cash on delivery; the admin ships the order with one button (the
 * label made, the tracking filled), prints the label, and the tracking's last step marks it
 * delivered. In Bulgarian (one language per journey, decision 0049): the city and the locker are typed in Cyrillic.
 */

const SOFIA_VITOSHA_LOCKER = {
  en: { city: 'Sofia', words: 'Vitosha', locker: 'Sofia Vitosha locker', address: '89 Vitosha Blvd' },
  bg: { city: 'София', words: 'Витоша', locker: 'Автомат София Витоша', address: 'бул. „Витоша“ 89' },
} as const;

test.describe('in Bulgarian', () => {
  test.use({ lang: 'bg' });

  test('a locker picked with the keyboard, then shipped with one button, its label printed and delivered', async ({
    page,
    request,
    shop,
    lang,
  }) => {
    const t = translator(lang);
    const place = SOFIA_VITOSHA_LOCKER[lang];
    await shopperWithOneInCart(page, request, shop, `couriers-${lang}`);

    await page.goto('/checkout');
    await page.getByRole('radio', { name: new RegExp(t('delivery.methods.office')) }).check();
    await page.getByLabel(t('delivery.name'), { exact: true }).fill('Mila Petrova');
    await page.getByLabel(t('delivery.phone'), { exact: true }).fill('+359 888 123 456');

    // The keyboard alone: the city by the arrows in its list, then the locker's words, the arrows
    // to it and Enter.
    const city = page.getByRole('combobox', { name: t('couriers.city') });
    await city.focus();
    for (let step = 0; step < 30 && (await city.inputValue()) !== place.city; step++)
      await page.keyboard.press('ArrowDown');
    await expect(city).toHaveValue(place.city);
    await page.keyboard.press('Tab');
    const search = page.getByRole('combobox', { name: t('couriers.office') });
    await expect(search).toBeFocused();
    await page.keyboard.type(place.words);
    const list = page.getByRole('listbox', { name: t('couriers.listLabel', { city: place.city }) });
    const option = list.getByRole('option', { name: new RegExp(`${place.locker}.*${t('couriers.locker')}`) });
    await expect(option).toBeVisible();
    // The list shown until the search answers is the city's whole list: the arrows wait for it.
    await expect(list).toHaveAttribute('aria-busy', 'false');
    const names = await list.getByRole('option').allTextContents();
    const index = names.findIndex((name) => name.includes(place.locker));
    for (let step = 0; step < index; step++) await page.keyboard.press('ArrowDown');
    await expect(search).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
    await expectAccessible(page);
    await screenshots(page, `couriers-picker-${lang}`);
    await page.keyboard.press('Enter');
    await expect(list).toBeHidden();
    await expect(page.getByText(`${place.locker}, ${place.address}`)).toBeVisible();

    await page.getByRole('radio', { name: new RegExp(t('checkout.methods.cod')) }).check();
    await page.getByRole('button', { name: t('checkout.pay.cod') }).click();
    await expect(page).toHaveURL(/\/checkout-success\?order_id=\d+$/);
    const orderId = Number(new URL(page.url()).searchParams.get('order_id'));

    // The admin: Create shipment, one step; the label again; delivered.
    const token = await adminToken(request, shop.admin);
    await page.evaluate((value) => {
      localStorage.setItem('token', value);
      window.dispatchEvent(new Event('shop:token'));
    }, token);
    await page.goto(`/admin/orders/${orderId}`);
    await expect(page.getByRole('heading', { level: 1, name: t('adminOrders.number', { id: orderId }) })).toBeVisible();
    await expect(page.getByText(`${place.locker}, ${place.address}`)).toBeVisible();
    await page.getByRole('button', { name: t('adminOrders.shipment.button') }).click();
    const dialog = page.getByRole('dialog', { name: t('adminOrders.shipment.title', { id: orderId }) });
    await expectAccessible(page);
    await dialog.getByRole('button', { name: t('adminOrders.shipment.confirm') }).click();
    await expect(dialog).toBeHidden();
    const shipped = (await (
      await request.get(`/api/admin/orders/${orderId}`, { headers: bearer(token) })
    ).json()) as AdminOrder;
    expect(shipped.fulfilment).toBe('shipped');
    expect(shipped.delivery).toMatchObject({ courier: 'builtin', office: `${place.locker}, ${place.address}` });
    const tracking = shipped.tracking!;
    // The built-in courier is named in the page's language ("Куриер на Atelier Noir" in Bulgarian).
    await expect(page.getByText(`${carrierNameIn(tracking.carrier, lang)}: ${tracking.number}`)).toBeVisible();
    await screenshots(page, `couriers-shipped-${lang}`);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: t('adminOrders.tracking.printLabel') }).click();
    const label = await download;
    expect(label.suggestedFilename()).toBe(`label-${tracking.number}.pdf`);
    expect(
      readFileSync(await label.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    await page.getByRole('button', { name: t('adminOrders.deliver.button') }).click();
    await page
      .getByRole('dialog', { name: t('adminOrders.deliver.title', { id: orderId }) })
      .getByRole('button', { name: t('adminOrders.deliver.confirm') })
      .click();
    await expect
      .poll(async () => {
        const read = await request.get(`/api/admin/orders/${orderId}`, { headers: bearer(token) });
        return ((await read.json()) as AdminOrder).fulfilment;
      })
      .toBe('delivered');
  });
});
