import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { TIMINGS, type CartItem } from '@shop/contract';
import { fakeApi as fakeServer, renderWithApi, signIn, TEST_SETTINGS, type Answer } from '../../../test/fake-api';
import { cartLine, fakeQuote } from '../../../test/fake-quote';
import i18n from '../../../lib/i18n';
import { CartView } from './cart-view';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn(), warn: vi.fn() } }));

/** The fake server, quoting delivery (POST /checkout/quote) for the cart the test serves, as the server would. */
function fakeApi(routes: Record<string, Answer>) {
  const cart = routes['GET /api/cart?lang=en'];
  const items = cart && typeof cart === 'object' && Array.isArray(cart.body) ? (cart.body as CartItem[]) : [];
  const settings = routes['GET /api/settings'];
  return fakeServer({
    'POST /api/checkout/quote': fakeQuote(
      items,
      {},
      settings && typeof settings === 'object' ? (settings.body as typeof TEST_SETTINGS) : TEST_SETTINGS,
    ),
    ...routes,
  });
}

function renderCart(onMoveToWishlist = vi.fn(async () => true)) {
  signIn();
  renderWithApi(<CartView onMoveToWishlist={onMoveToWishlist} />);
  return onMoveToWishlist;
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('CartView', () => {
  it.each([
    [true, true, 'On the next step you pay by card or choose cash on delivery.'],
    [true, false, 'You pay securely by card on the next step.'],
    [false, true, 'You pay in cash to the courier on delivery.'],
    [false, false, 'The shop takes no orders online at the moment.'],
  ])('names the ways to pay the shop takes (cards %s, cash on delivery %s)', async (card, cod, note) => {
    fakeApi({
      'GET /api/cart?lang=en': { body: [cartLine({})] },
      'GET /api/settings': {
        body: { ...TEST_SETTINGS, payments: { card }, cod: { ...TEST_SETTINGS.cod, enabled: cod } },
      },
    });
    renderCart();
    expect(await screen.findByText(note)).toBeInTheDocument();
  });

  it('estimates delivery as the checkout will reckon it and says how much more makes it free', async () => {
    fakeApi({ 'GET /api/cart?lang=en': { body: [cartLine({ price: 30, quantity: 2 })] } });
    renderCart();
    expect(await screen.findByTestId('cart-delivery')).toHaveTextContent(
      'Delivery from $4.50 (1–3 working days in Bulgaria), added at checkout.',
    );
    expect(screen.getByText('Add $40.00 more for free delivery.')).toBeInTheDocument();
  });

  it('names the cheapest way offered: a locker cheaper than an office (issue 45)', async () => {
    fakeApi({
      'GET /api/cart?lang=en': { body: [cartLine({ price: 30, quantity: 2 })] },
      'GET /api/settings': {
        body: { ...TEST_SETTINGS, delivery: { ...TEST_SETTINGS.delivery, officePrice: 4.2, lockerPrice: 3.9 } },
      },
    });
    renderCart();
    expect(await screen.findByTestId('cart-delivery')).toHaveTextContent(
      'Delivery from $3.90 (1–3 working days in Bulgaria), added at checkout.',
    );
  });

  it('says delivery is free from the threshold on, with no hint', async () => {
    fakeApi({ 'GET /api/cart?lang=en': { body: [cartLine({ price: 50, quantity: 2 })] } });
    renderCart();
    expect(await screen.findByTestId('cart-delivery')).toHaveTextContent('Free delivery');
    expect(screen.queryByText(/more for free delivery/)).not.toBeInTheDocument();
  });

  it('names each line’s colour and size on its buttons, so two lines of one product are told apart', async () => {
    fakeApi({
      'GET /api/cart?lang=en': {
        body: [cartLine({}), cartLine({ cartItemId: 2, colorId: 4, colorName: 'Bone', selectedSize: 'L' })],
      },
    });
    renderCart();
    expect(
      await screen.findByRole('button', { name: 'Remove Noir Hoodie (Onyx, size M) from the cart' }),
    ).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Remove Noir Hoodie (Bone, size L) from the cart' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move Noir Hoodie (Bone, size L) to the wishlist' })).toBeEnabled();
  });

  it('lists the lines and totals them, a line without a price counting 0', async () => {
    fakeApi({
      'GET /api/cart?lang=en': () => ({
        status: 200,
        body: [
          cartLine({}),
          cartLine({ cartItemId: 2, name: 'Cap', price: Number.NaN, quantity: 3, colorName: 'Bone' }),
        ],
      }),
    });
    renderCart();
    const lines = await screen.findAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent('Noir Hoodie');
    expect(lines[0]).toHaveTextContent('Colour: Onyx');
    expect(lines[0]).toHaveTextContent('Size: M');
    expect(within(lines[0]!).getByRole('link', { name: 'Noir Hoodie' })).toHaveAttribute('href', '/product/10');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$100.00');
    expect(screen.getByText('5 items')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/clothing');
  });

  it('shows a line on sale with its prior price struck through and the percentage off it', async () => {
    fakeApi({
      'GET /api/cart?lang=en': {
        body: [cartLine({ price: 35, sale: { priorPrice: 50, percentOff: 30, endsAt: null } })],
      },
    });
    renderCart();
    const [item] = await screen.findAllByRole('listitem');
    expect(item!.querySelector('del')).toHaveTextContent('Lowest price in the 30 days before the sale: $50.00');
    expect(within(item!).getByText('−30%')).toBeInTheDocument();
    expect(item).toHaveTextContent('$35.00 each');
  });

  it('names each colour in Bulgarian on a Bulgarian page, in English where it has no Bulgarian name', async () => {
    fakeApi({
      'GET /api/cart?lang=bg': () => ({
        status: 200,
        body: [cartLine({ colorNameBg: 'Оникс' }), cartLine({ cartItemId: 2, colorId: 4, colorName: 'Bone' })],
      }),
    });
    await i18n.changeLanguage('bg');
    renderCart();
    const lines = await screen.findAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('Цвят: Оникс');
    expect(lines[1]).toHaveTextContent('Цвят: Bone');
  });

  it('shows the empty-cart message', async () => {
    fakeApi({ 'GET /api/cart?lang=en': () => ({ status: 200, body: [] }) });
    renderCart();
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
  });

  it('sends a quantity change and shows it at once', async () => {
    const calls = fakeApi({
      'GET /api/cart?lang=en': () => ({ status: 200, body: [cartLine({})] }),
      'PATCH /api/cart/1?lang=en': ({ body }) => ({
        status: 200,
        body: cartLine({ quantity: (body as { quantity: number }).quantity }),
      }),
    });
    renderCart();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Increase quantity' }));
    expect(screen.getByRole('textbox')).toHaveValue('3');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$150.00');
    await waitFor(() =>
      expect(calls).toContainEqual({ key: 'PATCH /api/cart/1?lang=en', body: { quantity: 3 }, token: 'token-1' }),
    );
  });

  it('moves a line to the wishlist after the undo window; a second click within it cancels', async () => {
    let cart = [cartLine({})];
    const calls = fakeApi({
      'GET /api/cart?lang=en': () => ({ status: 200, body: cart }),
      'DELETE /api/cart/1': () => {
        cart = [];
        return { status: 204 };
      },
    });
    const move = renderCart();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const button = await screen.findByRole('button', { name: 'Move Noir Hoodie (Onyx, size M) to the wishlist' });

    await user.click(button);
    expect(screen.getByText('Moving to your wishlist…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Noir Hoodie (Onyx, size M) from the cart' })).toBeDisabled();
    await user.click(
      screen.getByRole('button', { name: 'Keep Noir Hoodie (Onyx, size M) in the cart (undo the move)' }),
    );
    expect(screen.queryByText('Moving to your wishlist…')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.cartToWishlistUndo + 100));
    expect(move).not.toHaveBeenCalled();

    await user.click(button);
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.cartToWishlistUndo - 100));
    expect(move).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(move).toHaveBeenCalledWith(
      expect.objectContaining({ cartItemId: 1, colorId: 3, selectedSize: 'M', quantity: 2 }),
    );
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toContain('DELETE /api/cart/1');
    expect(toast.success).toHaveBeenCalledWith('Noir Hoodie moved to your wishlist.');
  });

  it('keeps the line in the cart when the wishlist refuses it', async () => {
    const calls = fakeApi({ 'GET /api/cart?lang=en': () => ({ status: 200, body: [cartLine({})] }) });
    const move = renderCart(vi.fn(async () => false));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Move Noir Hoodie (Onyx, size M) to the wishlist' }));
    expect(screen.getByText('Moving to your wishlist…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.cartToWishlistUndo + 100));
    expect(move).toHaveBeenCalledOnce();
    // An ordinary line again: no move waiting or under way, its buttons usable.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove Noir Hoodie (Onyx, size M) from the cart' })).toBeEnabled(),
    );
    expect(screen.queryByText('Moving to your wishlist…')).not.toBeInTheDocument();
    expect(screen.queryByText('Moving…')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Noir Hoodie' })).toBeInTheDocument();
    expect(calls.map((c) => c.key)).not.toContain('DELETE /api/cart/1');
  });

  it('removes a line at once and brings it back with "Failed to remove from cart." when the server refuses', async () => {
    fakeApi({
      'GET /api/cart?lang=en': () => ({ status: 200, body: [cartLine({})] }),
      'DELETE /api/cart/1': () => ({ status: 500, body: { error: 'Something went wrong.', code: 'INTERNAL' } }),
    });
    renderCart();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Remove Noir Hoodie (Onyx, size M) from the cart' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to remove from cart.'));
    expect(await screen.findByRole('link', { name: 'Noir Hoodie' })).toBeInTheDocument();
  });

  it('warns on lines above what is left and will not start a checkout for them', async () => {
    fakeApi({
      'GET /api/cart?lang=en': () => ({
        status: 200,
        body: [
          cartLine({ quantity: 3, available: 1 }),
          cartLine({ cartItemId: 2, colorId: 4, colorName: 'Bone', available: 0 }),
        ],
      }),
    });
    renderCart();
    expect(await screen.findByText('Only 1 left: lower the quantity to check out.')).toBeInTheDocument();
    expect(screen.getByText('Sold out in this size and colour: remove it to check out.')).toBeInTheDocument();
    expect(
      screen.getByText('Some items are above what is left in stock. Change them to check out.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Checkout' })).not.toBeInTheDocument();
  });

  it('says a line’s size is no longer available once the product drops it, and will not check it out', async () => {
    fakeApi({
      'GET /api/cart?lang=en': () => ({
        status: 200,
        body: [cartLine({ quantity: 2, available: 0, sizeOffered: false }), cartLine({ cartItemId: 2, colorId: 4 })],
      }),
    });
    renderCart();
    expect(await screen.findByText('This size is no longer available: remove it to check out.')).toBeInTheDocument();
    expect(screen.queryByText('Sold out in this size and colour: remove it to check out.')).not.toBeInTheDocument();
    // Not the bulk buyers' note: the size is gone, not at a limit.
    expect(screen.getByText('No longer available')).toBeInTheDocument();
    expect(screen.queryByText(/Maximum quantity/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  });

  it('words a refused quantity with what is left', async () => {
    fakeApi({
      'GET /api/cart?lang=en': () => ({ status: 200, body: [cartLine({ quantity: 1, available: 5 })] }),
      'PATCH /api/cart/1?lang=en': () => ({
        status: 409,
        body: { error: 'Only 1 left in this size and colour.', code: 'OUT_OF_STOCK', available: 1 },
      }),
    });
    renderCart();
    await userEvent.click(await screen.findByRole('button', { name: 'Increase quantity' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Only 1 left in this size and colour.'));
  });
});
