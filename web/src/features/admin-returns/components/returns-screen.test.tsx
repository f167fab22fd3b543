import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminReturn } from '@shop/contract';
import i18n from '../../../lib/i18n';
import { fakeApi, renderWithApi, signIn } from '../../../test/fake-api';
import { ReturnsScreen } from './returns-screen';

const exchange: AdminReturn = {
  id: 9,
  reference: '3F9A0C21B7D4-R1',
  orderId: 31,
  orderReference: '3F9A0C21B7D4',
  status: 'approved',
  outcome: 'exchange',
  lines: [{ orderItemId: 1, quantity: 2, reason: 'too-small', exchangeFor: { colorId: 4, size: 'L' } }],
  refund: 0,
  labelCost: 0,
  label: null,
  rejectReason: null,
  withdrawal: true,
  exchangeOrderId: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  customer: { name: 'Ana Petrova', email: 'ana@example.com' },
  locale: 'bg',
  refundDueAt: '2020-01-01T10:00:00.000Z',
  receivedAt: null,
  items: [
    {
      orderItemId: 1,
      name: 'Linen Shirt',
      nameBg: 'Ленена риза',
      colorName: 'Sand',
      colorNameBg: 'Пясък',
      size: 'M',
      quantity: 2,
      exchangeColorName: 'Sand',
      exchangeColorNameBg: 'Пясък',
      resell: 0,
      damaged: 0,
    },
  ],
};

const none = { 'too-small': 0, 'too-large': 0, 'not-as-pictured': 0, defective: 0, 'changed-mind': 0, other: 0 };
const STATS = {
  products: [
    {
      productId: 4,
      name: 'Linen Shirt',
      nameBg: 'Ленена риза',
      delivered: 8,
      returned: 2,
      rate: 0.25,
      reasons: { ...none, 'too-small': 2 },
    },
  ],
  reasons: { ...none, 'too-small': 2 },
};

describe('ReturnsScreen', () => {
  // A dialog's clicks take seconds on a loaded machine: more than the default 5 s.
  it('lists a return to act on with its deadline and receives it unit by unit', { timeout: 15_000 }, async () => {
    signIn();
    let open = [
      {
        ...exchange,
        status: 'in-transit' as const,
        label: {
          url: '/api/returns/9/label?expires=1&sig=s',
          courier: 'Atelier Noir courier',
          trackingNumber: 'RN0000000009',
        },
      },
    ];
    const sent = fakeApi({
      'GET /api/admin/returns?status=open&page=1&limit=20': () => ({
        body: { data: open, total: open.length, page: 1, limit: 20, open: open.length },
      }),
      'GET /api/admin/returns/stats': { body: STATS },
      'POST /api/admin/returns/9/receive': () => {
        open = [];
        return { body: { return: { ...exchange, status: 'exchanged', exchangeOrderId: 40 } } };
      },
    });
    renderWithApi(<ReturnsScreen />, { path: '/admin/returns' });
    const panel = await screen.findByRole('tabpanel', { name: 'To act on' });
    const row = await within(panel).findByRole('row', { name: /3F9A0C21B7D4-R1/ });
    expect(within(row).getByText('ana@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Linen Shirt (Sand, M) × 2')).toBeInTheDocument();
    expect(within(row).getByText(/Too small → size L, Sand/)).toBeInTheDocument();
    expect(within(row).getByText(/days overdue/)).toBeInTheDocument();
    expect(within(row).getByText('Return label: Atelier Noir courier, RN0000000009')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    const rates = screen.getByRole('region', { name: 'What returns teach' });
    expect(await within(rates).findByRole('row', { name: /Linen Shirt 8 2 25%/ })).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Receive return 3F9A0C21B7D4-R1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive return 3F9A0C21B7D4-R1' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Damaged: Linen Shirt (Sand, M) × 2'), '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Receive' }));
    expect(await within(panel).findByText('No return waits for you.')).toBeInTheDocument();
    expect(sent.find((request) => request.key === 'POST /api/admin/returns/9/receive')!.body).toEqual({
      lines: [
        { orderItemId: 1, quantity: 1, condition: 'resell' },
        { orderItemId: 1, quantity: 1, condition: 'damaged' },
      ],
    });
  });

  it('rejects a request with the reason the API asks for', { timeout: 15_000 }, async () => {
    signIn();
    const requested = { ...exchange, status: 'requested' as const };
    const sent = fakeApi({
      'GET /api/admin/returns?status=open&page=1&limit=20': () => ({
        body: { data: [requested], total: 1, page: 1, limit: 20, open: 1 },
      }),
      'GET /api/admin/returns/stats': { body: STATS },
      'POST /api/admin/returns/9/reject': (request) =>
        (request.body as { reason: string }).reason.trim() === ''
          ? {
              status: 400,
              body: { code: 'VALIDATION_ERROR', error: 'Say why', fields: { reason: 'Say why, for the shopper.' } },
            }
          : { body: { return: { ...requested, status: 'rejected', rejectReason: 'Worn' } } },
    });
    renderWithApi(<ReturnsScreen />, { path: '/admin/returns' });
    const row = await screen.findByRole('row', { name: /3F9A0C21B7D4-R1/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Reject return 3F9A0C21B7D4-R1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject return 3F9A0C21B7D4-R1' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Say why, for the shopper.');
    await userEvent.type(within(dialog).getByLabelText('Why, for the shopper'), 'Worn');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.filter((request) => request.key === 'POST /api/admin/returns/9/reject').map((r) => r.body)).toEqual([
      { reason: '' },
      { reason: 'Worn' },
    ]);
  });

  it('names the exchange’s colour and the rates’ products in the admin’s language', async () => {
    signIn();
    fakeApi({
      'GET /api/admin/returns?status=open&page=1&limit=20': {
        body: { data: [exchange], total: 1, page: 1, limit: 20, open: 1 },
      },
      'GET /api/admin/returns/stats': { body: STATS },
    });
    await i18n.changeLanguage('bg');
    try {
      renderWithApi(<ReturnsScreen />, { path: '/admin/returns' });
      const row = await screen.findByRole('row', { name: /3F9A0C21B7D4-R1/ });
      expect(within(row).getByText('Ленена риза (Пясък, M) × 2')).toBeInTheDocument();
      expect(within(row).getByText(/Твърде малък → размер L, Пясък/)).toBeInTheDocument();
      // And the return rates name the product in it too.
      const rates = screen.getByRole('region', { name: 'Какво показват връщанията' });
      expect(await within(rates).findByRole('rowheader', { name: 'Ленена риза' })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
