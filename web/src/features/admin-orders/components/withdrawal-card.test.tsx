import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminOrder } from '@shop/contract';
import i18n from '../../../lib/i18n';
import { fakeApi, renderWithApi, signIn } from '../../../test/fake-api';
import { OrderDetail } from './order-detail';
import { placed } from './admin-order.fixture';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn(), warn: vi.fn() } }));

afterEach(() => {
  vi.clearAllMocks();
});

// A card order delivered, 2 shirts at 60 and a scarf at 25 (+ 6.50 delivery = 151.50); the shopper
// withdrew one shirt on 22 November: 60 due by 6 December.
const withdrawn: AdminOrder = {
  ...placed,
  status: 'paid',
  paymentMethod: 'card',
  paidAt: '2026-11-20T10:01:00.000Z',
  fulfilment: 'delivered',
  deliveredAt: '2026-11-21T10:00:00.000Z',
  subtotal: 145,
  codFee: 0,
  total: 151.5,
  items: [
    ...placed.items,
    {
      id: 2,
      productId: 5,
      name: 'Wool Scarf',
      nameBg: '',
      colorName: 'Grey',
      colorNameBg: 'Сиво',
      size: 'M',
      unitPrice: 25,
      quantity: 1,
      imageUrl: '',
    },
  ],
  withdrawal: { submittedAt: '2026-11-22T09:00:00.000Z', items: [{ orderItemId: 1, quantity: 1 }], reason: 'Too big' },
  events: [...placed.events, { type: 'withdrawal', at: '2026-11-22T09:00:00.000Z' }],
};

describe('OrderDetail: a withdrawal', () => {
  it('counts a withdrawn line at what was paid for it, its share of a discount code off', async () => {
    // The shirts' line carried 12.00 of a 10% code: one shirt of two was paid 54.00.
    const discounted: AdminOrder = {
      ...withdrawn,
      discount: { code: 'TENOFF', amount: 14.5 },
      total: 137,
      items: withdrawn.items.map((item) => ({ ...item, discount: item.id === 1 ? 12 : 2.5 })),
    };
    fakeApi({ 'GET /api/admin/orders/31': { body: discounted } });
    signIn();
    renderWithApi(<OrderDetail orderId={31} lang="en" />);
    const card = within(await screen.findByRole('region', { name: 'Withdrawal requested' }));
    expect(card.getAllByRole('listitem')[0]).toHaveTextContent('€54.00');
    expect(card.getByTestId('withdrawal-refund-due')).toHaveTextContent('€54.00');
  });

  it('lists the lines withdrawn, the refund due and its deadline, and refunds exactly that after a confirm', async () => {
    const refunded: AdminOrder = { ...withdrawn, refunded: 60 };
    const sent = fakeApi({
      'GET /api/admin/orders/31': { body: withdrawn },
      'POST /api/admin/orders/31/refund': { body: refunded },
    });
    signIn();
    renderWithApi(<OrderDetail orderId={31} lang="en" />);

    const card = within(await screen.findByRole('region', { name: 'Withdrawal requested' }));
    expect(card.getByText('Reason: Too big')).toBeInTheDocument();
    const lines = card.getAllByRole('listitem');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toHaveTextContent('Linen Shirt');
    expect(lines[0]).toHaveTextContent('Sand, M × 1');
    expect(lines[0]).toHaveTextContent('€60.00');
    expect(card.getByTestId('withdrawal-refund-due')).toHaveTextContent('€60.00');
    expect(card.getByText('6 December 2026')).toBeInTheDocument();
    expect(card.getByText(/^Part of the order was withdrawn/)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(card.getByRole('button', { name: 'Refund the withdrawal (€60.00)' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund order #31' });
    expect(within(dialog).getByLabelText('Amount')).toHaveValue('60.00');
    expect(sent.filter((request) => request.key.startsWith('POST'))).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.find((request) => request.key === 'POST /api/admin/orders/31/refund')?.body).toEqual({ amount: 60 });
    // Refunded: the button is gone.
    expect(await screen.findByText('The refund due has been refunded.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Refund the withdrawal/ })).not.toBeInTheDocument();
    // The ordinary refund still offers all that is left.
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(within(screen.getByRole('dialog')).getByLabelText('Amount')).toHaveValue('91.50');
  });

  it('refunds everything paid, the delivery too, when the whole order was withdrawn, in Bulgarian', async () => {
    await i18n.changeLanguage('bg');
    fakeApi({
      'GET /api/admin/orders/31': { body: { ...withdrawn, withdrawal: { submittedAt: '2026-11-22T09:00:00.000Z' } } },
    });
    signIn();
    renderWithApi(<OrderDetail orderId={31} lang="bg" />);
    const card = within(await screen.findByRole('region', { name: 'Заявен отказ от договора' }));
    expect(card.getAllByRole('listitem')).toHaveLength(2);
    expect(card.getByText('Сиво, M × 1')).toBeInTheDocument();
    expect(card.getByTestId('withdrawal-refund-due')).toHaveTextContent(/^151,50\s€$/);
    expect(card.getByText('6 декември 2026 г.')).toBeInTheDocument();
    expect(
      card.getByText(/^Отказът е от цялата поръчка: сумата включва платените доставка и такси, 6,50\s€\.$/),
    ).toBeInTheDocument();
    expect(card.getByRole('button', { name: /^Възстанови сумата по отказа \(151,50\s€\)$/ })).toBeInTheDocument();
  });

  it('refunds a cash-on-delivery withdrawal after a confirm saying the cash goes by bank transfer, the rest to credit and cards', async () => {
    const cod: AdminOrder = { ...withdrawn, paymentMethod: 'cod' };
    const sent = fakeApi({
      'GET /api/admin/orders/31': { body: cod },
      'POST /api/admin/orders/31/withdrawal/refund': { body: { ...cod, refunded: 60 } },
    });
    signIn();
    renderWithApi(<OrderDetail orderId={31} lang="en" />);
    const card = within(await screen.findByRole('region', { name: 'Withdrawal requested' }));
    const user = userEvent.setup();
    await user.click(card.getByRole('button', { name: 'Refund the withdrawal (€60.00)' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Refund the withdrawal' }));
    expect(
      dialog.getByText(/^Refund €60\.00: the cash the courier collected first, which you pay by bank transfer/),
    ).toBeInTheDocument();
    expect(sent.filter((request) => request.key.startsWith('POST'))).toEqual([]);
    await user.click(dialog.getByRole('button', { name: 'Refund' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // All that is left (no amount): the route's body is an object, never empty.
    expect(sent.filter((request) => request.key.startsWith('POST'))).toEqual([
      expect.objectContaining({ key: 'POST /api/admin/orders/31/withdrawal/refund', body: {} }),
    ]);
    expect(await screen.findByText('The refund due has been refunded.')).toBeInTheDocument();
  });

  it('offers no refund while the order may not be refunded (cash on delivery not paid yet)', async () => {
    fakeApi({
      'GET /api/admin/orders/31': {
        body: {
          ...placed,
          withdrawal: {
            submittedAt: '2026-11-22T09:00:00.000Z',
            items: [{ orderItemId: 1, quantity: 1 }],
            reason: null,
          },
        },
      },
    });
    signIn();
    renderWithApi(<OrderDetail orderId={31} lang="en" />);
    const card = within(await screen.findByRole('region', { name: 'Withdrawal requested' }));
    expect(card.getByTestId('withdrawal-refund-due')).toHaveTextContent('€60.00');
    expect(card.queryByRole('button')).not.toBeInTheDocument();
    expect(card.queryByText('The refund due has been refunded.')).not.toBeInTheDocument();
  });
});
