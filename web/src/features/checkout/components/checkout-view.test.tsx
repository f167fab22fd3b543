import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import type { CartItem } from '@shop/contract';
import { redirectToPayment } from '../lib/redirect';
import { fakeApi, renderWithApi, signIn } from '../../../test/fake-api';
import { CheckoutView } from './checkout-view';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));
vi.mock('../lib/redirect', () => ({ redirectToPayment: vi.fn() }));

const line = (overrides: Partial<CartItem>): CartItem => ({
  cartItemId: 1,
  productId: 10,
  name: 'Noir Hoodie',
  price: 49.99,
  selectedSize: 'M',
  selectedColor: '/files/a',
  colorId: 3,
  colorName: 'Onyx',
  quantity: 2,
  imageUrl: '/files/a',
  available: null,
  ...overrides,
});
const cart = [line({}), line({ cartItemId: 2, productId: 11, name: '', price: 120, quantity: 1, selectedSize: 'L' })];
const info = { status: 200, body: { provider: 'local', currency: 'USD' } };

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.clearAllMocks();
});

describe('CheckoutView', () => {
  it('summarises the cart: image, name or "Unnamed Product", quantity, unit price, subtotal and total', async () => {
    fakeApi({ 'GET /api/checkout': info, 'GET /api/cart?lang=en': { body: cart } });
    signIn();
    renderWithApi(<CheckoutView />);
    const lines = await screen.findAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent('Noir Hoodie');
    expect(lines[0]).toHaveTextContent('Onyx · Size M');
    expect(lines[0]).toHaveTextContent('Quantity: 2');
    expect(lines[0]).toHaveTextContent('Unit price: $49.99');
    expect(lines[0]).toHaveTextContent('Subtotal $99.98');
    expect(lines[1]).toHaveTextContent('Unnamed Product');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$219.98');
    expect(await screen.findByRole('button', { name: 'Pay by card (test)' })).toBeEnabled();
  });

  it('says the cart is empty and keeps the pay button disabled', async () => {
    fakeApi({ 'GET /api/checkout': info, 'GET /api/cart?lang=en': { body: [] } });
    signIn();
    renderWithApi(<CheckoutView />);
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay by card (test)' })).toBeDisabled();
  });

  it('names Stripe on the button when Stripe takes the payment', async () => {
    fakeApi({
      'GET /api/checkout': { body: { provider: 'stripe', currency: 'USD' } },
      'GET /api/cart?lang=en': { body: cart },
    });
    signIn();
    renderWithApi(<CheckoutView />);
    expect(await screen.findByRole('button', { name: 'Pay with Stripe' })).toBeEnabled();
  });

  it('shows "Processing..." while the session opens, then sends the browser to the payment page', async () => {
    let open: (response: Response) => void = () => undefined;
    const calls = fakeApi({
      'GET /api/checkout': info,
      'GET /api/cart?lang=en': { body: cart },
      'POST /api/checkout/session?lang=en': () => new Promise<Response>((resolve) => (open = resolve)),
    });
    signIn();
    renderWithApi(<CheckoutView />);
    const pay = await screen.findByRole('button', { name: 'Pay by card (test)' });
    await userEvent.click(pay);
    const processing = screen.getByRole('button', { name: 'Processing...' });
    expect(processing).toBeDisabled();
    await userEvent.click(processing);
    open(new Response(JSON.stringify({ sessionId: 'cs_local_x', url: '/pay/cs_local_x' }), { status: 201 }));
    await waitFor(() => expect(redirectToPayment).toHaveBeenCalledWith('/pay/cs_local_x'));
    expect(calls.filter((call) => call.key.startsWith('POST'))).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  });

  it.each([
    [
      'an empty cart on the server',
      { status: 400, body: { error: 'Your cart is empty!', code: 'CART_EMPTY' } },
      'Your cart is empty!',
    ],
    [
      'a server failure',
      { status: 500, body: { error: 'Something went wrong.', code: 'INTERNAL' } },
      'Checkout failed. Please try again later.',
    ],
  ])('toasts %s and returns to idle', async (_label, answer, message) => {
    fakeApi({
      'GET /api/checkout': info,
      'GET /api/cart?lang=en': { body: cart },
      'POST /api/checkout/session?lang=en': answer,
    });
    signIn();
    renderWithApi(<CheckoutView />);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay by card (test)' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message));
    expect(screen.getByRole('button', { name: 'Pay by card (test)' })).toBeEnabled();
    expect(redirectToPayment).not.toHaveBeenCalled();
  });

  it('toasts "Failed to redirect to payment." when the redirect fails', async () => {
    vi.mocked(redirectToPayment).mockImplementation(() => {
      throw new Error('refused');
    });
    fakeApi({
      'GET /api/checkout': info,
      'GET /api/cart?lang=en': { body: cart },
      'POST /api/checkout/session?lang=en': { status: 201, body: { sessionId: 'x', url: 'javascript:alert(1)' } },
    });
    signIn();
    renderWithApi(<CheckoutView />);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay by card (test)' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to redirect to payment.'));
    expect(within(document.body).getByRole('button', { name: 'Pay by card (test)' })).toBeEnabled();
  });

  it('asks to log in again when the server no longer knows the session, which ends here too', async () => {
    fakeApi({
      'GET /api/checkout': info,
      'GET /api/cart?lang=en': { body: cart },
      'POST /api/checkout/session?lang=en': { status: 401, body: { error: 'Please log in.', code: 'UNAUTHORIZED' } },
    });
    signIn();
    renderWithApi(<CheckoutView />);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay by card (test)' }));
    await waitFor(() => expect(toast.info).toHaveBeenCalledWith('Please log in to check out.'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
  });
});
