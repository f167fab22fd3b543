import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@shop/contract';
import { renderWithRouter } from '../../../test/render';
import { ProductCard } from './product-card';

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
    { id: 11, colorName: 'Onyx', colorNameBg: 'Оникс', imageUrl: '/files/onyx', hoverImage: '/files/onyx-hover' },
    {
      id: 12,
      colorName: 'Bordeaux',
      colorNameBg: '',
      imageUrl: '/files/bordeaux',
      hoverImage: '/files/bordeaux-hover',
    },
  ],
  sizes: [{ id: 1, size: 'M' }],
  stockTracked: false,
  stock: [],
};

/** The card's pictures (silent images: alt="") in document order: main, then hover. */
const pictures = (container: HTMLElement) =>
  [...container.querySelectorAll('a img')].map((img) => img.getAttribute('src'));

describe('ProductCard: colour swatches', () => {
  it('names each colour in the page language and presses the one the card shows', () => {
    renderWithRouter(<ProductCard product={product} lang="bg" />);
    const group = screen.getByRole('list', { name: 'Colours of Noir Silk Bomber' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Оникс' })).toHaveAttribute('aria-pressed', 'true');
    // No Bulgarian name: the English one.
    expect(screen.getByRole('button', { name: 'Bordeaux' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('a swatch switches the picture and the hover picture, and the link opens the product on it', async () => {
    const { container } = renderWithRouter(<ProductCard product={product} lang="en" />);
    const link = screen.getByRole('link', { name: /Noir Silk Bomber/ });
    expect(link).toHaveAttribute('href', '/product/4');
    expect(pictures(container)).toEqual(['/files/onyx', '/files/onyx-hover']);

    await userEvent.click(screen.getByRole('button', { name: 'Bordeaux' }));

    expect(pictures(container)).toEqual(['/files/bordeaux', '/files/bordeaux-hover']);
    expect(link).toHaveAttribute('href', '/product/4?color=12');
    expect(screen.getByRole('button', { name: 'Bordeaux' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Onyx' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('is worked with the keyboard: Tab reaches the swatches after the link, Enter chooses', async () => {
    const { container } = renderWithRouter(<ProductCard product={product} lang="en" />);
    await userEvent.tab();
    expect(screen.getByRole('link', { name: /Noir Silk Bomber/ })).toHaveFocus();
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Bordeaux' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(pictures(container)[0]).toBe('/files/bordeaux');
  });

  it('shows each swatch as a crop of its colour picture (the smallest variant)', () => {
    renderWithRouter(<ProductCard product={product} lang="en" />);
    const crop = screen.getByRole('button', { name: 'Bordeaux' }).querySelector('img');
    expect(crop).toHaveAttribute('src', '/files/bordeaux?w=400');
    expect(crop).toHaveAttribute('alt', '');
  });

  it('has no swatches for a product without colours', () => {
    renderWithRouter(<ProductCard product={{ ...product, colors: [] }} lang="en" />);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
