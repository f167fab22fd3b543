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
  description: 'A bomber.',
  price: 289,
  regularPrice: 289,
  sale: null,
  categoryId: 1,
  imageUrl: '/files/main',
  published: true,
  translations: [{ language: 'en', name: 'Noir Silk Bomber', description: 'A bomber.', imageUrl: '/files/main' }],
  colors: [{ id: 11, colorName: 'Onyx', colorNameBg: '', imageUrl: '/files/onyx', hoverImage: '/files/onyx-hover' }],
  sizes: [{ id: 2, size: 'M' }],
  stockTracked: false,
  stock: [],
};

function renderLoggedOut() {
  const onAddToCart = vi.fn();
  const onLoginForCart = vi.fn();
  renderWithRouter(
    <ProductDetails
      product={product}
      lang="en"
      categoryName="Elegance"
      isLoggedIn={false}
      onAddToCart={onAddToCart}
      onLoginForCart={onLoginForCart}
      onToggleWishlist={vi.fn()}
    />,
  );
  return { onAddToCart, onLoginForCart };
}

const addToCart = () => screen.getByRole('button', { name: 'Add to Cart' });

describe('ProductDetails: Add to Cart logged out', () => {
  afterEach(() => vi.clearAllMocks());

  it('hands the page what was chosen, to keep it for after login, and adds nothing', async () => {
    const { onAddToCart, onLoginForCart } = renderLoggedOut();
    await userEvent.click(screen.getByRole('button', { name: 'Onyx' }));
    await userEvent.click(screen.getByRole('button', { name: 'M' }));
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await userEvent.click(addToCart());
    expect(onLoginForCart).toHaveBeenCalledWith({
      productId: 4,
      colorId: 11,
      selectedColor: '/files/onyx',
      selectedSize: 'M',
      quantity: 2,
    });
    expect(onAddToCart).not.toHaveBeenCalled();
    expect(toast.info).not.toHaveBeenCalled();
  });

  it('hands it nothing before a colour and a size are chosen (logged out is still said first)', async () => {
    const { onLoginForCart } = renderLoggedOut();
    await userEvent.click(addToCart());
    expect(onLoginForCart).toHaveBeenCalledWith(null);
    expect(toast.warn).not.toHaveBeenCalled();
  });
});
