import { describe, expect, it } from 'vitest';
import { bearer, createProduct, createUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { addCartLine, TEST_DELIVERY } from '../payments/test-support.js';

const t = useTestApp({ admin: true });

describe('the orders CSV carries each line’s SKU', () => {
  it('derived from the style code, or set by hand, and empty without either', async () => {
    const coded = await createProduct(t.db, { colors: ['Onyx', 'Slate Blue'], sizes: ['M', 'L'] });
    const plain = await createProduct(t.db, { colors: ['Bone'], sizes: ['M'] });
    const details = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${coded.id}/details`,
      headers: bearer(t.admin),
      payload: {
        styleCode: 'AN-CSV-1',
        variants: [{ colorId: coded.colors[1]!.id, size: 'L', sku: 'BLUE-L-SPECIAL' }],
      },
    });
    expect(details.statusCode, details.body).toBe(200);

    const shopper = await createUser(t.db);
    await addCartLine(t.db, shopper, coded, { quantity: 1, size: 'M', color: 0 });
    await addCartLine(t.db, shopper, coded, { quantity: 1, size: 'L', color: 1 });
    await addCartLine(t.db, shopper, plain, { quantity: 1, size: 'M' });
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/session',
      headers: bearer(shopper),
      payload: { delivery: TEST_DELIVERY, paymentMethod: 'cod' },
    });
    expect(order.statusCode, order.body).toBe(201);
    const orderId = order.json<{ orderId: number }>().orderId;

    const csv = await t.app.inject({ url: '/api/admin/orders/export.csv?lang=en', headers: bearer(t.admin) });
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = csv.body.slice(1).trim().split('\r\n');
    const columns = header!.split(',');
    expect(columns.indexOf('sku')).toBe(columns.indexOf('size') + 1);
    const skus = rows
      .map((row) => row.split(','))
      .filter((cells) => cells[0] === String(orderId))
      .map((cells) => cells[columns.indexOf('sku')])
      .sort();
    expect(skus).toEqual(['', 'AN-CSV-1-ONYX-M', 'BLUE-L-SPECIAL']);
  });
});
