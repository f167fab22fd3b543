import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@shop/contract';
import { type fakeApi, TEST_SETTINGS } from '../../../test/fake-api';
import { putsOf, renderEditorPanel } from '../../../test/products';
import { SalePanel } from './sale-panel';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn(), warn: vi.fn() } }));

const product: Product = {
  id: 7,
  name: 'Linen Shirt',
  description: 'Light linen.',
  price: 100,
  regularPrice: 100,
  sale: null,
  scheduledSale: null,
  categoryId: 1,
  imageUrl: '/uploads/a.jpg',
  published: true,
  translations: [{ language: 'en', name: 'Linen Shirt', description: 'Light linen.', imageUrl: '/uploads/a.jpg' }],
  colors: [],
  sizes: [],
  stockTracked: false,
  stock: [],
};

const HISTORY = [
  { price: 120, at: '2026-10-01T08:00:00.000Z' },
  { price: 100, at: '2026-11-01T08:00:00.000Z' },
];

const renderPanel = (answers: Parameters<typeof fakeApi>[0] = {}, shown: Product = product) =>
  renderEditorPanel(<SalePanel product={shown} />, {
    'GET /api/settings': { body: { ...TEST_SETTINGS, currency: 'EUR' } },
    'GET /api/admin/products/7/price-history': { body: HISTORY },
    'PUT /api/admin/products/7/sale': { body: product },
    ...answers,
  });

const puts = putsOf;

afterEach(() => {
  vi.clearAllMocks();
});

describe('the sale panel', () => {
  it('sends the sale price with the start and end typed in local time, as ISO instants with their offset', async () => {
    const sent = renderPanel();
    const user = userEvent.setup();
    expect(screen.getByText('No sale set.')).toBeInTheDocument();
    expect(await screen.findByText('Regular price: €100.00')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Sale price'), '69,90');
    fireEvent.change(screen.getByLabelText(/^Starts/), { target: { value: '2027-01-02T09:30' } });
    fireEvent.change(screen.getByLabelText(/^Ends/), { target: { value: '2027-01-16T23:59' } });
    await user.click(screen.getByRole('button', { name: 'Schedule sale' }));

    await waitFor(() => expect(puts(sent)).toHaveLength(1));
    const body = puts(sent)[0]!.body as { price: number; startsAt: string; endsAt: string };
    expect(body.price).toBe(69.9);
    expect(body.startsAt).toMatch(/^2027-01-02T09:30:00[+-]\d{2}:\d{2}$/);
    expect(new Date(body.startsAt).getTime()).toBe(new Date(2027, 0, 2, 9, 30).getTime());
    expect(new Date(body.endsAt).getTime()).toBe(new Date(2027, 0, 16, 23, 59).getTime());
  });

  it('sends the price alone when no times are given (the sale starts now and runs until ended)', async () => {
    const sent = renderPanel();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Sale price'), '80');
    await user.click(screen.getByRole('button', { name: 'Schedule sale' }));
    await waitFor(() => expect(puts(sent)).toHaveLength(1));
    expect(puts(sent)[0]!.body).toEqual({ price: 80 });
  });

  it('shows the server’s field errors beside their inputs', async () => {
    const sent = renderPanel({
      'PUT /api/admin/products/7/sale': {
        status: 400,
        body: {
          error: 'The sale must end after it starts.',
          code: 'VALIDATION_ERROR',
          fields: { endsAt: 'The sale must end after it starts' },
        },
      },
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Sale price'), '80');
    fireEvent.change(screen.getByLabelText(/^Ends/), { target: { value: '2020-01-01T10:00' } });
    await user.click(screen.getByRole('button', { name: 'Schedule sale' }));

    const ends = screen.getByLabelText(/^Ends/);
    await waitFor(() => expect(ends).toHaveAttribute('aria-invalid', 'true'));
    expect(ends).toHaveAccessibleDescription(/The end must be a date and time after the start, and after now\./);
    expect(screen.getByLabelText('Sale price')).not.toHaveAttribute('aria-invalid');
    expect(puts(sent)).toHaveLength(1);
  });

  it('refuses a sale price not below the regular price before sending it', async () => {
    const sent = renderPanel();
    const user = userEvent.setup();
    await screen.findByText('Regular price: €100.00');
    await user.type(screen.getByLabelText('Sale price'), '100');
    await user.click(screen.getByRole('button', { name: 'Schedule sale' }));
    expect(screen.getByLabelText('Sale price')).toHaveAccessibleDescription(
      'The sale price must be lower than the regular price (€100.00).',
    );
    expect(puts(sent)).toHaveLength(0);
  });

  it('shows a running sale, ends it after asking, and lists the price history oldest first', async () => {
    const running: Product = {
      ...product,
      price: 70,
      sale: { priorPrice: 100, percentOff: 30, endsAt: null },
      scheduledSale: { price: 70, startsAt: '2026-11-20T08:00:00.000Z', endsAt: null },
    };
    const sent = renderPanel({ 'DELETE /api/admin/products/7/sale': { body: product } }, running);
    const user = userEvent.setup();
    expect(screen.getByText('On sale')).toBeInTheDocument();
    expect(await screen.findByText('€70.00, until you end it')).toBeInTheDocument();
    expect(screen.getByLabelText('Sale price')).toHaveValue('70.00');

    const history = await screen.findByRole('table', { name: 'Price history' });
    expect(
      within(history)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([expect.stringContaining('2026'), '€120.00', expect.stringContaining('2026'), '€100.00']);

    await user.click(screen.getByRole('button', { name: 'End sale' }));
    const dialog = screen.getByRole('dialog', { name: 'End this sale?' });
    expect(dialog).toHaveTextContent('The product goes back to its regular price of €100.00 now.');
    await user.click(within(dialog).getByRole('button', { name: 'End sale' }));
    await waitFor(() => expect(sent.map((request) => request.key)).toContain('DELETE /api/admin/products/7/sale'));
  });
});
