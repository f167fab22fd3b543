import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Order } from '@shop/contract';
import i18n from '../../../lib/i18n';
import { fakeApi, renderWithApi, signIn } from '../../../test/fake-api';
import { OrderDetail } from './order-detail';

const line = (id: number, name: string, unitPrice: number, quantity: number, colorNameBg = '') => ({
  id,
  productId: id,
  name,
  nameBg: '',
  colorName: 'Onyx',
  colorNameBg,
  size: 'L',
  unitPrice,
  quantity,
  imageUrl: '',
});

// Delivered: 2 hoodies at 49.99 and a tee at 20, delivery 6.90, cash on delivery 1.50 (= 128.38).
const order = (withdrawal: Order['withdrawal']): Order => ({
  id: 42,
  reference: '3F9A0C21B7D4',
  status: 'placed',
  paymentMethod: 'cod',
  fulfilment: 'delivered',
  subtotal: 119.98,
  deliveryCost: 6.9,
  codFee: 1.5,
  total: 128.38,
  refunded: 0,
  currency: 'EUR',
  createdAt: '2026-11-15T12:30:00.000Z',
  paidAt: '2026-11-18T12:31:00.000Z',
  testPayment: false,
  shippedAt: '2026-11-16T09:00:00.000Z',
  deliveredAt: '2026-11-18T12:31:00.000Z',
  expiresAt: null,
  paymentUrl: null,
  confirmationRequired: false,
  confirmedAt: null,
  delivery: null,
  tracking: null,
  withdrawal,
  events: [{ type: 'created', at: '2026-11-15T12:30:00.000Z' }],
  items: [line(1, 'Noir Hoodie', 49.99, 2, 'Оникс'), line(2, 'Bone Tee', 20, 1)],
});

const show = (withdrawal: Order['withdrawal'], lang: 'en' | 'bg' = 'en') => {
  fakeApi({});
  signIn();
  renderWithApi(<OrderDetail order={order(withdrawal)} lang={lang} />);
  return within(screen.getByRole('status').parentElement!);
};

describe('OrderDetail: a withdrawal made', () => {
  it('lists the lines and quantities withdrawn, the refund due and the date it is due by', () => {
    const panel = show({ submittedAt: '2026-11-20T10:15:00.000Z', items: [{ orderItemId: 1, quantity: 1 }] });
    expect(panel.getByText(/^You withdrew from this contract on/)).toBeInTheDocument();
    const lines = panel.getAllByRole('listitem');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toHaveTextContent('Noir Hoodie');
    expect(lines[0]).toHaveTextContent('Onyx, L × 1');
    expect(panel.getByTestId('withdrawal-refund-due')).toHaveTextContent('€49.99');
    expect(panel.getByText('4 December 2026')).toBeInTheDocument();
    expect(panel.getByText(/^Part of the order was withdrawn/)).toBeInTheDocument();
  });

  it('counts everything paid, the delivery too, when all was withdrawn, in Bulgarian', async () => {
    await i18n.changeLanguage('bg');
    const panel = show(
      {
        submittedAt: '2026-11-20T10:15:00.000Z',
        items: [
          { orderItemId: 1, quantity: 2 },
          { orderItemId: 2, quantity: 1 },
        ],
      },
      'bg',
    );
    expect(panel.getByText('Артикули в отказа')).toBeInTheDocument();
    expect(panel.getByText('Оникс, L × 2')).toBeInTheDocument();
    expect(panel.getByText('Onyx, L × 1')).toBeInTheDocument();
    expect(panel.getByTestId('withdrawal-refund-due')).toHaveTextContent(/^128,38\s€$/);
    expect(panel.getByText('4 декември 2026 г.')).toBeInTheDocument();
    expect(panel.getByText(/сумата включва платените доставка и такси, 8,40\s€\.$/)).toBeInTheDocument();
  });
});
