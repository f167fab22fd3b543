import type { Size } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderItems, orders } from '../../db/schema.js';
import { bearer, type CreatedProduct } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { addCartLine, TEST_DELIVERY } from '../payments/test-support.js';

/** Product safety recalls (YEAR.md section 6, decision 0059): the notice, and who is mailed. */
const t = useTestApp({ smtp: true, admin: true });

const NOTICE = {
  title: { en: 'Hoodie drawcord recall', bg: 'Изземване на суитшърт заради шнура' },
  hazard: { en: 'The drawcord can catch and strangle.', bg: 'Шнурът може да се закачи и да задуши.' },
  remedy: { en: 'Return it for a full refund.', bg: 'Върнете го и ще ви върнем цялата сума.' },
};

/** A cash-on-delivery order of the product's lines (colour index and size each) by a new shopper. */
async function bought(product: CreatedProduct, lines: { color: number; size: Size }[], locale: 'en' | 'bg' = 'en') {
  const user = await t.createUser({ locale });
  for (const line of lines) await addCartLine(t.db, user, product, { quantity: 1, ...line });
  const answer = await t.app.inject({
    method: 'POST',
    url: `/api/checkout/session?lang=${locale}`,
    headers: bearer(user),
    payload: { delivery: TEST_DELIVERY, paymentMethod: 'cod' },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return { user, orderId: answer.json().orderId as number };
}

const recall = (productId: number, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/admin/products/${productId}/recall`, headers: bearer(t.admin), payload });

describe('a product safety recall', () => {
  // On PostgreSQL too (issue 50): who bought an affected variant is the order core's own SQL.
  it(
    'mails each buyer of an affected variant once, in the order’s language, and nobody else',
    { tags: ['engine'] },
    async () => {
      const settings = async () => (await t.app.inject({ url: '/api/settings' })).json();
      expect((await settings()).recalls).toBe(false);
      const product = await t.createProduct({ name: 'Cord Hoodie', colors: ['Onyx', 'Bone'], colorsBg: ['Оникс'] });
      const [onyx] = product.colors;
      const twoLines = await bought(product, [
        { color: 0, size: 'S' },
        { color: 0, size: 'M' },
      ]);
      const inBulgarian = await bought(product, [{ color: 0, size: 'S' }], 'bg');
      const otherColour = await bought(product, [{ color: 1, size: 'S' }]);
      const cancelled = await bought(product, [{ color: 0, size: 'S' }]);
      await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.orderId));
      const refunded = await bought(product, [{ color: 0, size: 'M' }]);
      await t.db.update(orderItems).set({ refundedQuantity: 1 }).where(eq(orderItems.orderId, refunded.orderId));

      const answer = await recall(product.id, {
        ...NOTICE,
        variants: [
          { colorId: onyx!.id, size: 'S' },
          { colorId: onyx!.id, size: 'M' },
        ],
      });
      expect(answer.statusCode, answer.body).toBe(201);
      const { recall: notice, mailed } = answer.json();
      expect(mailed).toBe(2);
      expect(notice).toMatchObject({
        productId: product.id,
        title: NOTICE.title,
        allVariants: false,
        variants: [
          { colorId: onyx!.id, colorName: { en: 'Onyx', bg: 'Оникс' }, size: 'S' },
          { colorId: onyx!.id, colorName: { en: 'Onyx', bg: 'Оникс' }, size: 'M' },
        ],
        product: { name: { en: 'Cord Hoodie' } },
      });
      expect(notice.soldFrom).not.toBeNull();
      // The footer links /recalls from now on: the cached settings were told.
      await t.heard();
      expect((await settings()).recalls).toBe(true);

      // A double click meets the first: no second notice, no second mail.
      const again = await recall(product.id, NOTICE);
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json().code).toBe('RECALL_EXISTS');

      await t.effectsRun();
      await t.effectsRun();
      const english = await t.smtp.waitFor(twoLines.user.email, (m) => m.subject.startsWith('Product safety recall'));
      expect(english.text).toContain('The drawcord can catch and strangle.');
      expect(english.text).toContain(`/recalls/${notice.id}`);
      const bulgarian = await t.smtp.waitFor(inBulgarian.user.email, (m) => m.subject.startsWith('Изземване'));
      expect(bulgarian.text).toContain('Шнурът може да се закачи');
      const recallMails = (email: string) =>
        t.smtp.messages.filter((m) => m.to.includes(email) && /recall|Изземване/i.test(m.subject)).length;
      expect(recallMails(twoLines.user.email)).toBe(1);
      expect(recallMails(inBulgarian.user.email)).toBe(1);
      expect(recallMails(otherColour.user.email)).toBe(0);
      expect(recallMails(cancelled.user.email)).toBe(0);
      expect(recallMails(refunded.user.email)).toBe(0);
    },
  );

  it('is read by anyone at /api/recalls and /api/recalls/{id}; every variant when none is named', async () => {
    const product = await t.createProduct({ name: 'Whole Hoodie' });
    const answer = await recall(product.id, { ...NOTICE, title: { en: 'Every size', bg: 'Всички размери' } });
    expect(answer.statusCode, answer.body).toBe(201);
    const { id } = answer.json().recall;
    const one = await t.app.inject({ url: `/api/recalls/${id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id, allVariants: true, variants: [], soldFrom: null });
    const list = await t.app.inject({ url: '/api/recalls' });
    expect(list.json().data[0].id).toBe(id);
    expect((await t.app.inject({ url: '/api/recalls/999999' })).statusCode).toBe(404);
  });

  it('refuses a colour or size that is not the product’s, a missing language and a missing product', async () => {
    const product = await t.createProduct();
    const other = await t.createProduct();
    const colour = await recall(product.id, { ...NOTICE, variants: [{ colorId: other.colors[0]!.id, size: 'S' }] });
    expect(colour.statusCode).toBe(400);
    expect(colour.json().fields).toHaveProperty(['variants.0.colorId']);
    const size = await recall(product.id, { ...NOTICE, variants: [{ colorId: product.colors[0]!.id, size: 'XXL' }] });
    expect(size.json().fields).toHaveProperty(['variants.0.size']);
    const half = await recall(product.id, { ...NOTICE, hazard: { en: 'Sharp.', bg: '' } });
    expect(half.statusCode).toBe(400);
    expect((await recall(999999, NOTICE)).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/recalls' })).json().data).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ productId: product.id })]),
    );
  });
});
