import {
  discountShares,
  fromCents,
  orderTotals,
  toCents,
  type CartItem,
  type Quote,
  type QuoteBody,
  type Settings,
} from '@shop/contract';
import type { SentRequest } from './fake-api';
import { TEST_SETTINGS } from './fake-api';

/** A code the fake server knows, or the refusal it answers for it. */
export type FakeCode =
  | { kind: 'percent' | 'amount' | 'free-delivery'; value?: number }
  | { status: number; body: { error: string; code: string; remaining?: number } };

/** A line of the cart as `GET /api/cart` answers it: two Onyx hoodies in M at 50 unless `overrides` say otherwise. */
export const cartLine = (overrides: Partial<CartItem> = {}): CartItem => ({
  cartItemId: 1,
  productId: 10,
  name: 'Noir Hoodie',
  price: 50,
  selectedSize: 'M',
  selectedColor: '/files/a',
  colorId: 3,
  colorName: 'Onyx',
  colorNameBg: '',
  quantity: 2,
  imageUrl: '/files/a',
  available: null,
  ...overrides,
});

/**
 * `POST /api/checkout/quote` as the server answers it, for the tests: the cart's lines, the
 * settings' delivery prices and threshold (on the goods after the discount), the COD fee, and the
 * codes given, summed by the contract's own `discountShares` and `orderTotals` in cents, as the
 * server sums them. The page under test does no sums of its own: these figures are all it shows.
 */
export function fakeQuote(
  items: CartItem[],
  codes: Record<string, FakeCode> = {},
  settings: Settings = TEST_SETTINGS,
  /** Gift cards by normalized code: their balance, or the refusal answered for them; and the account's store credit. */
  cards: { balances?: Record<string, number | Exclude<FakeCode, { kind: unknown }>>; storeCredit?: number } = {},
) {
  return (request: SentRequest) => {
    const body = request.body as QuoteBody;
    const lines = items.map((item) => ({
      unitPriceCents: toCents(item.price ?? 0),
      quantity: item.quantity,
      onSale: false,
    }));
    let shares = lines.map(() => 0);
    let freeByCode = false;
    if (body.discountCode) {
      const code = codes[body.discountCode];
      if (!code) return { status: 404, body: { error: 'No such code.', code: 'CODE_NOT_FOUND' } };
      if ('status' in code) return code;
      const value = code.kind === 'amount' ? toCents(code.value ?? 0) : (code.value ?? 0);
      shares = discountShares(lines, { kind: code.kind, value, includeSaleItems: true });
      freeByCode = code.kind === 'free-delivery';
    }
    const { addressPrice, officePrice, lockerPrice, freeFrom } = settings.delivery;
    const listed =
      body.deliveryMethod === 'office'
        ? officePrice
        : body.deliveryMethod === 'locker'
          ? (lockerPrice ?? officePrice)
          : addressPrice;
    const totals = orderTotals({
      lines: lines.map((line, index) => ({ ...line, discountCents: shares[index]! })),
      delivery: {
        priceCents: freeByCode ? 0 : toCents(listed),
        freeFromCents: freeFrom === null ? null : toCents(freeFrom),
      },
      codFeeCents: body.paymentMethod === 'cod' ? toCents(settings.cod.fee) : 0,
      vatRatePercent: 20,
    });
    // Cards pay in the order given, then the store credit (decision 0055).
    let dueCents = totals.totalCents;
    const giftCards: Quote['giftCards'] = [];
    for (const code of body.giftCards ?? []) {
      const card = cards.balances?.[code];
      if (card === undefined) return { status: 404, body: { error: 'No gift card.', code: 'GIFT_CARD_NOT_FOUND' } };
      if (typeof card !== 'number') return card;
      const amountCents = Math.min(toCents(card), dueCents);
      giftCards.push({ code: code.slice(-4), amount: fromCents(amountCents) });
      dueCents -= amountCents;
    }
    const creditCents = body.useStoreCredit ? Math.min(toCents(cards.storeCredit ?? 0), dueCents) : 0;
    const quote: Quote = {
      subtotal: fromCents(totals.subtotalCents),
      discount: body.discountCode ? { code: body.discountCode, amount: fromCents(totals.discountCents) } : null,
      deliveryCost: fromCents(totals.deliveryCents),
      codFee: fromCents(totals.codFeeCents),
      total: fromCents(totals.totalCents),
      freeDeliveryRemaining:
        freeByCode || totals.toFreeDeliveryCents === null ? null : fromCents(totals.toFreeDeliveryCents),
      giftCards,
      storeCredit: fromCents(creditCents),
      amountDue: fromCents(dueCents - creditCents),
    };
    return { body: quote };
  };
}
