import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import type { Product } from '@shop/contract';
import { renderWithRouter } from '../../../test/render';
import { ProductDetails } from './product-details';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn(), warn: vi.fn() } }));

const product: Product = {
  id: 4,
  name: 'Noir Silk Bomber',
  description: 'A bomber cut from heavy washed silk.',
  price: 289,
  regularPrice: 289,
  sale: null,
  categoryId: 1,
  imageUrl: '/files/main',
  published: true,
  translations: [{ language: 'en', name: 'Noir Silk Bomber', description: 'A bomber.', imageUrl: '/files/main' }],
  colors: [
    { id: 11, colorName: 'Onyx', colorNameBg: '', imageUrl: '/files/onyx', hoverImage: '/files/onyx-hover' },
    {
      id: 12,
      colorName: 'Bordeaux',
      colorNameBg: '',
      imageUrl: '/files/bordeaux',
      hoverImage: '/files/bordeaux-hover',
    },
  ],
  sizes: [
    { id: 1, size: 'XS' },
    { id: 2, size: 'M' },
  ],
  stockTracked: false,
  stock: [],
};

function renderDetails(isLoggedIn = true, { lang = 'en', shown = product } = {}) {
  const onToggleWishlist = vi.fn();
  const onAddToCart = vi.fn();
  renderWithRouter(
    <ProductDetails
      product={shown}
      lang={lang}
      categoryName="Elegance"
      isLoggedIn={isLoggedIn}
      onAddToCart={onAddToCart}
      onToggleWishlist={onToggleWishlist}
    />,
  );
  return { onToggleWishlist, onAddToCart };
}

const heart = () => screen.getByRole('button', { name: 'Add to wishlist' });

describe('ProductDetails: the wishlist heart', () => {
  afterEach(() => vi.clearAllMocks());

  it('asks for a size and a colour first, as Add to Cart does, and saves nothing', async () => {
    const { onToggleWishlist } = renderDetails();
    await userEvent.click(heart());
    expect(toast.warn).toHaveBeenCalledWith('Please select size and colour to save this piece to your wishlist');
    expect(onToggleWishlist).not.toHaveBeenCalled();

    // A colour alone is not enough either.
    await userEvent.click(screen.getByRole('button', { name: 'Bordeaux' }));
    await userEvent.click(heart());
    expect(toast.warn).toHaveBeenCalledTimes(2);
    expect(onToggleWishlist).not.toHaveBeenCalled();
  });

  it('saves exactly the size and colour the shopper chose', async () => {
    const { onToggleWishlist } = renderDetails();
    await userEvent.click(screen.getByRole('button', { name: 'Bordeaux' }));
    await userEvent.click(screen.getByRole('button', { name: 'M' }));
    await userEvent.click(heart());
    expect(toast.warn).not.toHaveBeenCalled();
    expect(onToggleWishlist).toHaveBeenCalledWith({
      productId: 4,
      colorId: 12,
      selectedColor: '/files/bordeaux',
      selectedSize: 'M',
      quantity: 1,
    });
  });

  it('asks a visitor to log in before anything else', async () => {
    const { onToggleWishlist } = renderDetails(false);
    await userEvent.click(heart());
    expect(toast.info).toHaveBeenCalledWith('Login to use wishlist.');
    expect(toast.warn).not.toHaveBeenCalled();
    expect(onToggleWishlist).not.toHaveBeenCalled();
  });
});

describe('ProductDetails: stock', () => {
  afterEach(() => vi.clearAllMocks());

  const tracked: Product = {
    ...product,
    stockTracked: true,
    stock: [
      { colorId: 11, size: 'XS', available: 0 },
      { colorId: 11, size: 'M', available: 2 },
      { colorId: 12, size: 'XS', available: 5 },
      { colorId: 12, size: 'M', available: 0 },
    ],
  };

  function renderTracked() {
    const onAddToCart = vi.fn();
    renderWithRouter(
      <ProductDetails
        product={tracked}
        lang="en"
        categoryName="Elegance"
        isLoggedIn
        onAddToCart={onAddToCart}
        onToggleWishlist={vi.fn()}
        soldOutAction={({ size }) => <button type="button">Notify me about {size}</button>}
      />,
    );
    return onAddToCart;
  }

  it('strikes through a size sold out in the chosen colour; chosen, it offers the alert instead of the cart', async () => {
    const onAddToCart = renderTracked();
    await userEvent.click(screen.getByRole('button', { name: 'Onyx' }));
    // A screen reader hears the state in the size's name, not only a strike-through on screen.
    const xs = screen.getByRole('button', { name: 'XS, sold out' });
    expect(xs).toHaveAttribute('data-sold-out');
    expect(screen.getByRole('button', { name: 'M' })).not.toHaveAttribute('data-sold-out');

    await userEvent.click(xs);
    expect(screen.getByText('This size is sold out in this colour.')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Sold out' });
    expect(add).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Notify me about XS' })).toBeInTheDocument();
    expect(onAddToCart).not.toHaveBeenCalled();

    // Another colour has it: back to the cart.
    await userEvent.click(screen.getByRole('button', { name: 'Bordeaux' }));
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Notify me about XS' })).not.toBeInTheDocument();
  });

  it('says "Only N left" at 3 or fewer and stops the stepper there', async () => {
    const onAddToCart = renderTracked();
    await userEvent.click(screen.getByRole('button', { name: 'Onyx' }));
    await userEvent.click(screen.getByRole('button', { name: 'M' }));
    expect(screen.getByText('Only 2 left in this size and colour.')).toBeInTheDocument();
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    await userEvent.click(plus);
    // Said once: the stepper at its maximum does not repeat it.
    expect(screen.getAllByText(/Only 2 left/)).toHaveLength(1);
    expect(plus).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Quantity' })).toHaveValue('2');
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(onAddToCart).toHaveBeenCalledWith(expect.objectContaining({ colorId: 11, selectedSize: 'M', quantity: 2 }));
  });
});

describe('ProductDetails: colour names', () => {
  const named: Product = {
    ...product,
    colors: [{ ...product.colors[0]!, colorNameBg: 'Оникс' }, product.colors[1]!],
  };

  it('names the colours in Bulgarian on a Bulgarian page, in English where a colour has no Bulgarian name', async () => {
    renderDetails(true, { lang: 'bg', shown: named });
    expect(screen.queryByRole('button', { name: 'Onyx' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Оникс' }));
    expect(screen.getByRole('group', { name: /Оникс/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bordeaux' })).toBeInTheDocument();
  });

  it('keeps the English names on an English page', () => {
    renderDetails(true, { shown: named });
    expect(screen.getByRole('button', { name: 'Onyx' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Оникс' })).not.toBeInTheDocument();
  });
});

describe('ProductDetails: Add to Cart', () => {
  afterEach(() => vi.clearAllMocks());

  it('takes the colour it shows as chosen, so only a size is asked for, in the spec’s words (issue 45)', async () => {
    const { onAddToCart } = renderDetails();
    expect(screen.getByRole('button', { name: 'Onyx' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('img', { name: /Onyx/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(toast.warn).toHaveBeenCalledWith('Please select size and color');
    expect(onAddToCart).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'M' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(onAddToCart).toHaveBeenCalledWith(expect.objectContaining({ colorId: 11, selectedSize: 'M' }));
  });

  it('starts on the first colour that has anything left', () => {
    const stock = [
      { colorId: 11, size: 'XS' as const, available: 0 },
      { colorId: 11, size: 'M' as const, available: 0 },
      { colorId: 12, size: 'M' as const, available: 1 },
    ];
    renderDetails(true, { shown: { ...product, stockTracked: true, stock } });
    expect(screen.getByRole('button', { name: 'Bordeaux' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Onyx' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('says "Added" beside the button, with the way to the cart, until the choice changes (issue 28, item 14)', async () => {
    const { onAddToCart } = renderDetails();
    onAddToCart.mockResolvedValue(true);
    await userEvent.click(screen.getByRole('button', { name: 'Onyx' }));
    await userEvent.click(screen.getByRole('button', { name: 'M' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    const status = await screen.findByText('Added to your cart.');
    expect(status.closest('[role=status]')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Cart' })).toHaveAttribute('href', '/cart');
    expect(toast.success).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'XS' }));
    expect(screen.queryByText('Added to your cart.')).not.toBeInTheDocument();
  });

  it('says nothing there when the add did not go through (the page has told the shopper why)', async () => {
    const { onAddToCart } = renderDetails();
    onAddToCart.mockResolvedValue(false);
    await userEvent.click(screen.getByRole('button', { name: 'Onyx' }));
    await userEvent.click(screen.getByRole('button', { name: 'M' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(onAddToCart).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Added to your cart.')).not.toBeInTheDocument();
  });
});
