import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminComplaint, Order } from '@shop/contract';
import { fakeApi, renderWithApi, signIn } from '../../../test/fake-api';
import { ComplaintsScreen } from './complaints-screen';
import { OrderGuarantee } from './order-guarantee';

const FAR = '2099-01-10T10:00:00.000Z';

const order: Order = {
  id: 31,
  reference: '3F9A0C21B7D4',
  status: 'placed',
  paymentMethod: 'cod',
  fulfilment: 'delivered',
  subtotal: 120,
  deliveryCost: 6.5,
  codFee: 2,
  total: 128.5,
  refunded: 0,
  currency: 'EUR',
  createdAt: '2026-11-20T10:00:00.000Z',
  paidAt: null,
  testPayment: false,
  shippedAt: '2026-11-21T10:00:00.000Z',
  deliveredAt: '2026-11-22T10:00:00.000Z',
  expiresAt: null,
  paymentUrl: null,
  confirmationRequired: false,
  confirmedAt: null,
  delivery: null,
  tracking: null,
  withdrawal: null,
  items: [
    {
      id: 1,
      productId: 4,
      name: 'Linen Shirt',
      nameBg: 'Ленена риза',
      colorName: 'Sand',
      colorNameBg: 'Пясък',
      size: 'M',
      unitPrice: 60,
      quantity: 2,
      imageUrl: '/files/s',
      guaranteeEndsAt: FAR,
    },
    {
      id: 2,
      productId: 5,
      name: 'Old Scarf',
      nameBg: '',
      colorName: 'Onyx',
      colorNameBg: '',
      size: 'S',
      unitPrice: 20,
      quantity: 1,
      imageUrl: '/files/t',
      guaranteeEndsAt: '2020-01-01T10:00:00.000Z',
    },
  ],
  events: [],
};

const complaint: AdminComplaint = {
  id: 7,
  number: '0000000012',
  orderId: 31,
  orderReference: '3F9A0C21B7D4',
  orderItemId: 1,
  item: { name: 'Linen Shirt', nameBg: '', colorName: 'Sand', colorNameBg: '', size: 'M' },
  description: 'The seam split.',
  remedy: 'refund',
  photos: ['/files/abc'],
  status: 'open',
  createdAt: '2026-11-25T10:00:00.000Z',
  dueAt: '2020-01-01T10:00:00.000Z',
  outcome: null,
  note: null,
  amount: null,
  decidedAt: null,
  repairedAt: null,
  replacementOrderId: null,
  customer: { name: 'Ana Petrova', email: 'ana@example.com', phone: '+359 88 123 4567' },
  guaranteeEndsAt: FAR,
  acknowledgementUrl: '/api/documents/complaint/7/pdf?expires=1&sig=s',
};

describe('OrderGuarantee', () => {
  it('shows each line’s guarantee end, and files a defect of a covered line with its photos', async () => {
    signIn();
    const sent = fakeApi({
      'POST /api/orders/31/complaints': {
        status: 201,
        body: { complaint: { ...complaint, remedy: 'replacement', dueAt: '2026-12-25T10:00:00.000Z' } },
      },
    });
    renderWithApi(<OrderGuarantee order={order} lang="en" />);
    expect(screen.getByText('Guaranteed until 10 January 2099')).toBeInTheDocument();
    expect(screen.getByText('Guarantee ended on 1 January 2020')).toBeInTheDocument();
    // Only the covered line offers the form.
    expect(screen.queryByRole('button', { name: /Report a defect of Old Scarf/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Report a defect of Linen Shirt (Sand, M)' }));
    const form = screen.getByRole('form', { name: 'Linen Shirt (Sand, M)' });
    await userEvent.click(within(form).getByRole('button', { name: 'Send the complaint' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Describe the defect.');
    expect(sent).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText('What is wrong with it?'), 'The seam split.');
    await userEvent.click(within(form).getByRole('radio', { name: 'Replacement' }));
    const photo = new File([new Uint8Array([1, 2, 3])], 'seam.png', { type: 'image/png' });
    await userEvent.upload(within(form).getByLabelText('Photos (up to 3, optional)'), photo);
    await userEvent.click(within(form).getByRole('button', { name: 'Send the complaint' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your complaint No. 0000000012 is registered and its acknowledgement is on its way to your email. We will tell you our decision by 25 December 2026.',
    );
    expect(sent[0]!.body).toEqual({
      orderItemId: '1',
      description: 'The seam split.',
      remedy: 'replacement',
      photo1: 'seam.png',
    });
  });

  it('says nothing before delivery', () => {
    renderWithApi(<OrderGuarantee order={{ ...order, deliveredAt: null }} lang="en" />);
    expect(screen.queryByRole('heading', { name: 'Guarantee and complaints' })).not.toBeInTheDocument();
  });
});

describe('ComplaintsScreen', () => {
  it('lists an overdue complaint with its consumer and photos, and decides it with an amount', async () => {
    signIn();
    let open = [complaint];
    const sent = fakeApi({
      'GET /api/admin/complaints?status=open&page=1&limit=20': () => ({
        body: { data: open, total: open.length, page: 1, limit: 20 },
      }),
      'POST /api/admin/complaints/7/decide': () => {
        open = [];
        return { body: { ...complaint, status: 'decided', outcome: 'refund', amount: 30 } };
      },
    });
    renderWithApi(<ComplaintsScreen />, { path: '/admin/complaints' });
    const panel = await screen.findByRole('tabpanel', { name: 'Open' });
    const row = await within(panel).findByRole('row', { name: /0000000012/ });
    expect(within(row).getByText('ana@example.com')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Photo 1' })).toHaveAttribute('href', '/files/abc');
    // The acknowledgement as kept (decision 0064).
    expect(
      within(row).getByRole('link', { name: 'Acknowledgement of complaint No. 0000000012 (PDF)' }),
    ).toHaveAttribute('href', '/api/documents/complaint/7/pdf?expires=1&sig=s');
    expect(within(row).getByText(/days overdue/)).toBeInTheDocument();
    expect(within(row).getByText('Asked for: Refund')).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Decide complaint 0000000012' }));
    const form = within(row).getByRole('form', { name: 'Decide complaint 0000000012' });
    expect(within(form).getByLabelText('Decision')).toHaveValue('refund');
    await userEvent.type(within(form).getByLabelText('Amount (USD)'), '30,00');
    await userEvent.type(within(form).getByLabelText('Note to the customer'), 'Sorry.');
    await userEvent.click(within(form).getByRole('button', { name: 'Save the decision' }));
    expect(await within(panel).findByText('No open complaints.')).toBeInTheDocument();
    expect(sent.find((request) => request.key === 'POST /api/admin/complaints/7/decide')!.body).toEqual({
      outcome: 'refund',
      note: 'Sorry.',
      amount: '30.00',
    });
  });
});
