import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import type { CartItem } from '@shop/contract';
import i18n from '../../../lib/i18n';
import { useToken } from '../../../lib/session';
import { useUnitsLimit } from '../../../lib/settings';
import { fakeApi as fakeServer, renderWithApi, signIn, TEST_SETTINGS } from '../../../test/fake-api';
import { cartLine } from '../../../test/fake-quote';
import { useAddToCartToast } from '../components/add-to-cart-toast';
import { useAddToCart, type NewCartLine } from './add-to-cart';
import { useCart } from './get-cart';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn(), warn: vi.fn() } }));

const item = (quantity: number) => cartLine({ cartItemId: 7, quantity });

const complete: NewCartLine = { productId: 10, colorId: 3, selectedSize: 'M', quantity: 2 };

/** The product page's button, reduced to the hook and its toast, with the navbar's bubble beside it. */
function AddButton({ line }: { line: NewCartLine }) {
  const add = useAddToCart();
  const showResult = useAddToCartToast();
  const { count, hasLoaded } = useCart();
  const token = useToken();
  const limit = useUnitsLimit();
  return (
    <>
      <button type="button" onClick={async () => showResult(await add(line))} disabled={Boolean(token) && !hasLoaded}>
        Add
      </button>
      <output>{count}</output>
      <p>At most {limit}</p>
    </>
  );
}

/** The cart (in both languages) and what POST /cart answers; returns the keys of the requests sent. */
function fakeApi(cart: CartItem[], post: () => Response | Promise<Response>) {
  const sent = fakeServer({
    'GET /api/cart?lang=en': () => Response.json(cart),
    'GET /api/cart?lang=bg': () => Response.json(cart),
    'POST /api/cart?lang=en': post,
    'POST /api/cart?lang=bg': post,
  });
  return {
    get keys() {
      return sent.map((request) => request.key);
    },
  };
}

function renderButton(token: string | null, line: NewCartLine = complete) {
  if (token) signIn(token);
  renderWithApi(<AddButton line={line} />);
}

const click = async () => {
  const button = screen.getByRole('button', { name: 'Add' });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
};

afterEach(() => {
  vi.clearAllMocks();
});

describe('useAddToCart', () => {
  it('asks a logged-out shopper to log in, before anything else', async () => {
    const calls = fakeApi([], () => Response.json(item(1), { status: 201 }));
    renderButton(null, { ...complete, colorId: undefined });
    await click();
    // With a link to log in (pending-add.test.tsx).
    expect(toast.info).toHaveBeenCalledTimes(1);
    // Only the shop's settings (its units limit), which every page reads anyway.
    expect(calls.keys.filter((key) => key !== 'GET /api/settings')).toEqual([]);
  });

  it('refuses incomplete product data without calling the server', async () => {
    const calls = fakeApi([], () => Response.json(item(1), { status: 201 }));
    renderButton('token-1', { ...complete, selectedSize: undefined });
    await click();
    expect(toast.error).toHaveBeenCalledWith('Product data is incomplete');
    expect(calls.keys).not.toContain('POST /api/cart?lang=en');
  });

  it('adds the line and updates the bubble at once', async () => {
    const cart: CartItem[] = [];
    fakeApi(cart, () => {
      cart.push(item(2));
      return Response.json(item(2), { status: 201 });
    });
    renderButton('token-1');
    await click();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('2'));
    expect(toast.success).toHaveBeenCalledWith('Added to your cart.');
  });

  it('says "Maximum quantity of 99 reached" for a line already at 99, without a request', async () => {
    const calls = fakeApi([item(99)], () => Response.json(item(99)));
    renderButton('token-1');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('99'));
    await click();
    expect(toast.warn).toHaveBeenCalledWith('Maximum quantity of 99 reached');
    expect(calls.keys).not.toContain('POST /api/cart?lang=en');
  });

  it('stops at the shop’s units limit when it is below 99, with the spec’s words for that limit', async () => {
    const calls = fakeServer({
      'GET /api/settings': { body: { ...TEST_SETTINGS, limits: { ...TEST_SETTINGS.limits, maxUnitsPerVariant: 10 } } },
      'GET /api/cart?lang=en': () => Response.json([item(10)]),
    });
    renderButton('token-1');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('10'));
    // The shop's limit has arrived (the contract's 99 stands until then).
    await screen.findByText('At most 10');
    await click();
    expect(toast.warn).toHaveBeenCalledWith('Maximum quantity of 10 reached');
    expect(calls.map((request) => request.key)).not.toContain('POST /api/cart?lang=en');
  });

  it('says so when the server caps the sum at 99', async () => {
    fakeApi([item(98)], () => Response.json(item(99)));
    renderButton('token-1');
    await click();
    await waitFor(() => expect(toast.warn).toHaveBeenCalledWith('Maximum quantity of 99 reached'));
  });

  it("words the server's refusals: the cart's own words, else the server's message, else the generic one", async () => {
    let answer = () =>
      Response.json({ error: 'Maximum quantity of 99 reached', code: 'MAX_QUANTITY' }, { status: 409 });
    fakeApi([], () => answer());
    renderButton('token-1');
    await click();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Maximum quantity of 99 reached'));

    answer = () =>
      Response.json(
        { error: 'Size M is not available for this product.', code: 'VALIDATION_ERROR', fields: { selectedSize: 'x' } },
        { status: 400 },
      );
    await click();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('This size is not available for this product.'));

    // "The server message or Failed to update cart…" (spec section 8).
    answer = () =>
      Response.json({ error: 'Something went wrong. Please try again later.', code: 'INTERNAL' }, { status: 500 });
    await click();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Something went wrong. Please try again later.'));

    answer = () => new Response('<html>Bad gateway</html>', { status: 502 });
    await click();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to update cart. Please check your input.'));
  });

  it('never shows the English server message in Bulgarian', async () => {
    await i18n.changeLanguage('bg');
    fakeApi([], () =>
      Response.json({ error: 'Something went wrong. Please try again later.', code: 'INTERNAL' }, { status: 500 }),
    );
    renderButton('token-1');
    await click();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(i18n.t('apiErrors.INTERNAL')));
    expect(i18n.t('apiErrors.INTERNAL')).not.toBe('Something went wrong. Please try again later.');
  });

  it('says the shop cannot be reached when the request gets no answer', async () => {
    fakeApi([], () => Promise.reject(new TypeError('Failed to fetch')));
    renderButton('token-1');
    await click();
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('We could not reach the shop. Check your connection and try again.'),
    );
  });
});
