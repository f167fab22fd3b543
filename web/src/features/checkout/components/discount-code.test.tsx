import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import type { Quote } from '@shop/contract';
import { redirectToPayment } from '../lib/redirect';
import { fakeApi, renderWithApi, signIn, type Answer } from '../../../test/fake-api';
import { shopperProfile } from './checkout.fixture';
import { CheckoutView } from './checkout-view';
import { cartLine, fakeQuote, type FakeCode } from '../../../test/fake-quote';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));
vi.mock('../lib/redirect', () => ({ redirectToPayment: vi.fn() }));

const item = cartLine({ price: 60, quantity: 1 });
const profile = shopperProfile();
const CODES: Record<string, FakeCode> = {
  TENOFF: { kind: 'percent', value: 10 },
  FREESHIP: { kind: 'free-delivery' },
  GONE: { status: 409, body: { error: 'This code has been used up.', code: 'CODE_USED_UP' } },
  MIN: { status: 409, body: { error: 'This code needs more in the cart.', code: 'CODE_MIN_SUBTOTAL', remaining: 40 } },
  LOW: { status: 409, body: { error: 'Add $12.50 more to use this code.', code: 'CODE_MIN_SUBTOTAL' } },
  AGAIN: { status: 409, body: { error: 'You have used this code already.', code: 'CODE_ALREADY_USED' } },
  GUESS: { status: 429, body: { error: 'Too many requests.', code: 'RATE_LIMITED' } },
};

function serve(extra: Record<string, Answer> = {}, quote: Answer = fakeQuote([item], CODES)) {
  return fakeApi({
    'GET /api/checkout': { body: { provider: 'local', cardPayments: true, currency: 'USD' } },
    'GET /api/cart?lang=en': { body: [item] },
    'GET /api/profile': { body: profile },
    'POST /api/checkout/quote': quote,
    'GET /api/couriers/cities?lang=en': { body: [] },
    ...extra,
  });
}

const PAY = 'Order and pay by card (test)';
const codeInput = () => screen.findByRole('textbox', { name: 'Discount code' });

async function apply(code: string) {
  // Pasted: one change, not a render per key (the whole checkout re-renders on each).
  await userEvent.click(await codeInput());
  await userEvent.paste(code);
  await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
}

afterEach(() => {
  vi.clearAllMocks();
});

describe('The checkout’s discount code', () => {
  it('shows the quote’s figures and nothing of its own: subtotal, delivery, fee and total as answered', async () => {
    // Figures no sum of the cart gives: the page must show these, not reckon its own.
    const answer: Quote = {
      subtotal: 12.34,
      discount: null,
      deliveryCost: 5.55,
      codFee: 0,
      total: 99.01,
      giftCards: [],
      storeCredit: 0,
      amountDue: 99.01,
      freeDeliveryRemaining: 7.77,
    };
    serve({}, { body: answer });
    signIn();
    renderWithApi(<CheckoutView />);
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('$99.01'));
    expect(screen.getByTestId('checkout-subtotal')).toHaveTextContent('$12.34');
    expect(screen.getByTestId('checkout-delivery')).toHaveTextContent('$5.55');
    expect(screen.getByText('Add $7.77 more for free delivery.')).toBeInTheDocument();
    expect(screen.queryByTestId('checkout-discount')).not.toBeInTheDocument();
  });

  it('applies a code: asks the quote with it, shows "Discount (CODE) −$X" and the new total', async () => {
    const calls = serve();
    signIn();
    renderWithApi(<CheckoutView />);
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('$64.50'));
    await apply('tenoff');
    await waitFor(() => expect(screen.getByTestId('checkout-discount')).toHaveTextContent('−$6.00'));
    expect(screen.getByText('Discount (TENOFF)')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$58.50');
    expect(screen.getByText('Code TENOFF applied.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Code TENOFF applied: $6.00 off. Total now $58.50.'),
    );
    const quotes = calls.filter((call) => call.key === 'POST /api/checkout/quote');
    expect(quotes.at(-1)?.body).toEqual({ deliveryMethod: 'office', paymentMethod: 'card', discountCode: 'TENOFF' });
  });

  it('pays with the applied code', async () => {
    const calls = serve({
      'POST /api/checkout/session?lang=en': { status: 201, body: { sessionId: 'cs_1', url: '/pay/cs_1' } },
    });
    signIn();
    renderWithApi(<CheckoutView />);
    await apply('tenoff');
    await screen.findByText('Code TENOFF applied.');
    await userEvent.click(screen.getByRole('button', { name: PAY }));
    await waitFor(() => expect(redirectToPayment).toHaveBeenCalledWith('/pay/cs_1'));
    const session = calls.find((call) => call.key.startsWith('POST /api/checkout/session'));
    expect(session?.body).toMatchObject({ discountCode: 'TENOFF', paymentMethod: 'card' });
  });

  it('a free-delivery code makes delivery free', async () => {
    serve();
    signIn();
    renderWithApi(<CheckoutView />);
    await waitFor(() => expect(screen.getByTestId('checkout-delivery')).toHaveTextContent('$4.50'));
    await apply('FREESHIP');
    await waitFor(() => expect(screen.getByTestId('checkout-delivery')).toHaveTextContent('Free'));
    expect(screen.getByTestId('checkout-discount')).toHaveTextContent('Free delivery');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$60.00');
  });

  it('removes an applied code: the totals come back without it', async () => {
    const calls = serve();
    signIn();
    renderWithApi(<CheckoutView />);
    await apply('TENOFF');
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('$58.50'));
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('$64.50'));
    expect(screen.queryByTestId('checkout-discount')).not.toBeInTheDocument();
    expect(await codeInput()).toHaveValue('');
    expect(calls.filter((call) => call.key === 'POST /api/checkout/quote').at(-1)?.body).toEqual({
      deliveryMethod: 'office',
      paymentMethod: 'card',
    });
  });

  it.each([
    ['NOPE', 'This code does not exist or is not active.'],
    ['GONE', 'This code has been used up.'],
    ['MIN', 'Add $40.00 more to use this code.'],
    // No `remaining` (the API always sends it): the English message is not read for a figure.
    ['LOW', "Your order is below this code's minimum."],
    ['AGAIN', 'You have already used this code.'],
    ['GUESS', 'Too many tries. Wait a minute and try again.'],
  ])('refuses %s beside the field, tied to it, and keeps the totals without it', async (code, message) => {
    serve();
    signIn();
    renderWithApi(<CheckoutView />);
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('$64.50'));
    await apply(code);
    const error = await screen.findByText(message);
    const input = await codeInput();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$64.50');
    expect(screen.queryByTestId('checkout-discount')).not.toBeInTheDocument();
    // Typing again clears the refusal.
    await userEvent.type(input, 'X');
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });

  it('a code the session refuses (used up meanwhile) is said beside the field, the form kept', async () => {
    serve({
      'POST /api/checkout/session?lang=en': {
        status: 409,
        body: { error: 'This code has been used up.', code: 'CODE_USED_UP' },
      },
    });
    signIn();
    renderWithApi(<CheckoutView />);
    await apply('TENOFF');
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('$58.50'));
    await userEvent.click(screen.getByRole('button', { name: PAY }));
    expect(await screen.findByText('This code has been used up.')).toBeInTheDocument();
    expect(await codeInput()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Courier office')).toHaveValue('Econt, Sofia – Mladost 1');
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('$64.50'));
    expect(redirectToPayment).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledWith('Your discount code could not be used. Please check it and try again.');
  });

  it('keeps the last quote on screen while a new one loads', async () => {
    let release: () => void = () => undefined;
    const quote = fakeQuote([item], CODES);
    const calls = serve({}, (request) => {
      const answer = quote(request) as { body: Quote };
      if ((request.body as { deliveryMethod: string }).deliveryMethod === 'office') {
        return new Response(JSON.stringify(answer.body));
      }
      return new Promise<Response>((resolve) => (release = () => resolve(new Response(JSON.stringify(answer.body)))));
    });
    signIn();
    renderWithApi(<CheckoutView />);
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('$64.50'));
    await userEvent.click(screen.getByRole('radio', { name: /To an address/ }));
    await waitFor(() => expect(screen.getByTestId('checkout-figures')).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$64.50');
    await waitFor(() => expect(calls.filter((call) => call.key === 'POST /api/checkout/quote')).toHaveLength(2));
    release();
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('$66.90'));
    expect(screen.getByTestId('checkout-figures')).toHaveAttribute('aria-busy', 'false');
  });
});
