import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
  imageUrl: '/files/onyx',
  published: true,
  translations: [{ language: 'en', name: 'Noir Silk Bomber', description: 'A bomber.', imageUrl: '/files/onyx' }],
  colors: [
    {
      id: 11,
      colorName: 'Onyx',
      colorNameBg: '',
      imageUrl: '/files/onyx',
      hoverImage: '/files/onyx-hover',
      images: ['/files/onyx', '/files/onyx-side', '/files/onyx-detail'],
    },
    {
      id: 12,
      colorName: 'Bordeaux',
      colorNameBg: '',
      imageUrl: '/files/bordeaux',
      hoverImage: '/files/bordeaux-hover',
      images: ['/files/bordeaux', '/files/bordeaux-side'],
    },
  ],
  sizes: [{ id: 1, size: 'M' }],
  stockTracked: false,
  stock: [],
};

function renderDetails(initialColorId?: number, initialSize?: string) {
  renderWithRouter(
    <ProductDetails
      product={product}
      lang="en"
      categoryName="Elegance"
      isLoggedIn
      onAddToCart={vi.fn()}
      onToggleWishlist={vi.fn()}
      initialColorId={initialColorId}
      initialSize={initialSize}
    />,
  );
}

/**
 * The carousel's slides, once the shopper has reached for it (until then, or until the first has
 * loaded, only the first is in the page: carousel.test.tsx); only the current one is exposed.
 */
const slides = async () => {
  const carousel = screen.getByRole('region', { name: 'Images of Noir Silk Bomber' });
  await userEvent.hover(carousel);
  return [...carousel.querySelectorAll('img')].map((img) => ({
    src: img.getAttribute('src'),
    loading: img.getAttribute('loading'),
  }));
};

describe('the product page’s carousel: the chosen colour’s pictures (issue 31)', () => {
  it('shows the colour’s images in order, then its hover image, lazy beyond the first', async () => {
    renderDetails();
    expect(await slides()).toEqual([
      { src: '/files/onyx', loading: 'eager' },
      { src: '/files/onyx-side', loading: 'lazy' },
      { src: '/files/onyx-detail', loading: 'lazy' },
      { src: '/files/onyx-hover', loading: 'lazy' },
    ]);
    expect(screen.getByText('1 / 4', { exact: false })).toBeInTheDocument();
  });

  it('switches to another colour’s images when it is chosen, and opens on the colour it was given', async () => {
    renderDetails();
    const colours = screen.getByRole('group', { name: /Colour/ });
    await userEvent.click(within(colours).getByRole('button', { name: /Bordeaux/ }));
    expect((await slides()).map((slide) => slide.src)).toEqual([
      '/files/bordeaux',
      '/files/bordeaux-side',
      '/files/bordeaux-hover',
    ]);
  });

  it('opens on the colour and size a product feed links to (`?color=&size=`)', () => {
    renderDetails(12, 'M');
    const colours = screen.getByRole('group', { name: /Colour/ });
    expect(within(colours).getByRole('button', { name: /Bordeaux/ })).toHaveAttribute('aria-pressed', 'true');
    const sizes = screen.getByRole('group', { name: /Size/ });
    expect(within(sizes).getByRole('button', { name: /^M/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('names each picture for a screen reader', async () => {
    renderDetails(12);
    expect(screen.getByRole('img', { name: 'Noir Silk Bomber in Bordeaux' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(screen.getByRole('img', { name: 'Noir Silk Bomber in Bordeaux, view 2' })).toBeInTheDocument();
  });
});
