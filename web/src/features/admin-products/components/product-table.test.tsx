import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@shop/contract';
import { fakeApi, renderWithApi, signIn } from '../../../test/fake-api';
import { ProductTable } from './product-table';

const base: Product = {
  id: 1,
  name: 'Noir Silk Bomber',
  description: '',
  price: 100,
  regularPrice: 100,
  sale: null,
  categoryId: 1,
  imageUrl: '',
  published: true,
  translations: [{ language: 'en', name: 'Noir Silk Bomber', description: '', imageUrl: '' }],
  colors: [],
  sizes: [],
  stockTracked: false,
  stock: [],
  styleCode: 'AN-JKT-014',
  variants: [{ colorId: 1, size: 'M', sku: 'AN-JKT-014-ONYX-M' }],
  fit: null,
};
const other: Product = {
  ...base,
  id: 2,
  name: 'Track Pant',
  translations: [{ language: 'en', name: 'Track Pant', description: '', imageUrl: '' }],
  styleCode: 'AN-TP-405',
  variants: [{ colorId: 2, size: 'L', sku: 'TP-SPECIAL-L' }],
};

describe('the admin product list’s search', () => {
  it('finds products by style code and SKU, and says when none matches', async () => {
    fakeApi({ 'GET /api/admin/products?lang=en': { body: [base, other] } });
    signIn();
    renderWithApi(<ProductTable lang="en" />);
    const search = await screen.findByRole('searchbox', { name: 'Search products' });
    expect(screen.getAllByRole('row')).toHaveLength(3);

    await userEvent.type(search, 'tp-special');
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('Track Pant');

    await userEvent.clear(search);
    await userEvent.type(search, 'an-jkt-014');
    expect(within(screen.getByRole('table')).getAllByRole('row')[1]).toHaveTextContent('Noir Silk Bomber');

    await userEvent.clear(search);
    await userEvent.type(search, 'XX-999');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('No product matches “XX-999”.');
  });
});
