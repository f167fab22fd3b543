import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@shop/contract';
import { type fakeApi } from '../../../test/fake-api';
import { putsOf, renderEditorPanel } from '../../../test/products';
import { adminProduct } from '../../../test/products';
import { SizeFitPanel } from './size-fit-panel';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn(), warn: vi.fn() } }));

const product: Product = {
  ...adminProduct(),
  styleCode: 'AN-SHT-011',
  variants: [
    { colorId: 3, size: 'S', sku: 'AN-SHT-011-ONYX-S' },
    { colorId: 3, size: 'M', sku: 'AN-SHT-011-ONYX-M' },
    { colorId: 4, size: 'S', sku: 'BONE-S-OLD' },
    { colorId: 4, size: 'M', sku: 'AN-SHT-011-BONE-M' },
  ],
  fit: { type: 'regular', measurements: [{ size: 'S', chestCm: 102 }] },
};

const renderPanel = (answers: Parameters<typeof fakeApi>[0] = {}) =>
  renderEditorPanel(<SizeFitPanel product={product} />, {
    'PUT /api/admin/products/7/details': { body: product },
    ...answers,
  });

const puts = putsOf;

afterEach(() => {
  vi.clearAllMocks();
});

describe('the size & fit panel', () => {
  it('shows what is set and sends the style code, fit, notes, model and the measurements grid', async () => {
    const sent = renderPanel();
    const user = userEvent.setup();
    expect(screen.getByLabelText('Style code')).toHaveValue('AN-SHT-011');
    expect(screen.getByLabelText('Chest, size S, cm')).toHaveValue('102');
    await user.selectOptions(screen.getByLabelText('Fit'), 'Oversized fit');
    await user.type(screen.getByLabelText('Fit note (English)'), 'Dropped shoulder.');
    await user.type(screen.getByLabelText('Fit note (Bulgarian)'), 'Спуснато рамо.');
    await user.type(screen.getByLabelText("Model's height, cm"), '178');
    await user.selectOptions(screen.getByLabelText('Model wears'), 'S');
    await user.type(screen.getByLabelText('Chest, size M, cm'), '120,5');
    await user.type(screen.getByLabelText('Length, size M, cm'), '78');
    await user.click(screen.getByRole('button', { name: 'Save size & fit' }));

    await waitFor(() => expect(puts(sent)).toHaveLength(1));
    expect(puts(sent)[0]!.body).toEqual({
      styleCode: 'AN-SHT-011',
      variants: [{ colorId: 4, size: 'S', sku: 'BONE-S-OLD' }],
      fit: {
        type: 'oversized',
        note: { en: 'Dropped shoulder.', bg: 'Спуснато рамо.' },
        modelHeightCm: 178,
        modelSize: 'S',
        measurements: [
          { size: 'S', chestCm: 102 },
          { size: 'M', chestCm: 120.5, lengthCm: 78 },
        ],
      },
    });
  });

  it('shows each colour × size’s SKU: a set one in its field, a derived one as its placeholder; sets and clears them', async () => {
    const sent = renderPanel({
      'PUT /api/admin/products/7/details': {
        status: 409,
        body: {
          error: 'SKU X-1 is taken by another product.',
          code: 'CONFLICT',
          fields: { 'variants.0.sku': 'SKU X-1 is taken by another product.' },
        },
      },
    });
    const user = userEvent.setup();
    const onyxM = screen.getByLabelText('SKU of Onyx, size M');
    expect(onyxM).toHaveValue('');
    expect(onyxM).toHaveAttribute('placeholder', 'AN-SHT-011-ONYX-M');
    expect(screen.getByLabelText('SKU of Bone, size S')).toHaveValue('BONE-S-OLD');
    // The placeholder follows the style code as typed.
    await user.clear(screen.getByLabelText('Style code'));
    await user.type(screen.getByLabelText('Style code'), 'an-new-2');
    expect(onyxM).toHaveAttribute('placeholder', 'AN-NEW-2-ONYX-M');

    await user.type(onyxM, 'x-1');
    await user.clear(screen.getByLabelText('SKU of Bone, size S'));
    await user.click(screen.getByRole('button', { name: 'Save size & fit' }));
    await waitFor(() => expect(puts(sent)).toHaveLength(1));
    expect((puts(sent)[0]!.body as { variants: unknown }).variants).toEqual([{ colorId: 3, size: 'M', sku: 'X-1' }]);
    // The API's index is of the variants it was sent: here the only one.
    await waitFor(() => expect(onyxM).toHaveAttribute('aria-invalid', 'true'));
    expect(onyxM).toHaveAccessibleDescription("This SKU is another product's, or given twice here.");
  });

  it('checks the fields before sending', async () => {
    const sent = renderPanel();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Style code'));
    await user.type(screen.getByLabelText('Style code'), 'AN JKT');
    await user.type(screen.getByLabelText('Waist, size M, cm'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Save size & fit' }));
    expect(screen.getByLabelText('Style code')).toHaveAccessibleDescription(/Letters and digits in groups/);
    expect(screen.getByLabelText('Waist, size M, cm')).toHaveAccessibleDescription(
      'A number of cm above 0, at most 300.',
    );
    expect(puts(sent)).toHaveLength(0);
  });

  it('shows a taken style code beside its field', async () => {
    renderPanel({
      'PUT /api/admin/products/7/details': {
        status: 409,
        body: {
          error: 'Style code AN-SHT-011 is taken by another product.',
          code: 'CONFLICT',
          fields: { styleCode: 'Style code AN-SHT-011 is taken by another product.' },
        },
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save size & fit' }));
    const code = screen.getByLabelText('Style code');
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    expect(code).toHaveAccessibleDescription("This style code, or a SKU made from it, is another product's.");
  });
});
