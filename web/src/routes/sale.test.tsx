import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Product } from '@shop/contract';
import i18n from '../lib/i18n';
import { fakeApi, renderWithApi } from '../test/fake-api';
import SaleRoute from './sale';

const reduced: Product = {
  id: 3,
  name: 'Wool Coat',
  description: 'Warm.',
  price: 168,
  regularPrice: 240,
  sale: { priorPrice: 240, percentOff: 30, endsAt: null },
  categoryId: 1,
  imageUrl: '/files/coat',
  published: true,
  translations: [
    { language: 'en', name: 'Wool Coat', description: 'Warm.', imageUrl: '/files/coat' },
    { language: 'bg', name: 'Вълнено палто', description: 'Топло.', imageUrl: '/files/coat' },
  ],
  colors: [],
  sizes: [],
  stockTracked: false,
  stock: [],
};

describe('the sale page', () => {
  it('lists the pieces on sale with the sale price, the struck prior price and the percentage', async () => {
    const sent = fakeApi({ 'GET /api/products?lang=en&onSale=true': { body: [reduced] } });
    renderWithApi(<SaleRoute />, { path: '/sale' });
    const card = (await screen.findByRole('heading', { name: 'Wool Coat' })).closest('article')!;
    expect(within(card).getByText('−30%')).toBeInTheDocument();
    expect(card.querySelector('del')).toHaveTextContent('$240.00');
    expect(card).toHaveTextContent('$168.00');
    expect(screen.getByText('1 piece on sale')).toBeInTheDocument();
    expect(sent.map((request) => request.key)).toContain('GET /api/products?lang=en&onSale=true');
  });

  it('says so, in Bulgarian too, when nothing is on sale, and leads to the collection', async () => {
    await i18n.changeLanguage('bg');
    fakeApi({ 'GET /api/products?lang=bg&onSale=true': { body: [] } });
    renderWithApi(<SaleRoute />, { path: '/sale' });
    expect(await screen.findByText('В момента няма намалени модели.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Към колекцията' })).toHaveAttribute('href', '/clothing');
  });
});
