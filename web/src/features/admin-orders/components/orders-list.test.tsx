import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminOrder, AdminOrdersResponse } from '@shop/contract';
import { fakeApi, renderWithApi, signIn } from '../../../test/fake-api';
import { OrdersList } from './orders-list';

const order = (id: number, overrides: Partial<AdminOrder> = {}): AdminOrder => ({
  id,
  reference: `REF${id}`,
  status: 'paid',
  paymentMethod: 'card',
  fulfilment: 'unfulfilled',
  subtotal: 50,
  deliveryCost: 0,
  codFee: 0,
  total: 50,
  refunded: 0,
  currency: 'EUR',
  createdAt: '2026-11-20T10:00:00.000Z',
  paidAt: '2026-11-20T10:01:00.000Z',
  testPayment: false,
  shippedAt: null,
  deliveredAt: null,
  expiresAt: null,
  paymentUrl: null,
  confirmationRequired: false,
  confirmedAt: null,
  delivery: null,
  tracking: null,
  withdrawal: { submittedAt: '2026-11-21T10:00:00.000Z' },
  items: [],
  events: [],
  customer: { id: 2, name: `Shopper ${id}`, email: `s${id}@example.com` },
  ...overrides,
});
const page = (data: AdminOrder[], total: number, number = 1): { body: AdminOrdersResponse } => ({
  body: { data, total, page: number, limit: 20 },
});

describe('OrdersList', () => {
  it('marks an order paid on the built-in test page with a TEST PAYMENT badge, and only that one', async () => {
    fakeApi({
      'GET /api/admin/orders?limit=20': page(
        [order(5, { testPayment: true, withdrawal: null }), order(4, { withdrawal: null })],
        2,
      ),
    });
    signIn();
    renderWithApi(<OrdersList lang="en" />, { path: '/admin/orders' });
    const testPaid = (await screen.findByRole('link', { name: 'Order #5' })).closest('tr')!;
    expect(within(testPaid).getByText('Test payment')).toBeInTheDocument();
    const paid = screen.getByRole('link', { name: 'Order #4' }).closest('tr')!;
    expect(within(paid).queryByText('Test payment')).not.toBeInTheDocument();
  });

  it('marks an order refunded in part "Partly refunded", not one refunded in full nor one never refunded', async () => {
    fakeApi({
      'GET /api/admin/orders?limit=20': page(
        [
          order(7, { refunded: 12.5, withdrawal: null }),
          order(6, { status: 'refunded', refunded: 50, withdrawal: null }),
          order(5, { withdrawal: null }),
        ],
        3,
      ),
    });
    signIn();
    renderWithApi(<OrdersList lang="en" />, { path: '/admin/orders' });
    const row = async (id: number) => (await screen.findByRole('link', { name: `Order #${id}` })).closest('tr')!;
    expect(within(await row(7)).getByText('Partly refunded')).toBeInTheDocument();
    expect(within(await row(6)).queryByText('Partly refunded')).not.toBeInTheDocument();
    expect(within(await row(5)).queryByText('Partly refunded')).not.toBeInTheDocument();
  });

  it('asks for the orders to ship when the link from the dashboard says so, with the box ticked', async () => {
    const sent = fakeApi({ 'GET /api/admin/orders?ship=due&limit=20': page([order(8, { withdrawal: null })], 1) });
    signIn();
    renderWithApi(<OrdersList lang="en" />, { path: '/admin/orders?ship=due' });
    expect(await screen.findByRole('link', { name: 'Order #8' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'To ship' })).toBeChecked();
    expect(sent.map((request) => request.key)).toEqual(['GET /api/admin/orders?ship=due&limit=20']);
  });

  it('lists orders with their total, payment and state, and asks the server for each filter and page', async () => {
    const sent = fakeApi({
      'GET /api/admin/orders?limit=20': page([order(3), order(2)], 45),
      'GET /api/admin/orders?status=paid&limit=20': page([order(3)], 45),
      'GET /api/admin/orders?status=paid&withdrawal=requested&limit=20': page([order(3)], 45),
      'GET /api/admin/orders?status=paid&withdrawal=requested&q=ana%40example.com&limit=20': page([order(3)], 45),
      'GET /api/admin/orders?status=paid&withdrawal=requested&q=ana%40example.com&page=2&limit=20': page([], 45, 2),
    });
    signIn();
    renderWithApi(<OrdersList lang="en" />, { path: '/admin/orders' });

    expect(await screen.findByRole('link', { name: 'Order #3' })).toHaveAttribute('href', '/admin/orders/3');
    expect(screen.getByText('45 orders')).toBeInTheDocument();
    expect(screen.getAllByText('€50.00')).toHaveLength(2);
    expect(screen.getAllByText('Withdrawal')).toHaveLength(2);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Payment status'), 'paid');
    await user.click(screen.getByRole('checkbox', { name: 'Withdrawal requested' }));
    // A short placeholder that fits a phone; what the search finds, whole, in its description.
    const search = screen.getByRole('searchbox', { name: 'Search' });
    expect(search).toHaveAttribute('placeholder', 'Number, reference, email…');
    expect(search).toHaveAccessibleDescription(
      "Finds an order by its number or reference, or the shopper's email, name or phone.",
    );
    await user.type(search, 'ana@example.com{Enter}');
    await waitFor(() => expect(screen.getAllByRole('link', { name: /Order #/ })).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('No order matches these filters.')).toBeInTheDocument();
    expect(sent.map((request) => request.key)).toContain(
      'GET /api/admin/orders?status=paid&withdrawal=requested&q=ana%40example.com&page=2&limit=20',
    );
  });

  it('says so when the orders cannot be read', async () => {
    fakeApi({ 'GET /api/admin/orders?limit=20': { status: 500, body: { error: 'Boom', code: 'INTERNAL' } } });
    signIn();
    renderWithApi(<OrdersList lang="en" />, { path: '/admin/orders' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The orders could not be loaded. Please try again.');
  });
});
