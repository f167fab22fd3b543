import {
  fromCents,
  orderTotals,
  toCents,
  type DeliveryMethod,
  type PaymentMethod,
  type Settings,
} from '@shop/contract';

export interface CheckoutTotals {
  subtotal: number;
  /** 0 from the free-delivery threshold on. */
  delivery: number;
  codFee: number;
  total: number;
  /** How much more buys free delivery; null when it is free already or never free. */
  toFreeDelivery: number | null;
}

/** The VAT rate prices include (Bulgaria's standard rate); the checkout shows no VAT line yet. */
const VAT_RATE_PERCENT = 20;

/**
 * What the order will cost, as the server reckons it: the contract's `orderTotals` (docs/decisions/0032), in cents, with the settings' decimals turned into cents here and the results back
 * into the currency unit for display.
 */
export function checkoutTotals(
  subtotal: number,
  method: DeliveryMethod,
  paymentMethod: PaymentMethod,
  settings: Pick<Settings, 'delivery' | 'cod'>,
): CheckoutTotals {
  const { addressPrice, officePrice, freeFrom } = settings.delivery;
  const totals = orderTotals({
    lines: [{ unitPriceCents: toCents(subtotal), quantity: 1 }],
    delivery: {
      priceCents: toCents(method === 'office' ? officePrice : addressPrice),
      freeFromCents: freeFrom === null ? null : toCents(freeFrom),
    },
    codFeeCents: paymentMethod === 'cod' ? toCents(settings.cod.fee) : 0,
    vatRatePercent: VAT_RATE_PERCENT,
  });
  return {
    subtotal: fromCents(totals.subtotalCents),
    delivery: fromCents(totals.deliveryCents),
    codFee: fromCents(totals.codFeeCents),
    total: fromCents(totals.totalCents),
    toFreeDelivery: totals.toFreeDeliveryCents === null ? null : fromCents(totals.toFreeDeliveryCents),
  };
}
