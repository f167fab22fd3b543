import { describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';

const t = useTestApp({ admin: true });

const putSettings = (payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: bearer(t.admin), payload });

describe('returns settings and product flags', () => {
  it('keeps the return window no shorter than the withdrawal period, and sets who pays the label, the bonus and approval', async () => {
    const before = (await t.app.inject({ url: '/api/settings' })).json();
    expect(before.returns).toEqual({ windowDays: 30, autoApprove: true, shipping: 'shop', storeCreditBonusPercent: 0 });

    const short = await putSettings({ returns: { windowDays: 20 }, returnDays: 21 });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toHaveProperty(['returns.windowDays']);
    const badShipping = await putSettings({ returns: { shipping: 'courier', storeCreditBonusPercent: 101 } });
    expect(badShipping.statusCode).toBe(400);
    expect(Object.keys(badShipping.json().fields)).toEqual(
      expect.arrayContaining(['returns.shipping', 'returns.storeCreditBonusPercent']),
    );

    const saved = await putSettings({
      returns: { windowDays: 45, autoApprove: false, shipping: 'shopper', storeCreditBonusPercent: 10 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().returns).toEqual({
      windowDays: 45,
      autoApprove: false,
      shipping: 'shopper',
      storeCreditBonusPercent: 10,
    });
    // A withdrawal period above the window saved is refused too: the window would be the shorter.
    expect((await putSettings({ returnDays: 60 })).statusCode).toBe(400);
    await putSettings({ returns: { windowDays: 30, autoApprove: true, shipping: 'shop', storeCreditBonusPercent: 0 } });
  });

  it('marks a product final sale and hygiene-sealed through its details, answered to everyone', async () => {
    const product = await t.createProduct();
    expect((await t.app.inject({ url: `/api/products/${product.id}` })).json()).toMatchObject({
      finalSale: false,
      hygieneSealed: false,
    });
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${product.id}/details`,
      headers: bearer(t.admin),
      payload: { finalSale: true, hygieneSealed: true },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ finalSale: true, hygieneSealed: true });
    const seen = (await t.app.inject({ url: `/api/products/${product.id}` })).json();
    expect(seen).toMatchObject({ finalSale: true, hygieneSealed: true });
  });
});
