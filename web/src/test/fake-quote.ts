import type { CartItem, Quote, QuoteBody, Settings } from '@shop/contract';
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

const round = (amount: number) => Math.round(amount * 100) / 100;

/**
 * `POST /api/checkout/quote` as the server answers it, for the tests: the cart's lines, the
 * settings' delivery prices and threshold (on the goods after the discount), the COD fee, and the
 * codes given. The page under test does no sums of its own: these figures are all it shows.
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
    const subtotal = round(items.reduce((sum, item) => sum + (item.price ?? 0) * item.quantity, 0));
    let discount: Quote['discount'] = null;
    let freeByCode = false;
    if (body.discountCode) {
      const code = codes[body.discountCode];
      if (!code) return { status: 404, body: { error: 'No such code.', code: 'CODE_NOT_FOUND' } };
      if ('status' in code) return code;
      const amount =
        code.kind === 'percent'
          ? round((subtotal * (code.value ?? 0)) / 100)
          : code.kind === 'amount'
            ? Math.min(code.value ?? 0, subtotal)
            : 0;
      freeByCode = code.kind === 'free-delivery';
      discount = { code: body.discountCode, amount };
    }
    const goods = round(subtotal - (discount?.amount ?? 0));
    const { addressPrice, officePrice, lockerPrice, freeFrom } = settings.delivery;
    const listed =
      body.deliveryMethod === 'office'
        ? officePrice
        : body.deliveryMethod === 'locker'
          ? (lockerPrice ?? officePrice)
          : addressPrice;
    const freeByThreshold = freeFrom !== null && goods >= freeFrom;
    const deliveryCost = freeByCode || freeByThreshold ? 0 : listed;
    const codFee = body.paymentMethod === 'cod' ? settings.cod.fee : 0;
    const total = round(goods + deliveryCost + codFee);
    // Cards pay in the order given, then the store credit (decision 0055).
    let due = total;
    const giftCards: Quote['giftCards'] = [];
    for (const code of body.giftCards ?? []) {
      const card = cards.balances?.[code];
      if (card === undefined) return { status: 404, body: { error: 'No gift card.', code: 'GIFT_CARD_NOT_FOUND' } };
      if (typeof card !== 'number') return card;
      const amount = Math.min(card, due);
      giftCards.push({ code: code.slice(-4), amount });
      due = round(due - amount);
    }
    const storeCredit = body.useStoreCredit ? Math.min(cards.storeCredit ?? 0, due) : 0;
    const quote: Quote = {
      subtotal,
      discount,
      deliveryCost,
      codFee,
      total,
      freeDeliveryRemaining: freeFrom === null || freeByCode || freeByThreshold ? null : round(freeFrom - goods),
      giftCards,
      storeCredit,
      amountDue: round(due - storeCredit),
    };
    return { body: quote };
  };
}
