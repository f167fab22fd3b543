import { describe, expect, it } from 'vitest';
import { checkoutTotals } from './checkout-totals';

const settings = {
  delivery: { addressPrice: 6.9, officePrice: 4.5, freeFrom: 100 },
  cod: { enabled: true, fee: 1.5, confirmNewAccounts: false },
};

describe('checkoutTotals', () => {
  it('adds the delivery of the chosen method and, for cash on delivery, its fee', () => {
    expect(checkoutTotals(49.99, 'address', 'card', settings)).toEqual({
      subtotal: 49.99,
      delivery: 6.9,
      codFee: 0,
      total: 56.89,
      toFreeDelivery: 50.01,
    });
    expect(checkoutTotals(49.99, 'office', 'cod', settings)).toMatchObject({
      delivery: 4.5,
      codFee: 1.5,
      total: 55.99,
    });
  });

  it('delivers free from the threshold on, and never when there is none', () => {
    expect(checkoutTotals(100, 'address', 'card', settings)).toMatchObject({
      delivery: 0,
      total: 100,
      toFreeDelivery: null,
    });
    const never = { ...settings, delivery: { ...settings.delivery, freeFrom: null } };
    expect(checkoutTotals(500, 'office', 'card', never)).toMatchObject({ delivery: 4.5, toFreeDelivery: null });
  });
});
