import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@shop/contract';
import { type fakeApi } from '../../../test/fake-api';
import { adminProduct, putsOf, renderEditorPanel } from '../../../test/products';
import { SafetyPanel } from './safety-panel';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn(), warn: vi.fn() } }));

const product: Product = {
  ...adminProduct(),
  colors: [],
  sizes: [{ id: 1, size: 'S' }],
  safety: null,
  manufacturer: null,
};

const renderPanel = (answers: Parameters<typeof fakeApi>[0] = {}) =>
  renderEditorPanel(<SafetyPanel product={product} />, {
    'PUT /api/admin/products/7/details': { body: product },
    ...answers,
  });

const puts = putsOf;

afterEach(() => {
  vi.clearAllMocks();
});

describe('the safety & manufacturer panel', () => {
  it('sends the safety information in both languages and another manufacturer, trimmed', async () => {
    const sent = renderPanel();
    await userEvent.type(screen.getByLabelText('Safety information and warnings (English)'), ' Keep away from fire. ');
    await userEvent.type(screen.getByLabelText('Safety information and warnings (Bulgarian)'), 'Да се пази от огън.');
    await userEvent.click(screen.getByRole('switch', { name: 'The seller is the manufacturer' }));
    await userEvent.type(screen.getByLabelText('Manufacturer', { exact: true }), 'Tekstil Plovdiv AD');
    await userEvent.type(screen.getByLabelText('Email address'), 'safety@tekstil.example');
    await userEvent.type(screen.getByLabelText('Postal address'), 'ul. Industrialna 4, Plovdiv');
    await userEvent.click(screen.getByRole('button', { name: 'Save safety & manufacturer' }));
    await waitFor(() => expect(puts(sent)).toHaveLength(1));
    expect(puts(sent)[0]!.body).toEqual({
      safety: { en: 'Keep away from fire.', bg: 'Да се пази от огън.' },
      manufacturer: {
        name: 'Tekstil Plovdiv AD',
        address: 'ul. Industrialna 4, Plovdiv',
        email: 'safety@tekstil.example',
        responsiblePerson: null,
      },
    });
  });

  it('names a manufacturer outside the EU with its responsible person in the EU (Art. 19(b))', async () => {
    const sent = renderPanel();
    await userEvent.click(screen.getByRole('switch', { name: 'The seller is the manufacturer' }));
    await userEvent.type(screen.getByLabelText('Manufacturer', { exact: true }), 'Istanbul Tekstil AS');
    await userEvent.type(screen.getByLabelText('Email address'), 'info@ist.example');
    await userEvent.type(screen.getByLabelText('Postal address'), 'Merter, Istanbul');
    await userEvent.click(
      screen.getByRole('switch', { name: 'Made outside the EU: name its responsible person in the EU' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save safety & manufacturer' }));
    expect(screen.getByLabelText('Responsible person in the EU')).toHaveAccessibleDescription(
      "Give the responsible person's name.",
    );
    expect(puts(sent)).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Responsible person in the EU'), 'EU Rep OOD');
    await userEvent.type(screen.getByLabelText("Responsible person's email address"), 'rep@eurep.example');
    await userEvent.type(screen.getByLabelText("Responsible person's postal address"), 'bul. Vitosha 1, Sofia');
    await userEvent.click(screen.getByRole('button', { name: 'Save safety & manufacturer' }));
    await waitFor(() => expect(puts(sent)).toHaveLength(1));
    expect(puts(sent)[0]!.body).toMatchObject({
      manufacturer: {
        name: 'Istanbul Tekstil AS',
        responsiblePerson: { name: 'EU Rep OOD', address: 'bul. Vitosha 1, Sofia', email: 'rep@eurep.example' },
      },
    });
  });

  it('refuses safety information in one language and an incomplete manufacturer, and sends nothing', async () => {
    const sent = renderPanel();
    await userEvent.type(screen.getByLabelText('Safety information and warnings (English)'), 'Keep away from fire.');
    await userEvent.click(screen.getByRole('switch', { name: 'The seller is the manufacturer' }));
    await userEvent.type(screen.getByLabelText('Email address'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Save safety & manufacturer' }));
    expect(screen.getByLabelText('Safety information and warnings (Bulgarian)')).toHaveAccessibleDescription(
      'Give the safety information in both English and Bulgarian.',
    );
    expect(screen.getByLabelText('Manufacturer', { exact: true })).toHaveAccessibleDescription(
      "Give the manufacturer's name.",
    );
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(
      "Enter the manufacturer's email as a valid email address.",
    );
    expect(puts(sent)).toHaveLength(0);
  });

  it('sends the seller as the manufacturer (null) and shows the server’s refusal beside its field', async () => {
    const sent = renderPanel({
      'PUT /api/admin/products/7/details': {
        status: 400,
        body: {
          error: 'Give the safety information in both English and Bulgarian.',
          code: 'VALIDATION_ERROR',
          fields: { 'safety.bg': 'Give the safety information in both English and Bulgarian.' },
        },
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save safety & manufacturer' }));
    await waitFor(() => expect(puts(sent)).toHaveLength(1));
    expect(puts(sent)[0]!.body).toEqual({ safety: { en: '', bg: '' }, manufacturer: null });
    await waitFor(() =>
      expect(screen.getByLabelText('Safety information and warnings (Bulgarian)')).toHaveAccessibleDescription(
        'Give the safety information in both English and Bulgarian.',
      ),
    );
  });
});
