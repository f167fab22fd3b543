import { describe, expect, it } from 'vitest';
import type { Order } from './orders.js';
import { paidForUnits, WITHDRAWAL_REFUND_DAYS, withdrawalRefund, withdrawalRefundDeadline } from './withdrawal.js';

const line = (id: number, unitPrice: number, quantity: number): Order['items'][number] => ({
  id,
  productId: id,
  name: `Line ${id}`,
  nameBg: '',
  colorName: 'Onyx',
  colorNameBg: '',
  size: 'M',
  unitPrice,
  quantity,
  imageUrl: '',
});

// 2 × 19.99 + 1 × 45.10 = 85.08, delivery 5.90, cash on delivery 1.50: 92.48.
const order = (
  withdrawal: Order['withdrawal'],
  refunded = 0,
): Pick<Order, 'items' | 'deliveryCost' | 'codFee' | 'total' | 'refunded' | 'withdrawal'> => ({
  items: [line(1, 19.99, 2), line(2, 45.1, 1)],
  deliveryCost: 5.9,
  codFee: 1.5,
  total: 92.48,
  refunded,
  withdrawal,
});
const submittedAt = '2026-03-10T09:30:00.000Z';

describe('the refund a withdrawal calls for', () => {
  it('is what the withdrawn lines cost, in cents, without the delivery when part of the order comes back', () => {
    const refund = withdrawalRefund(order({ submittedAt, items: [{ orderItemId: 1, quantity: 1 }], reason: null }));
    expect(refund).toMatchObject({ whole: false, linesCents: 1_999, deliveryCents: 0, dueCents: 1_999 });
    expect(refund?.lines.map((entry) => [entry.item.id, entry.quantity])).toEqual([[1, 1]]);
  });

  it('is everything paid, the delivery and the cash-on-delivery fee too, when everything is withdrawn', () => {
    const all = [
      { orderItemId: 2, quantity: 1 },
      { orderItemId: 1, quantity: 2 },
    ];
    // One unit short of the whole order: the lines only.
    expect(withdrawalRefund(order({ submittedAt, items: [all[0]!, { orderItemId: 1, quantity: 1 }] }))).toMatchObject({
      whole: false,
      dueCents: 6_509,
    });
    const refund = withdrawalRefund(order({ submittedAt, items: all, reason: 'Too small' }));
    expect(refund).toMatchObject({ whole: true, linesCents: 8_508, deliveryCents: 740, dueCents: 9_248 });
    expect(refund?.lines.map((entry) => entry.item.id)).toEqual([1, 2]);
    // A withdrawal that names no lines is of the whole order.
    expect(withdrawalRefund(order({ submittedAt }))).toMatchObject({ whole: true, dueCents: 9_248 });
  });

  it('leaves to refund what was not refunded yet', () => {
    const withdrawal = { submittedAt, items: [{ orderItemId: 2, quantity: 1 }] };
    expect(withdrawalRefund(order(withdrawal))?.toRefundCents).toBe(4_510);
    expect(withdrawalRefund(order(withdrawal, 10))?.toRefundCents).toBe(3_510);
    expect(withdrawalRefund(order(withdrawal, 45.1))?.toRefundCents).toBe(0);
    expect(withdrawalRefund(order(withdrawal, 92.48))?.toRefundCents).toBe(0);
  });

  it('is due 14 days after the withdrawal was submitted; none without a withdrawal', () => {
    expect(WITHDRAWAL_REFUND_DAYS).toBe(14);
    expect(withdrawalRefundDeadline(submittedAt).toISOString()).toBe('2026-03-24T09:30:00.000Z');
    expect(withdrawalRefund(order({ submittedAt }))?.deadline.toISOString()).toBe('2026-03-24T09:30:00.000Z');
    expect(withdrawalRefund(order(null))).toBeNull();
  });
});

describe('paidForUnits: what was paid for some units of a discounted line', () => {
  const discounted = { unitPrice: 20, quantity: 3, discount: 5 };
  it('gives back the whole discount with every unit, and its part, rounded half up, with some', () => {
    expect(paidForUnits(discounted, 3)).toBe(5500);
    expect(paidForUnits(discounted, 1)).toBe(2000 - 167);
    expect(paidForUnits(discounted, 2)).toBe(4000 - 333);
    expect(paidForUnits({ unitPrice: 20, quantity: 3, discount: 0 }, 2)).toBe(4000);
  });
});
