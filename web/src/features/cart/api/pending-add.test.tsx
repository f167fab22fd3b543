import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'react-toastify';
import type { ReactElement } from 'react';
import i18n from '../../../lib/i18n';
import { fakeApi, renderWithApi, signIn, type SentRequest } from '../../../test/fake-api';
import { cartLine } from '../../../test/fake-quote';
import { useAddToCartToast } from '../components/add-to-cart-toast';
import { useAddToCart, useResumePendingAdd, type NewCartLine } from './add-to-cart';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn(), warn: vi.fn() } }));

afterEach(() => {
  vi.clearAllMocks();
});

const line: NewCartLine = { productId: 10, colorId: 3, selectedSize: 'M', quantity: 2 };
const added = cartLine({ cartItemId: 7 });

function AddButton({ chosen }: { chosen: NewCartLine }) {
  const add = useAddToCart();
  const showResult = useAddToCartToast();
  return (
    <button type="button" onClick={async () => showResult(await add(chosen))}>
      Add
    </button>
  );
}

function ProductPage({ productId }: { productId: number }) {
  useResumePendingAdd(productId, useAddToCartToast());
  return <p>product {productId}</p>;
}

/** What the toast shows, rendered where the shopper is. */
function showToast(at: string) {
  const content = vi.mocked(toast.info).mock.calls[0]?.[0] as ReactElement;
  const router = createMemoryRouter([{ path: '*', element: content }], { initialEntries: [at] });
  render(<RouterProvider router={router} />);
}

/**
 * The yardstick for "nothing else was sent": a fresh add, resumed on a page of its own and awaited
 * until it is said. An add an earlier page started goes the same way and would have been sent
 * before it, so the requests counted after it are all there will be (no waiting on the clock).
 */
async function resumeAFreshAdd(saidTimes: number) {
  sessionStorage.setItem('shop.pendingAdd', JSON.stringify({ ...line, at: Date.now() }));
  renderWithApi(<ProductPage productId={10} />);
  await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(saidTimes));
}

const posts = (sent: SentRequest[]) => sent.filter((request) => request.key === 'POST /api/cart?lang=en');

const server = () =>
  fakeApi({
    'GET /api/cart?lang=en': () => Response.json([]),
    'POST /api/cart?lang=en': () => Response.json(added, { status: 201 }),
  });

describe('Add to Cart while logged out', () => {
  it('says to log in with a link that comes back to the page, and keeps the add asked for', async () => {
    const sent = server();
    renderWithApi(<AddButton chosen={line} />, { path: '/product/10' });
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(toast.info).toHaveBeenCalledTimes(1);
    showToast('/product/10?ref=home');
    expect(screen.getByText(/^Please log in to add items to your cart\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?next=%2Fproduct%2F10%3Fref%3Dhome',
    );
    expect(sent.map((request) => request.key)).not.toContain('POST /api/cart?lang=en');
    expect(JSON.parse(sessionStorage.getItem('shop.pendingAdd') ?? '{}')).toMatchObject(line);
  });

  it('words the toast in Bulgarian', async () => {
    await i18n.changeLanguage('bg');
    server();
    renderWithApi(<AddButton chosen={line} />, { path: '/product/10' });
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    showToast('/product/10');
    expect(screen.getByText(/^Моля, влезте в профила си, за да добавяте продукти в количката\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Вход' })).toHaveAttribute('href', '/login?next=%2Fproduct%2F10');
  });

  it('keeps nothing when the line is not complete (no size chosen yet)', async () => {
    server();
    renderWithApi(<AddButton chosen={{ ...line, selectedSize: undefined }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(sessionStorage.getItem('shop.pendingAdd')).toBeNull();
  });
});

describe('back on the product after logging in', () => {
  it('does the add asked for, once, and says so', async () => {
    const sent = server();
    sessionStorage.setItem('shop.pendingAdd', JSON.stringify({ ...line, at: Date.now() }));
    signIn();
    const { unmount } = renderWithApi(<ProductPage productId={10} />);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Added to your cart.'));
    expect(posts(sent).map((request) => request.body)).toEqual([
      { productId: 10, selectedColor: 3, selectedSize: 'M', quantity: 2 },
    ]);
    expect(sessionStorage.getItem('shop.pendingAdd')).toBeNull();
    // Seen again (a reload, back and forth): nothing more is added.
    unmount();
    renderWithApi(<ProductPage productId={10} />);
    await resumeAFreshAdd(2);
    expect(posts(sent)).toHaveLength(2);
  });

  it('leaves another product’s add, and forgets one older than half an hour', async () => {
    const sent = server();
    sessionStorage.setItem('shop.pendingAdd', JSON.stringify({ ...line, at: Date.now() }));
    signIn();
    renderWithApi(<ProductPage productId={11} />);
    expect(sessionStorage.getItem('shop.pendingAdd')).not.toBeNull();
    sessionStorage.setItem('shop.pendingAdd', JSON.stringify({ ...line, at: Date.now() - 31 * 60 * 1000 }));
    renderWithApi(<ProductPage productId={10} />);
    expect(sessionStorage.getItem('shop.pendingAdd')).toBeNull();
    // Neither page added anything: the fresh add is the only one sent.
    await resumeAFreshAdd(1);
    expect(posts(sent)).toHaveLength(1);
  });

  it('waits while the shopper is still logged out', async () => {
    const sent = server();
    sessionStorage.setItem('shop.pendingAdd', JSON.stringify({ ...line, at: Date.now() }));
    renderWithApi(<ProductPage productId={10} />);
    expect(sessionStorage.getItem('shop.pendingAdd')).not.toBeNull();
    // Once logged in, the page adds it: that one add, with the shopper's token, is all that was sent.
    signIn();
    renderWithApi(<ProductPage productId={10} />);
    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(1));
    expect(posts(sent).map((request) => request.token)).toEqual(['token-1']);
    // Nor did the logged-out page ask to log in: the shopper pressed nothing there.
    expect(toast.info).not.toHaveBeenCalled();
  });
});
