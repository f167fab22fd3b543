import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { TIMINGS, type WishlistItem } from '@shop/contract';
import i18n from '../../../lib/i18n';
import { fakeApi as fakeServer, renderWithApi, signIn } from '../../../test/fake-api';
import { useWishlistHeart } from '../api/use-wishlist-heart';
import { WISHLIST_ERRORS } from '../lib/wishlist-errors';
import { useAddToWishlistToast } from './wishlist-toast';
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
    colors: [
      { id: 3, colorName: 'Onyx', colorNameBg: 'Оникс', imageUrl: `/files/${id}`, hoverImage: `/files/${id}-hover` },
      { id: 4, colorName: 'Bone', colorNameBg: 'Слонова кост', imageUrl: `/files/${id}-bone`, hoverImage: '' },
    ],
  },
  ...overrides,
});

/** The wishlist's cards: the items holding a link (a swatch's item holds a button). */
const findCards = async () =>
  (await screen.findAllByRole('listitem')).filter((item) => within(item).queryByRole('link') !== null);

type Answer = { status: number; body?: unknown } | Response;

/** Answers from `routes`; returns the keys of the requests sent. */
function fakeApi(routes: Record<string, () => Answer>) {
  const sent = fakeServer(routes);
  return {
    get keys() {
      return sent.map((request) => request.key);
    },
  };
}

/** Renders signed in as token-1 (`signedIn: false`: logged out). */
function withApi(ui: React.ReactElement, { signedIn = true } = {}) {
  if (signedIn) signIn();
  else localStorage.clear();
  return renderWithApi(ui);
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('WishlistView', () => {
  it('shows cards with image, hover image, name in the language, price and size', async () => {
    fakeApi({ 'GET /api/wishlist': () => ({ status: 200, body: [saved(1), saved(2)] }) });
    await i18n.changeLanguage('bg');
    withApi(<WishlistView />);
    const cards = await findCards();
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Суитшърт 1');
    expect(cards[0]).toHaveTextContent('Размер L');
    expect(cards[0]).toHaveTextContent('120,00');
    const images = within(cards[0]!).getByRole('link').querySelectorAll('img');
    expect([...images].map((img) => img.getAttribute('src'))).toEqual(['/files/1', '/files/1-hover']);
    expect(within(cards[0]!).getByRole('link')).toHaveAttribute('href', '/product/11?color=3');
    expect(screen.getByRole('link', { name: 'Разгледайте още' })).toHaveAttribute('href', '/clothing');
  });

  it("shows the product's colours as swatches named in the language; another colour switches the picture and the link", async () => {
    fakeApi({ 'GET /api/wishlist': () => ({ status: 200, body: [saved(1)] }) });
    await i18n.changeLanguage('bg');
    withApi(<WishlistView />);
    const [card] = await findCards();
    const swatches = within(card!).getByRole('list', { name: 'Цветове на Суитшърт 1' });
    const onyx = within(swatches).getByRole('button', { name: 'Оникс' });
    const bone = within(swatches).getByRole('button', { name: 'Слонова кост' });
    expect(onyx).toHaveAttribute('aria-pressed', 'true');
    expect(bone).toHaveAttribute('aria-pressed', 'false');
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(bone);
    expect(bone).toHaveAttribute('aria-pressed', 'true');
    const link = within(card!).getByRole('link');
    expect(link).toHaveAttribute('href', '/product/11?color=4');
    expect([...link.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(['/files/1-bone']);
  });

  it('keeps an item whose size the product no longer comes in, saying so', async () => {
    fakeApi({ 'GET /api/wishlist': () => ({ status: 200, body: [saved(1, { sizeOffered: false }), saved(2)] }) });
    withApi(<WishlistView />);
    const cards = await findCards();
    expect(cards[0]).toHaveTextContent('This size is no longer available.');
    expect(cards[1]).not.toHaveTextContent('no longer available');
  });

  it('shows the stars of a product with published reviews, as its card in the shop does', async () => {
    const rated = saved(1);
    rated.product.rating = { average: 4.5, count: 12 };
    fakeApi({ 'GET /api/wishlist': () => ({ status: 200, body: [rated, saved(2)] }) });
    withApi(<WishlistView />);
    const cards = await findCards();
    expect(within(cards[0]!).getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent('(12)');
    expect(within(cards[1]!).queryByRole('img', { name: /^Rated/ })).not.toBeInTheDocument();
  });

  it('shows the empty state with a way to browse', async () => {
    fakeApi({ 'GET /api/wishlist': () => ({ status: 200, body: [] }) });
    withApi(<WishlistView />);
    expect(await screen.findByText('Your wishlist is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse more' })).toHaveAttribute('href', '/clothing');
  });

  it('refreshes every 3 s', async () => {
    let items = [saved(1)];
    fakeApi({ 'GET /api/wishlist': () => ({ status: 200, body: items }) });
    withApi(<WishlistView />);
    expect(await findCards()).toHaveLength(1);
    items = [saved(1), saved(2)];
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.wishlistRefresh + 100));
    await waitFor(async () => expect(await findCards()).toHaveLength(2));
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
    withApi(<WishlistView />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    refuse = true;
    await user.click(await screen.findByRole('button', { name: 'Remove Noir Hoodie 1 from the wishlist' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to remove from wishlist.'));
    expect(await findCards()).toHaveLength(2);

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Remove Noir Hoodie 1 from the wishlist' }));
    await waitFor(async () => expect(await findCards()).toHaveLength(1));
  });
});

/** The product page's heart, reduced to the hook and its toast. */
function Heart({ productId }: { productId: number }) {
  const heart = useWishlistHeart();
  const showResult = useAddToWishlistToast();
  async function add() {
    const result = await heart.add({ productId, colorId: 3, selectedSize: 'M' });
    if (result) showResult(result, { failure: WISHLIST_ERRORS.add, successKey: 'wishlist.added' });
  }
  return (
    <button type="button" aria-pressed={heart.filled} onClick={add}>
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
    withApi(<Heart productId={11} />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const heart = screen.getByRole('button', { name: 'Heart' });
    await user.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    expect(toast.success).toHaveBeenCalledWith('Added to your wishlist.');
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.wishlistHeartFeedback - 200));
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(calls.keys.filter((key) => key === 'POST /api/wishlist')).toHaveLength(1);
  });

  it('says "Login to use wishlist." when logged out and "Error: Invalid product ID." for a bad id', async () => {
    const calls = fakeApi({});
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { unmount } = withApi(<Heart productId={11} />, { signedIn: false });
    await user.click(screen.getByRole('button', { name: 'Heart' }));
    expect(toast.info).toHaveBeenCalledWith('Login to use wishlist.');
    unmount();
    withApi(<Heart productId={Number.NaN} />);
    await user.click(screen.getByRole('button', { name: 'Heart' }));
    expect(toast.error).toHaveBeenCalledWith('Error: Invalid product ID.');
    expect(calls.keys).toEqual([]);
  });

  it("answers a failed add with the server's message or the spec's, and leaves the heart empty", async () => {
    let answer: () => Answer = () => ({ status: 404, body: { error: 'Product not found', code: 'NOT_FOUND' } });
    fakeApi({ 'POST /api/wishlist': () => answer() });
    withApi(<Heart productId={11} />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Heart' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Product not found'));

    answer = () => new Response('<html>Bad gateway</html>', { status: 502 });
    await user.click(screen.getByRole('button', { name: 'Heart' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Could not add to wishlist. Please try again later!'));
    expect(screen.getByRole('button', { name: 'Heart' })).toHaveAttribute('aria-pressed', 'false');
  });
});
