import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { SWRConfig } from 'swr';
import type { CartItem } from '@shop/contract';
import { swrFetcher } from '../../../lib/swr';
import { renderWithRouter } from '../../../test/render';
import { useAddToCart, type NewCartLine } from './add-to-cart';
import { useCart } from './get-cart';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn(), warn: vi.fn() } }));

const item = (quantity: number): CartItem => ({
  cartItemId: 7,
  productId: 10,
  name: 'Noir Hoodie',
  price: 50,
  selectedSize: 'M',
  selectedColor: '/files/a',
  colorId: 3,
  colorName: 'Onyx',
  quantity,
  imageUrl: '/files/a',
});

const complete: NewCartLine = { productId: 10, colorId: 3, selectedSize: 'M', quantity: 2 };

/** The product page's button, reduced to the hook, with the navbar's bubble beside it. */
function AddButton({ token, line }: { token: string | null; line: NewCartLine }) {
  const add = useAddToCart(token);
  const { count, hasLoaded } = useCart(token);
  return (
    <>
      <button type="button" onClick={() => void add(line)} disabled={Boolean(token) && !hasLoaded}>
        Add
      </button>
      <output>{count}</output>
    </>
  );
}

function fakeApi(cart: CartItem[], post: () => Response) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${String(input)}`;
      calls.push(key);
      if (key === 'GET /api/cart?lang=en') return Response.json(cart);
      if (key === 'POST /api/cart?lang=en') return post();
      throw new Error(`unexpected request ${key}`);
    }),
  );
  return calls;
}

function renderButton(token: string | null, line: NewCartLine = complete) {
  renderWithRouter(
    <SWRConfig value={{ fetcher: swrFetcher, refreshInterval: 0 }}>
      <AddButton token={token} line={line} />
    </SWRConfig>,
  );
}

const click = async () => {
  const button = screen.getByRole('button', { name: 'Add' });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('useAddToCart', () => {
  it('asks a logged-out shopper to log in, before anything else', async () => {
    const calls = fakeApi([], () => Response.json(item(1), { status: 201 }));
    renderButton(null, { ...complete, colorId: undefined });
    await click();
    expect(toast.info).toHaveBeenCalledWith('Please log in to add items to your cart.');
    expect(calls).toEqual([]);
  });

  it('refuses incomplete product data without calling the server', async () => {
    const calls = fakeApi([], () => Response.json(item(1), { status: 201 }));
    renderButton('token-1', { ...complete, selectedSize: undefined });
    await click();
    expect(toast.error).toHaveBeenCalledWith('Product data is incomplete');
    expect(calls).not.toContain('POST /api/cart?lang=en');
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
    expect(calls).not.toContain('POST /api/cart?lang=en');
  });

  it('says so when the server caps the sum at 99', async () => {
    fakeApi([item(98)], () => Response.json(item(99)));
    renderButton('token-1');
    await click();
    await waitFor(() => expect(toast.warn).toHaveBeenCalledWith('Maximum quantity of 99 reached'));
  });

  it("turns the server's 409 into the 99 message and anything else into the generic one", async () => {
    let answer = Response.json({ error: 'Maximum quantity of 99 reached', code: 'MAX_QUANTITY' }, { status: 409 });
    fakeApi([], () => answer);
    renderButton('token-1');
    await click();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Maximum quantity of 99 reached'));

    answer = Response.json({ error: 'Something went wrong.', code: 'INTERNAL' }, { status: 500 });
    await click();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to update cart. Please check your input.'));

    answer = Response.json(
      { error: 'Size M is not available for this product.', code: 'VALIDATION_ERROR', fields: { selectedSize: 'x' } },
      { status: 400 },
    );
    await click();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('This size is not available for this product.'));
  });
});
