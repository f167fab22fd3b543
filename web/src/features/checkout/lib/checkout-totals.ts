import type { DeliveryMethod, PaymentMethod, Settings } from '@shop/contract';

export interface CheckoutTotals {
  subtotal: number;
  /** 0 from the free-delivery threshold on. */
  delivery: number;
  codFee: number;
  total: number;
  /** How much more buys free delivery; null when it is free already or never free. */
  toFreeDelivery: number | null;
}

const cents = (amount: number) => Math.round(amount * 100);

/**
 * What the order will cost, as the server reckons it (OPERATIONS.md section 4): subtotal +
 * delivery (free from `freeFrom`) + the cash-on-delivery fee. Sums in cents, so 0.1 + 0.2 is 0.3.
 */
export function checkoutTotals(
  subtotal: number,
  method: DeliveryMethod,
  paymentMethod: PaymentMethod,
  settings: Pick<Settings, 'delivery' | 'cod'>,
): CheckoutTotals {
  const { addressPrice, officePrice, freeFrom } = settings.delivery;
  const free = freeFrom !== null && cents(subtotal) >= cents(freeFrom);
  const delivery = free ? 0 : method === 'office' ? officePrice : addressPrice;
  const codFee = paymentMethod === 'cod' ? settings.cod.fee : 0;
  return {
    subtotal,
    delivery,
    codFee,
    total: (cents(subtotal) + cents(delivery) + cents(codFee)) / 100,
    toFreeDelivery: freeFrom === null || free ? null : (cents(freeFrom) - cents(subtotal)) / 100,
  };
}
