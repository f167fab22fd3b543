import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Order } from '@shop/contract';
import i18n from '../../../lib/i18n';
import { fakeApi, renderWithApi, signIn } from '../../../test/fake-api';
import { OrderHistory } from './order-history';
import { PaymentResult } from './payment-result';

const order = (overrides: Partial<Order> = {}): Order => ({
  id: 42,
  reference: '3F9A0C21B7D4',
  status: 'paid',
  paymentMethod: 'card',
  fulfilment: 'unfulfilled',
  subtotal: 219.98,
  deliveryCost: 0,
  codFee: 0,
  total: 219.98,
  refunded: 0,
  currency: 'USD',
  createdAt: '2026-05-15T12:30:00.000Z',
  paidAt: '2026-05-15T12:31:00.000Z',
  testPayment: false,
  shippedAt: null,
  deliveredAt: null,
  expiresAt: null,
  paymentUrl: null,
  confirmationRequired: false,
  confirmedAt: null,
  delivery: null,
  tracking: null,
  withdrawal: null,
  events: [],
  items: [
    {
      id: 1,
      productId: 1,
      name: 'Noir Hoodie',
      nameBg: '',
      colorName: 'Onyx',
      colorNameBg: 'Оникс',
      size: 'M',
      unitPrice: 49.99,
      quantity: 2,
      imageUrl: '/files/a',
    },
    {
      id: 2,
      productId: 2,
      name: 'Bone Coat',
      nameBg: '',
      colorName: 'Bone',
      colorNameBg: '',
      size: 'L',
      unitPrice: 120,
      quantity: 1,
      imageUrl: '/files/b',
    },
  ],
  ...overrides,
});

describe('PaymentResult', () => {
  it('thanks the shopper and shows the paid order', async () => {
    fakeApi({ 'GET /api/orders/by-session/cs_1': { body: order() } });
    signIn();
    renderWithApi(<PaymentResult kind="success" sessionId="cs_1" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByText('Thank you for your purchase.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Order 3F9A0C21B7D4' })).toBeInTheDocument();
    expect(screen.getByText('Paid')).toBeInTheDocument();
    expect(screen.getByText('$219.98')).toBeInTheDocument();
    // What delivery cost, above the total (issue 45).
    expect(screen.getByTestId('order-delivery')).toHaveTextContent('DeliveryFree');
    expect(screen.getByRole('link', { name: 'View my orders' })).toHaveAttribute('href', '/my-order');
  });

  it('names the delivery’s price and the cash-on-delivery fee when there are any', async () => {
    fakeApi({
      'GET /api/orders/42': {
        body: order({ status: 'placed', paymentMethod: 'cod', paidAt: null, deliveryCost: 4.9, codFee: 1.5 }),
      },
    });
    signIn();
    renderWithApi(<PaymentResult kind="success" sessionId={null} orderId={42} />);
    expect(await screen.findByTestId('order-delivery')).toHaveTextContent('Delivery$4.90');
    expect(screen.getByText('Cash-on-delivery fee')).toBeInTheDocument();
  });

  it('shows the code and what it took off, above the total', async () => {
    fakeApi({
      'GET /api/orders/by-session/cs_1': { body: order({ discount: { code: 'TENOFF', amount: 22 }, total: 197.98 }) },
    });
    signIn();
    renderWithApi(<PaymentResult kind="success" sessionId="cs_1" />);
    expect(await screen.findByTestId('order-discount')).toHaveTextContent('Discount (TENOFF)−$22.00');
    expect(screen.getByText('$197.98')).toBeInTheDocument();
  });

  it('says a cash-on-delivery order is placed, from its order id, and links to the order', async () => {
    fakeApi({
      'GET /api/orders/42': {
        body: order({ status: 'placed', paymentMethod: 'cod', paidAt: null, codFee: 1.5, total: 221.48 }),
      },
    });
    signIn();
    renderWithApi(<PaymentResult kind="success" sessionId={null} orderId={42} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Order Placed!' })).toBeInTheDocument();
    expect(screen.getByText('Thank you for your order. You pay the courier when it arrives.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Order 3F9A0C21B7D4' })).toHaveAttribute('href', '/my-order/42');
    expect(screen.getByText('Placed, pay on delivery')).toBeInTheDocument();
    expect(screen.getByText('$221.48')).toBeInTheDocument();
  });

  it('says it is still confirming while the order is pending', async () => {
    fakeApi({ 'GET /api/orders/by-session/cs_1': { body: order({ status: 'pending', paidAt: null }) } });
    signIn();
    renderWithApi(<PaymentResult kind="success" sessionId="cs_1" />);
    expect(await screen.findByText('Confirming your payment…')).toBeInTheDocument();
    expect(screen.getByText('Awaiting payment')).toBeInTheDocument();
  });

  it('tells a cancelled shopper the cart is intact and leads back to it', async () => {
    fakeApi({ 'GET /api/orders/by-session/cs_2': { body: order({ status: 'cancelled', paidAt: null }) } });
    signIn();
    renderWithApi(<PaymentResult kind="cancelled" sessionId="cs_2" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Cancelled' })).toBeInTheDocument();
    expect(screen.getByText('Your payment was cancelled. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to cart' })).toHaveAttribute('href', '/cart');
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
  });

  it('shows the texts alone without a session id or a login', () => {
    const calls = fakeApi({});
    renderWithApi(<PaymentResult kind="success" sessionId="cs_1" />);
    expect(screen.getByText('Thank you for your purchase.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

describe('OrderHistory', () => {
  it('has an empty state', async () => {
    fakeApi({ 'GET /api/orders': { body: [] } });
    signIn();
    renderWithApi(<OrderHistory />);
    expect(await screen.findByText('You have not placed any orders yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/clothing');
  });

  it('lists orders with date, status, lines and total, in Bulgarian too', async () => {
    fakeApi({ 'GET /api/orders': { body: [order(), order({ id: 41, status: 'expired', paidAt: null, total: 10 })] } });
    await i18n.changeLanguage('bg');
    signIn();
    renderWithApi(<OrderHistory />);
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Поръчка 3F9A0C21B7D4');
    expect(cards[0]).toHaveTextContent('Платена');
    expect(cards[0]).toHaveTextContent('15 май 2026 г.');
    expect(cards[0]).toHaveTextContent('219,98 $');
    expect(cards[0]).toHaveTextContent('Noir Hoodie');
    // Colours by their Bulgarian names, else their English ones.
    expect(cards[0]).toHaveTextContent('Оникс');
    expect(cards[0]).toHaveTextContent('Bone');
    expect(cards[1]).toHaveTextContent('Изтекла');
  });

  it('says so when the orders cannot be loaded', async () => {
    fakeApi({ 'GET /api/orders': { status: 500, body: { error: 'x', code: 'INTERNAL' } } });
    signIn();
    renderWithApi(<OrderHistory />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your orders could not be loaded.');
  });
});
