import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@shop/contract';
import i18n from '../../../lib/i18n';
import { fakeApi, signIn } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render';
import ProductEditor from './product-editor';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn(), warn: vi.fn() } }));

const product: Product = {
  id: 7,
  name: 'Linen Shirt',
  description: 'Light linen.',
  price: 49,
  regularPrice: 59,
  sale: { priorPrice: 59, percentOff: 17, endsAt: null },
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

afterEach(async () => {
  vi.clearAllMocks();
  await i18n.changeLanguage('en');
});

/** The stock grid's column headers (the editor has other tables: size & fit). */
const stockHeaders = () =>
  within(screen.getByRole('table', { name: 'On hand per colour and size' }))
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);

describe('ProductEditor stock', () => {
  it('shows on hand, reserved and available per colour and size, and saves the edited counts', async () => {
    const { sent, onClose } = renderEditor();
    const user = userEvent.setup();
    expect(screen.getByRole('switch', { name: 'Track stock' })).toBeChecked();
    const sandS = screen.getByLabelText('On hand: Sand, size S');
    expect(sandS).toHaveValue('5');
    expect(screen.getByText('Reserved 2 · available 3')).toBeInTheDocument();
    // Sizes in the shop's order, whatever order the product lists them in.
    expect(stockHeaders()).toEqual(['Colour', 'S', 'M']);

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

  it('edits the regular price during a sale (the sale price is the Sale panel’s)', async () => {
    const { sent, onClose } = renderEditor();
    const user = userEvent.setup();
    expect(screen.getByLabelText(/^Price/)).toHaveValue('59.00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const edit = sent.find((request) => request.key === 'PUT /api/products/7');
    expect(edit?.body).toMatchObject({ price: '59' });
  });

  it('shows and reads the price the Bulgarian way, and says when it has too many decimals', async () => {
    await i18n.changeLanguage('bg');
    const { sent, onClose } = renderEditor();
    const user = userEvent.setup();
    const price = screen.getByLabelText(/^Цена(?! в)/);
    expect(price).toHaveValue('59,00');
    expect(price).toHaveAttribute('placeholder', '0,00');
    await user.clear(price);
    await user.type(price, '64,955');
    await user.click(screen.getByRole('button', { name: 'Запази' }));
    expect(
      await screen.findByText('Най-много два знака след десетичната запетая (цели центове), например 12,50.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.clear(price);
    await user.type(price, '1 064,95');
    await user.click(screen.getByRole('button', { name: 'Запази' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const edit = sent.find((request) => request.key === 'PUT /api/products/7');
    expect(edit?.body).toMatchObject({ price: '1064.95' });
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

describe('ProductEditor sizes', () => {
  const editOf = (sent: { key: string; body: unknown }[]) =>
    sent
      .filter((request) => request.key === 'PUT /api/products/7')
      .map((request) => request.body as Record<string, string>);

  it('starts from the product’s sizes, sends the ticked ones, and the stock grid follows them', async () => {
    const { sent, onClose } = renderEditor();
    const user = userEvent.setup();
    const group = screen.getByRole('group', { name: 'Sizes' });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(['XS', 'S', 'M', 'L', 'XL', 'XXL']);
    expect(
      within(group)
        .getAllByRole('checkbox', { checked: true })
        .map((box) => box.getAttribute('value')),
    ).toEqual(['S', 'M']);

    await user.click(within(group).getByRole('checkbox', { name: 'XL' }));
    await user.click(within(group).getByRole('checkbox', { name: 'M' }));
    expect(stockHeaders()).toEqual(['Colour', 'S', 'XL']);
    expect(screen.getByLabelText('On hand: Ink, size XL')).toHaveValue('0');
    await user.clear(screen.getByLabelText('On hand: Ink, size XL'));
    await user.type(screen.getByLabelText('On hand: Ink, size XL'), '6');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [edit] = editOf(sent);
    expect(JSON.parse(edit!.sizes!)).toEqual(['S', 'XL']);
    expect(edit).not.toHaveProperty('confirmSizeRemoval');
    // The sizes are saved before the counts, so the new size's count is accepted.
    expect(sent.map((request) => request.key)).toEqual(['PUT /api/products/7', 'PUT /api/products/7/stock']);
    expect(sent[1]?.body).toEqual({
      stockTracked: true,
      stock: [
        { colorId: 11, size: 'S', onHand: 5 },
        { colorId: 11, size: 'XL', onHand: 0 },
        { colorId: 12, size: 'S', onHand: 4 },
        { colorId: 12, size: 'XL', onHand: 6 },
      ],
    });
  });

  it('sends no sizes when they did not change, and refuses none', async () => {
    const { sent, onClose } = renderEditor();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'S' }));
    await user.click(screen.getByRole('checkbox', { name: 'M' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At least one size is required')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: 'M' }));
    await user.click(screen.getByRole('checkbox', { name: 'S' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(editOf(sent)[0]).not.toHaveProperty('sizes');
  });

  it('asks before removing sizes shoppers hold, saying how many, and confirmed sends again with the flag', async () => {
    let calls = 0;
    const sent = fakeApi({
      'PUT /api/products/7': () =>
        ++calls === 1
          ? {
              status: 409,
              body: {
                error: 'Shoppers hold this size.',
                code: 'SIZE_IN_USE',
                sizes: [{ size: 'M', carts: 2, wishlists: 1 }],
              },
            }
          : { body: { success: true } },
    });
    signIn();
    const onClose = vi.fn();
    renderWithRouter(<ProductEditor product={product} onClose={onClose} />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('checkbox', { name: 'M' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove sizes that shoppers have chosen?' });
    expect(dialog).toHaveTextContent(
      'Size M is in 2 shopping carts and 1 wishlist. If you remove it, those shoppers will see the size as no ' +
        'longer available and cannot check it out.',
    );
    expect(onClose).not.toHaveBeenCalled();

    // Cancel sends nothing more; saving again asks again.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(editOf(sent)).toHaveLength(1);
    calls = 0;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const again = await screen.findByRole('dialog');
    await user.click(within(again).getByRole('button', { name: 'Remove and save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const edits = editOf(sent);
    expect(edits).toHaveLength(3);
    expect(edits[1]).not.toHaveProperty('confirmSizeRemoval');
    expect(edits[2]).toMatchObject({ sizes: '["S"]', confirmSizeRemoval: 'true' });
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

describe('ProductEditor: edits not saved', () => {
  const leaving = () => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };

  it('asks before the page is left with edits in the main form or in a panel below it, not before', async () => {
    renderEditor();
    const user = userEvent.setup();
    expect(leaving()).toBe(false);
    const price = screen.getByLabelText(/^Price(?! in)/);
    await user.clear(price);
    await user.type(price, '64.90');
    expect(leaving()).toBe(true);
    await user.clear(price);
    await user.type(price, '59.00');
    expect(leaving()).toBe(false);
    // The size & fit panel is a form of its own.
    await user.type(screen.getByLabelText("Model's height, cm"), '178');
    expect(leaving()).toBe(true);
  });
});
