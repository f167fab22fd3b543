import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import type { CartItem, Profile } from '@shop/contract';
import { redirectToPayment } from '../lib/redirect';
import { fakeApi, renderWithApi, signIn, TEST_SETTINGS } from '../../../test/fake-api';
import { OFFICE_DELIVERY, shopperProfile } from './checkout.fixture';
import { CheckoutView } from './checkout-view';
import { cartLine, fakeQuote, type FakeCode } from '../../../test/fake-quote';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));
vi.mock('../lib/redirect', () => ({ redirectToPayment: vi.fn() }));

const line = (overrides: Partial<CartItem>): CartItem => cartLine({ price: 49.99, ...overrides });
const cart = [line({}), line({ cartItemId: 2, productId: 11, name: '', price: 120, quantity: 1, selectedSize: 'L' })];
const info = { status: 200, body: { provider: 'local', cardPayments: true, currency: 'USD' } };
const saved = OFFICE_DELIVERY;
const profile = (delivery: Profile['delivery'] = saved): { body: Profile } => ({ body: shopperProfile(delivery) });

/** The checkout's reads: provider, cart, and the profile whose saved delivery fills the form. */
const reads = (
  body: CartItem[] = cart,
  delivery: Profile['delivery'] = saved,
  codes: Record<string, FakeCode> = {},
) => ({
  'GET /api/checkout': info,
  'GET /api/cart?lang=en': { body },
  'GET /api/profile': profile(delivery),
  'POST /api/checkout/quote': fakeQuote(body, codes),
  // No courier's list here: the office is typed (the picker has its own tests below).
  'GET /api/couriers/cities?lang=en': { body: [] },
});
const PAY = 'Order and pay by card (test)';
/** The confirmation page a placed or paid-at-once order goes to (the app's own route, in-app). */
function ConfirmationStub() {
  const [params] = useSearchParams();
  return <p>Confirmation of order {params.get('order_id')}</p>;
}
const CONFIRMATION = [{ path: '/checkout-success', element: <ConfirmationStub /> }];

/** The pay button once the quote has arrived (it waits for the totals). */
async function payButton(name = PAY) {
  const button = await screen.findByRole('button', { name });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.clearAllMocks();
});

describe('CheckoutView', () => {
  it('summarises the cart: image, name or "Unnamed Product", quantity, unit price, subtotal and total', async () => {
    fakeApi(reads());
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
    await waitFor(() => expect(screen.getByTestId('checkout-delivery')).toHaveTextContent('Free'));
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$219.98');
    expect(screen.getByText('VAT included')).toBeInTheDocument();
    await payButton();
  });

  it('says the cart is empty and offers no way to pay', async () => {
    fakeApi(reads([]));
    signIn();
    renderWithApi(<CheckoutView />);
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PAY })).not.toBeInTheDocument();
  });

  it('names Stripe on the button when Stripe takes the payment', async () => {
    fakeApi({
      ...reads(),
      'GET /api/checkout': { body: { provider: 'stripe', cardPayments: true, currency: 'USD' } },
    });
    signIn();
    renderWithApi(<CheckoutView />);
    await payButton('Order and pay with Stripe');
  });

  it('shows "Processing..." while the session opens, then sends the browser to the payment page', async () => {
    let open: (response: Response) => void = () => undefined;
    const calls = fakeApi({
      ...reads(),
      'POST /api/checkout/session?lang=en': () => new Promise<Response>((resolve) => (open = resolve)),
    });
    signIn();
    renderWithApi(<CheckoutView />);
    const pay = await payButton();
    await userEvent.click(pay);
    const processing = screen.getByRole('button', { name: 'Processing...' });
    expect(processing).toBeDisabled();
    await userEvent.click(processing);
    open(new Response(JSON.stringify({ sessionId: 'cs_local_x', url: '/pay/cs_local_x' }), { status: 201 }));
    await waitFor(() => expect(redirectToPayment).toHaveBeenCalledWith('/pay/cs_local_x'));
    const posts = calls.filter((call) => call.key.startsWith('POST /api/checkout/session'));
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({
      delivery: {
        method: 'office',
        name: 'Mila Petrova',
        phone: '+359 888 123 456',
        country: 'BG',
        city: 'Sofia',
        postcode: '1000',
        office: 'Econt, Sofia – Mladost 1',
      },
      paymentMethod: 'card',
      saveDelivery: false,
    });
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
    [
      'too many open cash-on-delivery orders',
      { status: 409, body: { error: 'You already have 2 cash-on-delivery orders…', code: 'TOO_MANY_OPEN_ORDERS' } },
      'You already have the most cash-on-delivery orders that can wait for delivery at once. Please pay by card, or order again once one of them has shipped.',
    ],
    [
      'a line above the units limit',
      {
        status: 409,
        body: {
          error: 'One order may take at most 10…',
          code: 'QUANTITY_LIMIT',
          lines: [{ cartItemId: 1, available: 10 }],
        },
      },
      'A line of your cart is above the most one order may take of a colour and size. Please lower its quantity.',
    ],
  ])('toasts %s and returns to idle', async (_label, answer, message) => {
    fakeApi({
      ...reads(),
      'POST /api/checkout/session?lang=en': answer,
    });
    signIn();
    renderWithApi(<CheckoutView />);
    await userEvent.click(await payButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message));
    expect(screen.getByRole('button', { name: PAY })).toBeEnabled();
    expect(redirectToPayment).not.toHaveBeenCalled();
  });

  it('toasts "Failed to redirect to payment." when the redirect fails', async () => {
    vi.mocked(redirectToPayment).mockImplementation(() => {
      throw new Error('refused');
    });
    fakeApi({
      ...reads(),
      'POST /api/checkout/session?lang=en': { status: 201, body: { sessionId: 'x', url: 'javascript:alert(1)' } },
    });
    signIn();
    renderWithApi(<CheckoutView />);
    await userEvent.click(await payButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to redirect to payment.'));
    expect(within(document.body).getByRole('button', { name: PAY })).toBeEnabled();
  });

  it('asks to log in again when the server no longer knows the session, which ends here too', async () => {
    fakeApi({
      ...reads(),
      'POST /api/checkout/session?lang=en': { status: 401, body: { error: 'Please log in.', code: 'UNAUTHORIZED' } },
    });
    signIn();
    renderWithApi(<CheckoutView />);
    await userEvent.click(await payButton());
    await waitFor(() => expect(toast.info).toHaveBeenCalledWith('Please log in to check out.'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('adds delivery below the free-delivery threshold and says how much more makes it free', async () => {
    fakeApi(reads([line({ quantity: 1 })]));
    signIn();
    renderWithApi(<CheckoutView />);
    // The saved details chose a courier office: $4.50.
    await waitFor(() => expect(screen.getByTestId('checkout-delivery')).toHaveTextContent('$4.50'));
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$54.49');
    expect(screen.getByText('Add $50.01 more for free delivery.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /To an address/ }));
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('$56.89'));
    expect(screen.getByLabelText('Street address')).toBeInTheDocument();
  });

  it('marks what is missing, field by field, and sends nothing', async () => {
    const calls = fakeApi(reads(cart, null));
    signIn();
    renderWithApi(<CheckoutView />);
    // Without saved details, the account's name and phone start the form.
    await waitFor(() => expect(screen.getByLabelText("Recipient's name")).toHaveValue('Mila Petrova'));
    await userEvent.click(await payButton());
    expect(await screen.findByText('Enter the city.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid postcode.')).toBeInTheDocument();
    expect(screen.getByText('Enter the street address (at most 200 characters).')).toBeInTheDocument();
    expect(screen.getByLabelText('City')).toHaveAttribute('aria-invalid', 'true');
    expect(toast.error).toHaveBeenCalledWith('Please check the highlighted fields.');
    expect(calls.filter((call) => call.key.startsWith('POST /api/checkout/session'))).toHaveLength(0);
  });

  it('shows the fields the server refuses next to them', async () => {
    fakeApi({
      ...reads(),
      'POST /api/checkout/session?lang=en': {
        status: 400,
        body: {
          error: 'Validation failed',
          code: 'VALIDATION_ERROR',
          fields: { 'delivery.postcode': 'Enter a valid postcode.' },
        },
      },
    });
    signIn();
    renderWithApi(<CheckoutView />);
    await userEvent.click(await payButton());
    expect(await screen.findByText('Enter a valid postcode.')).toBeInTheDocument();
    expect(screen.getByLabelText('Postcode')).toHaveAttribute('aria-invalid', 'true');
    expect(toast.error).toHaveBeenCalledWith('Please check the highlighted fields.');
  });

  it('places a cash-on-delivery order with its fee, and keeps the details when asked', async () => {
    const calls = fakeApi({
      ...reads([line({ quantity: 1 })]),
      'POST /api/checkout/session?lang=en': {
        status: 201,
        body: { orderId: 7, sessionId: null, url: '/checkout-success?order_id=7', next: 'confirmation' },
      },
    });
    signIn();
    renderWithApi(<CheckoutView />, { routes: CONFIRMATION });
    await userEvent.click(await screen.findByRole('radio', { name: /Cash on delivery/ }));
    // The fee and the total are the quote's, asked again for cash on delivery.
    await waitFor(() => expect(screen.getByTestId('checkout-cod-fee')).toHaveTextContent('$1.50'));
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$55.99');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Save these details for next time' }));
    await userEvent.click(screen.getByRole('button', { name: 'Place order (pay on delivery)' }));
    expect(await screen.findByText('Confirmation of order 7')).toBeInTheDocument();
    expect(redirectToPayment).not.toHaveBeenCalled();
    expect(calls.find((call) => call.key.startsWith('POST /api/checkout/session'))?.body).toMatchObject({
      paymentMethod: 'cod',
      saveDelivery: true,
    });
  });

  it('goes straight to the confirmation, with no payment page, when the card order has nothing to pay', async () => {
    fakeApi({
      ...reads([line({ quantity: 1 })]),
      'POST /api/checkout/session?lang=en': {
        status: 201,
        body: { orderId: 9, sessionId: null, url: '/checkout-success?order_id=9', next: 'confirmation' },
      },
    });
    signIn();
    renderWithApi(<CheckoutView />, { routes: CONFIRMATION });
    await userEvent.click(await payButton());
    expect(await screen.findByText('Confirmation of order 9')).toBeInTheDocument();
    expect(redirectToPayment).not.toHaveBeenCalled();
  });

  it('offers no cash on delivery when the shop has it off', async () => {
    fakeApi({
      ...reads(),
      'GET /api/settings': { body: { ...TEST_SETTINGS, cod: { enabled: false, fee: 0, confirmNewAccounts: false } } },
    });
    signIn();
    renderWithApi(<CheckoutView />);
    expect(await screen.findByRole('radio', { name: /Card/ })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /Cash on delivery/ })).not.toBeInTheDocument();
  });

  it('offers cash on delivery only when the shop takes no card payments (PAYMENTS=off)', async () => {
    const calls = fakeApi({
      ...reads(),
      'GET /api/checkout': { body: { provider: 'local', cardPayments: false, currency: 'USD' } },
      'POST /api/checkout/session?lang=en': {
        status: 201,
        body: { orderId: 8, sessionId: null, url: '/checkout-success?order_id=8', next: 'confirmation' },
      },
    });
    signIn();
    renderWithApi(<CheckoutView />, { routes: CONFIRMATION });
    expect(await screen.findByRole('radio', { name: /Cash on delivery/ })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /Card/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Visa and Mastercard accepted')).not.toBeInTheDocument();
    await userEvent.click(await payButton('Place order (pay on delivery)'));
    expect(await screen.findByText('Confirmation of order 8')).toBeInTheDocument();
    expect(redirectToPayment).not.toHaveBeenCalled();
    expect(calls.find((call) => call.key.startsWith('POST /api/checkout/session'))?.body).toMatchObject({
      paymentMethod: 'cod',
    });
  });

  it('says so, and takes no order, when neither card nor cash on delivery is available', async () => {
    fakeApi({
      ...reads(),
      'GET /api/checkout': { body: { provider: 'local', cardPayments: false, currency: 'USD' } },
      'GET /api/settings': { body: { ...TEST_SETTINGS, cod: { enabled: false, fee: 0, confirmNewAccounts: false } } },
    });
    signIn();
    renderWithApi(<CheckoutView />);
    expect(await screen.findByText(/neither card nor cash on delivery is available/)).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Card|Cash on delivery/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place order (pay on delivery)' })).toBeDisabled();
  });

  it('refuses to pay for lines above what is left, names them and leads back to the cart', async () => {
    let stock: number | null = null;
    fakeApi({
      ...reads(),
      'GET /api/cart?lang=en': () => ({ body: [line({ available: stock }), cart[1]] }),
      'POST /api/checkout/session?lang=en': () => {
        stock = 1;
        return {
          status: 409,
          body: {
            error: 'A line of your cart is above what is left in stock.',
            code: 'OUT_OF_STOCK',
            lines: [{ cartItemId: 1, available: 1 }],
          },
        };
      },
    });
    signIn();
    renderWithApi(<CheckoutView />);
    await userEvent.click(await payButton());
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Some items are no longer available in the quantity you chose.'),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Noir Hoodie (Onyx, size M): only 1 left');
    expect(within(alert).getByRole('link', { name: 'Change the quantities in your cart' })).toHaveAttribute(
      'href',
      '/cart',
    );
    expect(screen.getByRole('button', { name: PAY })).toBeDisabled();
  });

  describe("the office or locker picked from the courier's list", () => {
    const sofia = [{ name: 'Sofia', postcode: '1000', offices: 2 }];
    const office = (id: number, name: string, kind: 'office' | 'locker', address: string) => ({
      id,
      courier: 'builtin',
      kind,
      name,
      city: 'Sofia',
      postcode: '1404',
      address,
    });
    const offices = [
      office(7, 'Sofia – Mladost 1', 'office', '12 Andrey Lyapchev Blvd'),
      office(9, 'Sofia – Mall of Sofia', 'locker', '101 Stamboliyski Blvd'),
    ];
    const picking = () =>
      fakeApi({
        ...reads([line({ quantity: 1 })]),
        'GET /api/couriers/cities?lang=en': { body: sofia },
        'GET /api/couriers/offices?city=Sofia&lang=en': { body: offices },
        'GET /api/couriers/offices?city=Sofia&lang=en&q=mall': { body: [offices[1]] },
        'POST /api/checkout/session?lang=en': { status: 201, body: { sessionId: 's', url: 'https://pay.test/s' } },
      });

    it('takes a locker with the keyboard: the city, the words, the arrow and Enter; the quote and the order carry its id', async () => {
      const calls = picking();
      signIn();
      renderWithApi(<CheckoutView />);
      // The saved details chose an office in Sofia: the picker opens on the city, nothing typed.
      const search = await screen.findByRole('combobox', { name: 'Office or locker' });
      expect(screen.getByRole('combobox', { name: 'City' })).toHaveValue('Sofia');
      expect(screen.getByRole('option', { name: 'Sofia (2)' })).toBeInTheDocument();
      expect(screen.queryByLabelText('Courier office')).not.toBeInTheDocument();
      await userEvent.type(search, 'mall');
      const option = await screen.findByRole('option', { name: /Mall of Sofia.*Locker.*101 Stamboliyski/ });
      await userEvent.keyboard('{ArrowDown}');
      expect(search).toHaveAttribute('aria-activedescendant', option.id);
      await userEvent.keyboard('{Enter}');
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
      expect(screen.getByText(/Sofia – Mall of Sofia, 101 Stamboliyski Blvd/)).toBeInTheDocument();
      await waitFor(() =>
        expect(
          calls.some(
            (call) => call.key === 'POST /api/checkout/quote' && (call.body as { officeId?: number }).officeId === 9,
          ),
        ).toBe(true),
      );
      await userEvent.click(await payButton());
      const session = await waitFor(() => {
        const post = calls.find((call) => call.key === 'POST /api/checkout/session?lang=en');
        expect(post).toBeDefined();
        return post!;
      });
      expect(session.body).toMatchObject({
        delivery: {
          method: 'office',
          officeId: 9,
          office: 'Sofia – Mall of Sofia, 101 Stamboliyski Blvd',
          city: 'Sofia',
          postcode: '1404',
        },
      });
    });

    it('asks for a choice from the list when none is picked, and sends nothing', async () => {
      const calls = picking();
      signIn();
      renderWithApi(<CheckoutView />);
      await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'City' }), '');
      await userEvent.click(await payButton());
      expect(await screen.findByText('Choose an office or locker from the list.')).toBeInTheDocument();
      expect(calls.filter((call) => call.key.startsWith('POST /api/checkout/session'))).toHaveLength(0);
    });
  });
});
