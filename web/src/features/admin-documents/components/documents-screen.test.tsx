import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderWithApi, signIn } from '../../../test/fake-api';
import { DocumentsScreen } from './documents-screen';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

const row = (id: number, kind: 'sale' | 'invoice' | 'credit-note', number: string) => ({
  id,
  kind,
  number,
  orderId: 9,
  orderReference: 'A1B2C3D4E5F6',
  issuedAt: '2026-11-20T10:00:00.000Z',
  recipient: kind === 'sale' ? null : 'Клиент ЕООД',
  total: 60,
  vat: 10,
  url: `http://shop.test/api/documents/${kind}/${id}/pdf?expires=1&sig=x`,
});

describe('The Documents screen', () => {
  it('lists every kind with its PDF, and asks again by kind and days', async () => {
    const calls = fakeApi({
      'GET /api/admin/documents?page=1&limit=50': {
        body: {
          data: [row(2, 'credit-note', '0000000002'), row(1, 'invoice', '0000000001'), row(7, 'sale', '0000001000')],
          total: 3,
          page: 1,
          limit: 50,
        },
      },
      'GET /api/admin/documents?kind=credit-note&page=1&limit=50': {
        body: { data: [row(2, 'credit-note', '0000000002')], total: 1, page: 1, limit: 50 },
      },
      'GET /api/admin/documents?kind=credit-note&from=2026-11-01&page=1&limit=50': {
        body: { data: [row(2, 'credit-note', '0000000002')], total: 1, page: 1, limit: 50 },
      },
      'GET /api/settings': { body: { currency: 'EUR' } },
    });
    signIn();
    renderWithApi(<DocumentsScreen />);
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('link', { name: 'Open Invoice 0000000001 (PDF)' })).toHaveAttribute(
      'href',
      'http://shop.test/api/documents/invoice/1/pdf?expires=1&sig=x',
    );
    expect(within(table).getByText('Credit note')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'credit-note');
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    await waitFor(() =>
      expect(calls.map((call) => call.key)).toContain(
        'GET /api/admin/documents?kind=credit-note&from=2026-11-01&page=1&limit=50',
      ),
    );
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 document'));
  });
});
