import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { SWRConfig } from 'swr';
import { TIMINGS, type WishlistItem } from '@shop/contract';
import i18n from '../../../lib/i18n';
import { swrFetcher } from '../../../lib/swr';
import { renderWithRouter } from '../../../test/render';
import { useWishlistHeart } from '../api/use-wishlist-heart';
import { WishlistView } from './wishlist-view';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn(), warn: vi.fn() } }));

const saved = (id: number, overrides: Partial<WishlistItem> = {}): WishlistItem => ({
  id,
  productId: 10 + id,
  selectedSize: 'L',
  selectedColor: `/files/${id}`,
  colorId: 3,
  quantity: 1,
  product: {
    translations: [
      { language: 'en', name: `Noir Hoodie ${id}`, description: '', imageUrl: '' },
      { language: 'bg', name: `Суитшърт ${id}`, description: '', imageUrl: '' },
    ],
    price: 120,
    imageUrl: `/files/${id}`,
    hoverImage: `/files/${id}-hover`,
  },
  ...overrides,
});

type Answer = { status: number; body?: unknown };

function fakeApi(routes: Record<string, () => Answer>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${String(input)}`;
      calls.push(key);
      const route = routes[key];
      if (!route) throw new Error(`unexpected request ${key}`);
      const answer = route();
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return calls;
}

const withApi = (ui: React.ReactElement) =>
  renderWithRouter(<SWRConfig value={{ fetcher: swrFetcher, refreshInterval: 0 }}>{ui}</SWRConfig>);

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('WishlistView', () => {
  it('shows cards with image, hover image, name in the language, price and size', async () => {
    fakeApi({ 'GET /api/wishlist': () => ({ status: 200, body: [saved(1), saved(2)] }) });
    await i18n.changeLanguage('bg');
    withApi(<WishlistView token="token-1" />);
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Суитшърт 1');
    expect(cards[0]).toHaveTextContent('Размер L');
    expect(cards[0]).toHaveTextContent('120,00');
    const images = cards[0]!.querySelectorAll('img');
    expect([...images].map((img) => img.getAttribute('src'))).toEqual(['/files/1', '/files/1-hover']);
    expect(within(cards[0]!).getByRole('link')).toHaveAttribute('href', '/product/11');
    expect(screen.getByRole('link', { name: 'Разгледайте още' })).toHaveAttribute('href', '/clothing');
  });

  it('shows the empty state with a way to browse', async () => {
    fakeApi({ 'GET /api/wishlist': () => ({ status: 200, body: [] }) });
    withApi(<WishlistView token="token-1" />);
    expect(await screen.findByText('Your wishlist is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse more' })).toHaveAttribute('href', '/clothing');
  });

  it('refreshes every 3 s', async () => {
    let items = [saved(1)];
    fakeApi({ 'GET /api/wishlist': () => ({ status: 200, body: items }) });
    withApi(<WishlistView token="token-1" />);
    expect(await screen.findAllByRole('listitem')).toHaveLength(1);
    items = [saved(1), saved(2)];
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.wishlistRefresh + 100));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
  });

  it('removes a card at once; a refusal brings it back with a message', async () => {
    let items = [saved(1), saved(2)];
    let refuse = false;
    fakeApi({
      'GET /api/wishlist': () => ({ status: 200, body: items }),
      'DELETE /api/wishlist/1': () => {
        if (refuse) return { status: 500, body: { error: 'x', code: 'INTERNAL' } };
        items = items.filter((i) => i.id !== 1);
        return { status: 204 };
      },
    });
    withApi(<WishlistView token="token-1" />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    refuse = true;
    await user.click(await screen.findByRole('button', { name: 'Remove Noir Hoodie 1 from the wishlist' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to remove from wishlist.'));
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Remove Noir Hoodie 1 from the wishlist' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
  });
});

function Heart({ token, productId }: { token: string | null; productId: number }) {
  const heart = useWishlistHeart(token);
  return (
    <button
      type="button"
      aria-pressed={heart.filled}
      onClick={() => void heart.add({ productId, colorId: 3, selectedSize: 'M' })}
    >
      Heart
    </button>
  );
}

describe('useWishlistHeart', () => {
  it('fills the heart for 2.5 s after adding', async () => {
    const calls = fakeApi({
      'POST /api/wishlist': () => ({ status: 201, body: saved(1) }),
      'GET /api/wishlist': () => ({ status: 200, body: [saved(1)] }),
    });
    withApi(<Heart token="token-1" productId={11} />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const heart = screen.getByRole('button', { name: 'Heart' });
    await user.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    expect(toast.success).toHaveBeenCalledWith('Added to your wishlist.');
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.wishlistHeartFeedback - 200));
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(calls.filter((c) => c === 'POST /api/wishlist')).toHaveLength(1);
  });

  it('says "Login to use wishlist." when logged out and "Error: Invalid product ID." for a bad id', async () => {
    const calls = fakeApi({});
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { unmount } = withApi(<Heart token={null} productId={11} />);
    await user.click(screen.getByRole('button', { name: 'Heart' }));
    expect(toast.info).toHaveBeenCalledWith('Login to use wishlist.');
    unmount();
    withApi(<Heart token="token-1" productId={Number.NaN} />);
    await user.click(screen.getByRole('button', { name: 'Heart' }));
    expect(toast.error).toHaveBeenCalledWith('Error: Invalid product ID.');
    expect(calls).toEqual([]);
  });

  it("answers a failed add with the spec's message and leaves the heart empty", async () => {
    fakeApi({ 'POST /api/wishlist': () => ({ status: 500, body: { error: 'x', code: 'INTERNAL' } }) });
    withApi(<Heart token="token-1" productId={11} />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Heart' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Could not add to wishlist. Please try again later!'));
    expect(screen.getByRole('button', { name: 'Heart' })).toHaveAttribute('aria-pressed', 'false');
  });
});
