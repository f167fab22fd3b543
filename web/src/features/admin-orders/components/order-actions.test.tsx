import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import {
  allowedSteps,
  orderFacts,
  type AdminOrder,
  type Fulfilment,
  type OrderStatus,
  type PaymentMethod,
} from '@shop/contract';
import i18n from '../../../lib/i18n';
import { fakeApi, renderWithApi, signIn } from '../../../test/fake-api';
import { OrderDetail } from './order-detail';
import { placed } from './admin-order.fixture';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn(), warn: vi.fn() } }));

const at = '2026-11-21T10:00:00.000Z';

/** An order in a state, with the facts the table reads besides it (refunds, a confirmation). */
function order(
  paymentMethod: PaymentMethod,
  status: OrderStatus,
  fulfilment: Fulfilment,
  more: Partial<AdminOrder> = {},
): AdminOrder {
  const card = paymentMethod === 'card';
  const total = card ? 126.5 : placed.total;
  return {
    ...placed,
    paymentMethod,
    status,
    fulfilment,
    codFee: card ? 0 : placed.codFee,
    total,
    refunded: status === 'refunded' ? total : 0,
    paidAt: status === 'paid' || status === 'refunded' ? at : null,
    shippedAt: fulfilment === 'unfulfilled' ? null : at,
    deliveredAt: fulfilment === 'delivered' ? at : null,
    tracking: fulfilment === 'unfulfilled' ? null : { carrier: 'Speedy', number: 'SP123', url: null },
    ...more,
  };
}

/** Every state the steps can lead to (as api/src/modules/orders/order-table.test.ts walks them), and a few facts. */
const STATES: [string, AdminOrder][] = [
  ...(['pending', 'cancelled', 'expired', 'failed'] as const).map((status): [string, AdminOrder] => [
    `card ${status}`,
    order('card', status, 'unfulfilled'),
  ]),
  ...(['unfulfilled', 'shipped', 'delivered', 'returned'] as const).flatMap((fulfilment): [string, AdminOrder][] => [
    [`card paid ${fulfilment}`, order('card', 'paid', fulfilment)],
    [`card refunded ${fulfilment}`, order('card', 'refunded', fulfilment)],
  ]),
  ['card paid, part refunded', order('card', 'paid', 'delivered', { refunded: 20 })],
  ['card paid, all of it refunded', order('card', 'paid', 'delivered', { refunded: 126.5 })],
  ['cod placed unfulfilled', order('cod', 'placed', 'unfulfilled')],
  [
    'cod placed unfulfilled, awaiting confirmation',
    order('cod', 'placed', 'unfulfilled', { confirmationRequired: true, confirmedAt: null }),
  ],
  [
    'cod placed unfulfilled, confirmed',
    order('cod', 'placed', 'unfulfilled', { confirmationRequired: true, confirmedAt: at }),
  ],
  ['cod placed shipped', order('cod', 'placed', 'shipped')],
  ['cod placed returned', order('cod', 'placed', 'returned')],
  ['cod paid delivered', order('cod', 'paid', 'delivered')],
  ['cod paid delivered, withdrawn', order('cod', 'paid', 'delivered', { withdrawal: { submittedAt: at } })],
  ['cod paid returned', order('cod', 'paid', 'returned')],
  ['cod cancelled unfulfilled', order('cod', 'cancelled', 'unfulfilled')],
];

describe('OrderDetail: the steps offered are the transition table’s', () => {
  it.each(STATES)('%s', async (_, state) => {
    fakeApi({ 'GET /api/admin/orders/31': { body: state } });
    signIn();
    renderWithApi(<OrderDetail orderId={31} lang="en" />);
    const actions = await screen.findByRole('region', { name: 'Actions' });

    // Where the order may ship, the courier may ship it too ("Create shipment", before "Mark as shipped").
    const expected = allowedSteps(orderFacts(state), 'admin')
      .flatMap((step) => (step === 'ship' && state.delivery ? ['shipment', step] : [step]))
      .map((step) => i18n.t(`adminOrders.${step}.button`));
    const shown = within(actions)
      .queryAllByRole('button')
      .map((button) => button.textContent);
    expect(shown).toEqual(expected);
    if (expected.length === 0) expect(within(actions).getByText('Nothing is left to do on this order.')).toBeVisible();
  });
});
