import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { redirectToPayment } from '../lib/redirect';
import { fakeApi, renderWithApi, signIn, type Answer } from '../../../test/fake-api';
import { shopperProfile } from './checkout.fixture';
import { CheckoutView } from './checkout-view';
import { cartLine, fakeQuote } from '../../../test/fake-quote';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));
vi.mock('../lib/redirect', () => ({ redirectToPayment: vi.fn() }));

// 60 of goods + 4.50 to an office: 64.50.
const item = cartLine({ price: 60, quantity: 1 });
const profile = shopperProfile();
const FIRST = 'ABCD0FGH1KMN2QRS';
const SECOND = 'WXYZ3456789ABCDE';
const balances = {
  [FIRST]: 40,
  [SECOND]: 100,
  ZZZZZZZZZZZZZZZZ: { status: 409, body: { error: 'Nothing is left on this gift card.', code: 'GIFT_CARD_EMPTY' } },
};

function serve(extra: Record<string, Answer> = {}, storeCredit = 0) {
  return fakeApi({
    'GET /api/checkout': { body: { provider: 'local', cardPayments: true, currency: 'USD' } },
    'GET /api/cart?lang=en': { body: [item] },
    'GET /api/profile': { body: { ...profile, storeCredit } },
    'POST /api/checkout/quote': fakeQuote([item], {}, undefined, { balances, storeCredit }),
    'GET /api/couriers/cities?lang=en': { body: [] },
    ...extra,
  });
}

async function addCard(code: string) {
  await userEvent.click(await screen.findByRole('textbox', { name: 'Gift card' }));
  await userEvent.paste(code);
  await userEvent.click(screen.getByRole('button', { name: 'Add' }));
}

const quotes = (calls: ReturnType<typeof serve>) => calls.filter((call) => call.key === 'POST /api/checkout/quote');

afterEach(() => {
  vi.clearAllMocks();
});

describe('The checkout’s gift cards and store credit', { timeout: 20_000 }, () => {
  it('reads codes ignoring case, spaces and hyphens, shows each by its last four with what it pays, and the amount due', async () => {
    const calls = serve({
      'POST /api/checkout/session?lang=en': {
        status: 201,
        body: { orderId: 4, sessionId: 'cs_1', url: '/pay/cs_1', next: 'payment' },
      },
    });
    signIn();
    renderWithApi(<CheckoutView />);
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('$64.50'));
    await addCard('abcd-ofgh l kmn 2qrs');
    await waitFor(() => expect(screen.getByTestId('checkout-amount-due')).toHaveTextContent('$24.50'));
    expect(screen.getByText('Gift card •••• 2QRS: $40.00')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-gift-card')).toHaveTextContent('−$40.00');
    // The total stays goods + delivery; the button charges what is left.
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$64.50');
    expect(quotes(calls).at(-1)?.body).toMatchObject({ giftCards: [FIRST] });

    await userEvent.click(screen.getByRole('button', { name: 'Order and pay by card (test)' }));
    await waitFor(() => expect(redirectToPayment).toHaveBeenCalledWith('/pay/cs_1'));
    const session = calls.find((call) => call.key.startsWith('POST /api/checkout/session'));
    expect(session?.body).toMatchObject({ giftCards: [FIRST] });
  });

  it('places an order the cards and the store credit cover in full with no payment page', async () => {
    const calls = serve(
      {
        'POST /api/checkout/session?lang=en': {
          status: 201,
          body: { orderId: 5, sessionId: null, url: '/checkout-success?order_id=5', next: 'confirmation' },
        },
      },
      30,
    );
    signIn();
    renderWithApi(<CheckoutView />);
    await addCard(FIRST);
    await waitFor(() => expect(screen.getByTestId('checkout-amount-due')).toHaveTextContent('$24.50'));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Use my store credit ($30.00)' }));
    await waitFor(() => expect(screen.getByTestId('checkout-amount-due')).toHaveTextContent('$0.00'));
    expect(screen.getByTestId('checkout-store-credit')).toHaveTextContent('−$24.50');
    await userEvent.click(screen.getByRole('button', { name: 'Place order (nothing left to pay)' }));
    await waitFor(() => expect(calls.some((call) => call.key.startsWith('POST /api/checkout/session'))).toBe(true));
    const session = calls.find((call) => call.key.startsWith('POST /api/checkout/session'));
    expect(session?.body).toMatchObject({ giftCards: [FIRST], useStoreCredit: true, paymentMethod: 'card' });
    expect(redirectToPayment).not.toHaveBeenCalled();
  });

  it('says why a card is refused beside the field, and keeps the cards before it', async () => {
    const calls = serve();
    signIn();
    renderWithApi(<CheckoutView />);
    await addCard(SECOND);
    await waitFor(() => expect(screen.getByTestId('checkout-amount-due')).toHaveTextContent('$0.00'));
    await addCard('ZZZZ-ZZZZ-ZZZZ-ZZZZ');
    const error = await screen.findByText('Nothing is left on this gift card.');
    expect(screen.getByRole('textbox', { name: 'Gift card' }).getAttribute('aria-describedby')).toBe(error.id);
    await waitFor(() => expect(quotes(calls).at(-1)?.body).toMatchObject({ giftCards: [SECOND] }));
    expect(screen.getByText('Gift card •••• BCDE: $64.50')).toBeInTheDocument();
    expect(screen.queryByText(/not be checked/)).not.toBeInTheDocument();

    // The same card again, and a typo, are refused here without asking.
    await userEvent.clear(screen.getByRole('textbox', { name: 'Gift card' }));
    await addCard(SECOND.toLowerCase());
    expect(await screen.findByText('This card is already added.')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Gift card' }));
    await addCard('not a code');
    expect(await screen.findByText(/has 16 letters and digits/)).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });
});
