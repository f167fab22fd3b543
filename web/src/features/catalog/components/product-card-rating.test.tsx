import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Product } from '@shop/contract';
import i18n from '../../../lib/i18n';
import { renderWithRouter } from '../../../test/render';
import { ProductCard } from './product-card';

const product: Product = {
  id: 4,
  name: 'Noir Silk Bomber',
  description: 'A bomber.',
  price: 289,
  regularPrice: 289,
  sale: null,
  categoryId: 1,
  imageUrl: '/files/onyx',
  published: true,
  translations: [{ language: 'en', name: 'Noir Silk Bomber', description: 'A bomber.', imageUrl: '/files/onyx' }],
  colors: [],
  sizes: [{ id: 1, size: 'M' }],
  stockTracked: false,
  stock: [],
};

describe('ProductCard: stars', () => {
  it('shows the rating with its words once the product is rated, in the page language', async () => {
    renderWithRouter(<ProductCard product={{ ...product, rating: { average: 4.5, count: 12 } }} lang="en" />);
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('(12)')).toBeInTheDocument();

    await i18n.changeLanguage('bg');
    renderWithRouter(<ProductCard product={{ ...product, rating: { average: 4.5, count: 12 } }} lang="bg" />);
    expect(screen.getByRole('img', { name: 'Оценка 4,5 от 5' })).toBeInTheDocument();
  });

  it('shows no stars before a review is published', () => {
    renderWithRouter(<ProductCard product={{ ...product, rating: null }} lang="en" />);
    expect(screen.queryByRole('img', { name: /Rated/ })).not.toBeInTheDocument();
  });
});
