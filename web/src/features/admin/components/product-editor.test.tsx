import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@shop/contract';
import { fakeApi, signIn } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render';
import ProductEditor from './product-editor';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn(), warn: vi.fn() } }));

const product: Product = {
  id: 7,
  name: 'Linen Shirt',
  description: 'Light linen.',
  price: 59,
  categoryId: 1,
  imageUrl: '/uploads/a.jpg',
  published: true,
  translations: [
    { language: 'en', name: 'Linen Shirt', description: 'Light linen.' },
    { language: 'bg', name: 'Ленена риза', description: 'Лек лен.' },
  ],
  colors: [
    { id: 11, colorName: 'Sand', colorNameBg: 'Пясък', imageUrl: '/uploads/s.jpg', hoverImage: '/uploads/s2.jpg' },
    { id: 12, colorName: 'Ink', colorNameBg: '', imageUrl: '/uploads/i.jpg', hoverImage: '/uploads/i2.jpg' },
  ],
  sizes: [
    { id: 1, size: 'M' },
    { id: 2, size: 'S' },
  ],
  stockTracked: true,
  stock: [
    { colorId: 11, size: 'S', available: 3, onHand: 5, reserved: 2 },
    { colorId: 11, size: 'M', available: 0, onHand: 0, reserved: 0 },
    { colorId: 12, size: 'S', available: 4, onHand: 4, reserved: 0 },
    { colorId: 12, size: 'M', available: 1, onHand: 1, reserved: 0 },
  ],
} as Product;

function renderEditor(stockAnswer: Parameters<typeof fakeApi>[0][string] = { body: { success: true, stock: [] } }) {
  const sent = fakeApi({
    'PUT /api/products/7': { body: { success: true } },
    'PUT /api/products/7/stock': stockAnswer,
  });
  signIn();
  const onClose = vi.fn();
  renderWithRouter(<ProductEditor product={product} onClose={onClose} />);
  return { sent, onClose };
}

afterEach(() => {
  vi.clearAllMocks();
});

describe('ProductEditor stock', () => {
  it('shows on hand, reserved and available per colour and size, and saves the edited counts', async () => {
    const { sent, onClose } = renderEditor();
    const user = userEvent.setup();
    expect(screen.getByRole('switch', { name: 'Track stock' })).toBeChecked();
    const sandS = screen.getByLabelText('On hand: Sand, size S');
    expect(sandS).toHaveValue('5');
    expect(screen.getByText('Reserved 2 · available 3')).toBeInTheDocument();
    // Sizes in the shop's order, whatever order the product lists them in.
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Colour', 'S', 'M']);

    await user.clear(screen.getByLabelText('On hand: Sand, size M'));
    await user.type(screen.getByLabelText('On hand: Sand, size M'), '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const stock = sent.find((request) => request.key === 'PUT /api/products/7/stock');
    expect(stock?.body).toEqual({
      stockTracked: true,
      stock: [
        { colorId: 11, size: 'S', onHand: 5 },
        { colorId: 11, size: 'M', onHand: 12 },
        { colorId: 12, size: 'S', onHand: 4 },
        { colorId: 12, size: 'M', onHand: 1 },
      ],
    });
  });

  it('refuses a count that is not a whole number, and sends nothing', async () => {
    const { sent } = renderEditor();
    const user = userEvent.setup();
    const cell = screen.getByLabelText('On hand: Ink, size S');
    await user.clear(cell);
    await user.type(cell, '2.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Check the stock counts: each is a whole number from 0 up.')).toBeInTheDocument();
    expect(cell).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('turns tracking off without listing counts', async () => {
    const { sent, onClose } = renderEditor();
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: 'Track stock' }));
    expect(screen.queryByLabelText('On hand: Sand, size S')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.find((request) => request.key === 'PUT /api/products/7/stock')?.body).toEqual({
      stockTracked: false,
      stock: [],
    });
  });

  it("marks the cell the server refuses, with the server's message", async () => {
    const { onClose } = renderEditor({
      status: 400,
      body: {
        error: 'Size M is not offered.',
        code: 'VALIDATION_ERROR',
        fields: { 'stock.3.size': 'Size M is not offered.' },
      },
    });
    const user = userEvent.setup();
    const cell = screen.getByLabelText('On hand: Ink, size M');
    await user.clear(cell);
    await user.type(cell, '9');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(cell).toHaveAttribute('aria-invalid', 'true'));
    expect(
      screen.getByText('The other details are saved; the shop refused the highlighted stock counts.'),
    ).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('ProductEditor colour names', () => {
  it('shows each colour’s Bulgarian name beside its English one and saves both, trimmed', async () => {
    const { sent, onClose } = renderEditor();
    const user = userEvent.setup();
    const [sand, ink] = screen.getAllByLabelText('Name in Bulgarian (optional)');
    expect(sand).toHaveValue('Пясък');
    expect(ink).toHaveValue('');
    await user.clear(sand!);
    await user.type(sand!, ' Пясъчно бежово ');
    await user.type(ink!, 'Мастило');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const edit = sent.find((request) => request.key === 'PUT /api/products/7');
    expect(JSON.parse((edit?.body as { colors: string }).colors)).toEqual([
      { id: 11, colorName: 'Sand', colorNameBg: 'Пясъчно бежово' },
      { id: 12, colorName: 'Ink', colorNameBg: 'Мастило' },
    ]);
  });
});
