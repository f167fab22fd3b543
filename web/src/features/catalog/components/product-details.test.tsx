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
  categoryId: 1,
  imageUrl: '/files/main',
  published: true,
  translations: [{ language: 'en', name: 'Noir Silk Bomber', description: 'A bomber.', imageUrl: '/files/main' }],
  colors: [
    { id: 11, colorName: 'Onyx', imageUrl: '/files/onyx', hoverImage: '/files/onyx-hover' },
    { id: 12, colorName: 'Bordeaux', imageUrl: '/files/bordeaux', hoverImage: '/files/bordeaux-hover' },
  ],
  sizes: [
    { id: 1, size: 'XS' },
    { id: 2, size: 'M' },
  ],
  stockTracked: false,
  stock: [],
};

function renderDetails(isLoggedIn = true) {
  const onToggleWishlist = vi.fn();
  const onAddToCart = vi.fn();
  renderWithRouter(
    <ProductDetails
      product={product}
      lang="en"
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
