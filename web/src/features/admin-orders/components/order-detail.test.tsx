import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../../lib/i18n';
import type { AdminOrder } from '@shop/contract';
import { fakeApi, renderWithApi, signIn } from '../../../test/fake-api';
import { OrderDetail } from './order-detail';
import { placed } from './admin-order.fixture';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn(), warn: vi.fn() } }));

const shipped: AdminOrder = {
  ...placed,
  fulfilment: 'shipped',
  shippedAt: '2026-11-21T10:00:00.000Z',
  tracking: { carrier: 'Speedy', number: 'SP123', url: null },
  events: [...placed.events, { type: 'shipped', at: '2026-11-21T10:00:00.000Z' }],
};

afterEach(() => {
  vi.clearAllMocks();
});

describe('OrderDetail', () => {
  it('shows the delivery, lines, totals and history, and ships with carrier and tracking after a confirm', async () => {
    const sent = fakeApi({
      'GET /api/admin/orders/31': { body: placed },
      'POST /api/admin/orders/31/ship': { body: shipped },
    });
    signIn();
    renderWithApi(<OrderDetail orderId={31} lang="en" />);

    expect(await screen.findByRole('heading', { name: 'Order #31' })).toBeInTheDocument();
    expect(screen.getByText(/1 Vitosha Blvd/)).toBeInTheDocument();
    expect(screen.getByText('Note: Ring twice')).toBeInTheDocument();
    expect(screen.getByText('€128.50')).toBeInTheDocument();
    expect(screen.getByText('Cash-on-delivery fee')).toBeInTheDocument();
    expect(screen.getByText('Order created')).toBeInTheDocument();
    // A cash-on-delivery order is never refunded through the provider, and has not left yet.
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as delivered' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Mark as shipped' }));
    const dialog = screen.getByRole('dialog', { name: 'Ship order #31' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark as shipped' }));
    expect(within(dialog).getByText('Name the carrier.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the tracking number.')).toBeInTheDocument();
    expect(sent.filter((request) => request.key.startsWith('POST'))).toEqual([]);

    await user.type(within(dialog).getByLabelText('Carrier'), 'Speedy');
    await user.type(within(dialog).getByLabelText('Tracking number'), 'SP123');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as shipped' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.find((request) => request.key === 'POST /api/admin/orders/31/ship')?.body).toEqual({
      carrier: 'Speedy',
      trackingNumber: 'SP123',
    });
    expect(screen.getByText('Speedy: SP123')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark as delivered' })).toBeInTheDocument();
  });

  it('creates the shipment through the courier in one step, then prints its label; the courier not answering is said', async () => {
    const labelled: AdminOrder = {
      ...shipped,
      tracking: {
        carrier: 'Atelier Noir courier',
        number: 'AN1234567890',
        url: null,
        labelUrl: '/api/admin/orders/31/shipment/label',
      },
    };
    let courierAnswers = false;
    const sent = fakeApi({
      'GET /api/admin/orders/31': { body: placed },
      'POST /api/admin/orders/31/shipment': () =>
        courierAnswers
          ? { body: labelled }
          : { status: 502, body: { error: 'The courier did not answer.', code: 'COURIER_UNAVAILABLE' } },
      'GET /api/admin/orders/31/shipment/label': () =>
        new Response('%PDF-1.7', {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'inline; filename="label-AN1234567890.pdf"',
          },
        }),
    });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    signIn();
    renderWithApi(<OrderDetail orderId={31} lang="en" />);

    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create shipment' }));
    const dialog = screen.getByRole('dialog', { name: 'Create the shipment of order #31' });
    await user.clear(within(dialog).getByLabelText('Parcels'));
    await user.type(within(dialog).getByLabelText('Parcels'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Create shipment' }));
    expect(within(dialog).getByText('Parcels are a whole number from 1 to 20.')).toBeInTheDocument();
    expect(sent.filter((request) => request.key.startsWith('POST'))).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Parcels'));
    await user.type(within(dialog).getByLabelText('Parcels'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Create shipment' }));
    expect(
      await within(dialog).findByText('The courier did not answer, so nothing was changed. Try again in a moment.'),
    ).toBeInTheDocument();

    courierAnswers = true;
    await user.click(within(dialog).getByRole('button', { name: 'Create shipment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      sent.filter((request) => request.key === 'POST /api/admin/orders/31/shipment').map((request) => request.body),
    ).toEqual([
      { parcels: 2, weightKg: 1 },
      { parcels: 2, weightKg: 1 },
    ]);
    expect(screen.getByText('Atelier Noir courier: AN1234567890')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Print label' }));
    await waitFor(() => expect(saved).toEqual(['label-AN1234567890.pdf']));
  });

  it('shows the code and its amount between the subtotal and the delivery', async () => {
    fakeApi({ 'GET /api/admin/orders/31': { body: { ...placed, discount: { code: 'TENOFF', amount: 12.5 } } } });
    signIn();
    renderWithApi(<OrderDetail orderId={31} lang="en" />);
    const term = await screen.findByText('Discount (TENOFF)');
    expect(term.nextElementSibling).toHaveTextContent('−€12.50');
    const terms = [...term.closest('dl')!.querySelectorAll('dt')].map((node) => node.textContent);
    expect(terms.slice(0, 3)).toEqual(['Subtotal', 'Discount (TENOFF)', 'Delivery']);
  });

  it("shows the server's reason when the step is refused, and keeps the dialog open", async () => {
    fakeApi({
      'GET /api/admin/orders/31': { body: shipped },
      'POST /api/admin/orders/31/return': {
        status: 409,
        body: { error: 'Only a shipped or delivered order can come back: it is returned.', code: 'INVALID_TRANSITION' },
      },
    });
    signIn();
    renderWithApi(<OrderDetail orderId={31} lang="en" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Record a return' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('checkbox', { name: 'Put its items back into stock' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Record the return' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only a shipped or delivered order can come back: it is returned.',
    );
  });

  it('refunds a paid card order, no more than remains', async () => {
    const paid: AdminOrder = {
      ...placed,
      status: 'paid',
      paymentMethod: 'card',
      codFee: 0,
      total: 126.5,
      refunded: 20,
    };
    const sent = fakeApi({
      'GET /api/admin/orders/31': { body: paid },
      'POST /api/admin/orders/31/refund': { body: { ...paid, refunded: 30 } },
    });
    signIn();
    renderWithApi(<OrderDetail orderId={31} lang="en" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const amount = within(screen.getByRole('dialog')).getByLabelText('Amount');
    expect(amount).toHaveValue('106.50');
    await user.clear(amount);
    await user.type(amount, '200');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Refund' }));
    expect(screen.getByText('Enter an amount above 0 and at most €106.50.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '10,5');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.find((request) => request.key === 'POST /api/admin/orders/31/refund')?.body).toEqual({ amount: 10.5 });
  });

  it('refunds chosen lines: the amount follows their units and can be typed over, the lines are sent', async () => {
    const tee = { ...placed.items[0]!, id: 7, name: 'Tee', unitPrice: 55, quantity: 2, discount: 0.01 };
    const paid: AdminOrder = {
      ...placed,
      status: 'paid',
      paymentMethod: 'card',
      codFee: 0,
      total: 229.99,
      refunded: 0,
      items: [tee, { ...placed.items[0]!, refundedQuantity: 2 }],
    };
    const sent = fakeApi({
      'GET /api/admin/orders/31': { body: paid },
      'POST /api/admin/orders/31/refund': { body: { ...paid, refunded: 60 } },
    });
    signIn();
    renderWithApi(<OrderDetail orderId={31} lang="en" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = within(screen.getByRole('dialog'));
    // The shirt was refunded already: only the tee is offered, with what is left of it.
    expect(dialog.queryByLabelText(/Linen Shirt/)).not.toBeInTheDocument();
    const units = dialog.getByLabelText('Tee, Sand, M (2 of 2 left to refund)');
    const amount = dialog.getByLabelText('Amount');
    await user.clear(units);
    await user.type(units, '3');
    await user.click(dialog.getByRole('button', { name: 'Refund' }));
    expect(dialog.getByText('Enter a whole number from 0 to 2.')).toBeInTheDocument();
    // 2 × 55,00 less a discount of 0,01: the first tee is worth 55,00, both 109,99 (the shares add up to the line).
    await user.clear(units);
    await user.type(units, '1');
    expect(amount).toHaveValue('55.00');
    await user.clear(units);
    await user.type(units, '2');
    expect(amount).toHaveValue('109.99');
    await user.clear(amount);
    await user.type(amount, '114.99');
    await user.click(dialog.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.find((request) => request.key === 'POST /api/admin/orders/31/refund')?.body).toEqual({
      amount: 114.99,
      lines: [{ orderItemId: 7, quantity: 2 }],
    });
  });

  it("shows each refund's amount in the timeline and a partly refunded order as one", async () => {
    const refunded: AdminOrder = {
      ...placed,
      status: 'paid',
      paymentMethod: 'card',
      codFee: 0,
      total: 126.5,
      refunded: 30,
      events: [
        { type: 'created', at: '2026-11-20T10:00:00.000Z' },
        { type: 'paid', at: '2026-11-20T10:01:00.000Z' },
        { type: 'refunded', at: '2026-11-21T10:00:00.000Z', amount: 20 },
        { type: 'refunded', at: '2026-11-22T10:00:00.000Z', amount: 10 },
      ],
    };
    fakeApi({ 'GET /api/admin/orders/31': { body: refunded } });
    signIn();
    renderWithApi(<OrderDetail orderId={31} lang="en" />);
    expect(await screen.findByText('Refunded €20.00')).toBeInTheDocument();
    expect(screen.getByText('Refunded €10.00')).toBeInTheDocument();
    expect(screen.getByText('Partly refunded')).toBeInTheDocument();
  });

  it('says TEST PAYMENT on an order paid on the built-in test page, in words and as a badge', async () => {
    const testPaid: AdminOrder = {
      ...placed,
      status: 'paid',
      paymentMethod: 'card',
      paidAt: '2026-11-20T10:01:00.000Z',
      testPayment: true,
    };
    fakeApi({ 'GET /api/admin/orders/31': { body: testPaid } });
    signIn();
    renderWithApi(<OrderDetail orderId={31} lang="en" />);
    expect(await screen.findByText('Test payment')).toBeInTheDocument();
    expect(
      screen.getByText(
        'TEST PAYMENT: paid on the built-in test payment page. No money was taken; do not ship before the shopper has paid.',
      ),
    ).toBeInTheDocument();
  });

  it('says nothing of a test payment on an order a real provider or the courier was paid for', async () => {
    fakeApi({ 'GET /api/admin/orders/31': { body: placed } });
    signIn();
    renderWithApi(<OrderDetail orderId={31} lang="en" />);
    expect(await screen.findByRole('heading', { name: 'Order #31' })).toBeInTheDocument();
    expect(screen.queryByText(/test payment/i)).not.toBeInTheDocument();
  });

  it('says ТЕСТОВО ПЛАЩАНЕ in Bulgarian', async () => {
    await i18n.changeLanguage('bg');
    fakeApi({
      'GET /api/admin/orders/31': { body: { ...placed, status: 'paid', paymentMethod: 'card', testPayment: true } },
    });
    signIn();
    renderWithApi(<OrderDetail orderId={31} lang="bg" />);
    expect(await screen.findByText('Тестово плащане')).toBeInTheDocument();
    expect(screen.getByText(/^ТЕСТОВО ПЛАЩАНЕ: платено на вградената тестова страница/)).toBeInTheDocument();
  });

  it('words a refused step in Bulgarian, never with the server’s English', async () => {
    await i18n.changeLanguage('bg');
    fakeApi({
      'GET /api/admin/orders/31': { body: shipped },
      'POST /api/admin/orders/31/deliver': {
        status: 409,
        body: { error: 'Only a shipped order can be delivered: it is delivered.', code: 'INVALID_TRANSITION' },
      },
    });
    signIn();
    renderWithApi(<OrderDetail orderId={31} lang="bg" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Отбележи като доставена' }));
    const dialog = screen.getByRole('dialog', { name: 'Доставена ли е поръчка №31?' });
    await user.click(within(dialog).getByRole('button', { name: 'Отбележи като доставена' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Сегашното състояние на поръчката не позволява тази стъпка. Презаредете страницата, за да я видите такава, каквато е сега.',
    );
    expect(screen.getByText(/^128,50\s€$/)).toBeInTheDocument();
  });

  it('holds a new account’s cash-on-delivery order until the owner confirms it, then offers shipping', async () => {
    const waiting: AdminOrder = { ...placed, confirmationRequired: true, confirmedAt: null };
    const at = '2026-11-20T11:00:00.000Z';
    const confirmed: AdminOrder = {
      ...waiting,
      confirmedAt: at,
      events: [...placed.events, { type: 'confirmed', at }],
    };
    const sent = fakeApi({
      'GET /api/admin/orders/31': { body: waiting },
      'POST /api/admin/orders/31/confirm': { body: confirmed },
    });
    signIn();
    renderWithApi(<OrderDetail orderId={31} lang="en" />);
    expect(
      await screen.findByText(/^Awaiting confirmation: a cash-on-delivery order from a new account/),
    ).toBeVisible();
    expect(screen.getByText('To confirm')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as shipped' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm order #31?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.map((request) => request.key)).toContain('POST /api/admin/orders/31/confirm');
    expect(screen.getByText(/^Confirmed on /)).toBeInTheDocument();
    expect(screen.getByText('Confirmed by the shop')).toBeInTheDocument();
    expect(screen.queryByText('To confirm')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark as shipped' })).toBeInTheDocument();
  });

  it('says Очаква потвърждение in Bulgarian', async () => {
    await i18n.changeLanguage('bg');
    fakeApi({ 'GET /api/admin/orders/31': { body: { ...placed, confirmationRequired: true, confirmedAt: null } } });
    signIn();
    renderWithApi(<OrderDetail orderId={31} lang="bg" />);
    expect(await screen.findByText(/^Очаква потвърждение: поръчка с наложен платеж от нов профил/)).toBeVisible();
    expect(screen.getByText('За потвърждение')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Потвърди поръчката' })).toBeInTheDocument();
  });
});
