import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { orderFacts, stepRefusal, type Order } from '@shop/contract';
import { fakeApi, renderWithApi, signIn } from '../../../test/fake-api';
import { useOrder } from '../api/get-order';
import { OrderDetail } from './order-detail';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

const order = (overrides: Partial<Order> = {}): Order => ({
  id: 42,
  reference: '3F9A0C21B7D4',
  status: 'paid',
  paymentMethod: 'card',
  fulfilment: 'shipped',
  subtotal: 49.99,
  deliveryCost: 6.9,
  codFee: 0,
  total: 56.89,
  refunded: 0,
  currency: 'EUR',
  createdAt: '2026-11-15T12:30:00.000Z',
  paidAt: '2026-11-15T12:31:00.000Z',
  testPayment: false,
  shippedAt: '2026-11-16T09:00:00.000Z',
  deliveredAt: null,
  expiresAt: null,
  paymentUrl: null,
  confirmationRequired: false,
  confirmedAt: null,
  delivery: {
    method: 'address',
    name: 'Mila Petrova',
    phone: '+359 888 123 456',
    country: 'BG',
    city: 'Sofia',
    postcode: '1000',
    line1: '1 Vitosha Blvd',
    office: null,
    note: 'Ring twice',
  },
  tracking: { carrier: 'Econt', number: 'EC123', url: 'https://track.example/EC123' },
  withdrawal: null,
  events: [
    { type: 'created', at: '2026-11-15T12:30:00.000Z' },
    { type: 'paid', at: '2026-11-15T12:31:00.000Z' },
    { type: 'shipped', at: '2026-11-16T09:00:00.000Z' },
  ],
  items: [
    {
      id: 1,
      productId: 1,
      name: 'Noir Hoodie',
      nameBg: '',
      colorName: 'Onyx',
      colorNameBg: '',
      size: 'M',
      unitPrice: 49.99,
      quantity: 1,
      imageUrl: '/files/a',
    },
  ],
  ...overrides,
});

const PROFILE = {
  id: 1,
  name: 'Mila Petrova',
  email: 'mila@example.com',
  address: '',
  phone: '',
  profilePicture: null,
  role: 'USER',
  delivery: null,
};

/** The detail as the route shows it: read through the api, so a cancel shows the answer. */
function Detail({ lang = 'en' }: { lang?: 'en' | 'bg' }) {
  const { order: shown } = useOrder(42);
  return shown ? <OrderDetail order={shown} lang={lang} /> : null;
}

describe('OrderDetail', () => {
  afterEach(() => vi.clearAllMocks());

  it("shows a refund's amount in the timeline and a partly refunded order as one", async () => {
    fakeApi({
      'GET /api/orders/42': {
        body: order({
          refunded: 20,
          events: [
            { type: 'created', at: '2026-11-15T12:30:00.000Z' },
            { type: 'paid', at: '2026-11-15T12:31:00.000Z' },
            { type: 'refunded', at: '2026-11-17T09:00:00.000Z', amount: 20 },
          ],
        }),
      },
    });
    signIn();
    renderWithApi(<Detail />);
    const history = await screen.findByRole('region', { name: 'Order history' });
    expect(within(history).getByText('Refunded €20.00')).toBeInTheDocument();
    expect(screen.getByText('Partly refunded')).toBeInTheDocument();
  });

  it('shows the timeline, tracking, delivery address, lines and sums in the order currency', async () => {
    fakeApi({ 'GET /api/orders/42': { body: order() } });
    signIn();
    renderWithApi(<Detail />);
    const history = await screen.findByRole('region', { name: 'Order history' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Order created'),
      expect.stringContaining('Paid'),
      expect.stringContaining('Shipped'),
    ]);
    expect(screen.getByText('Econt, tracking number EC123')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Track the parcel' })).toHaveAttribute(
      'href',
      'https://track.example/EC123',
    );
    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(delivery).toHaveTextContent('1 Vitosha Blvd');
    expect(delivery).toHaveTextContent('1000 Sofia');
    expect(delivery).toHaveTextContent('Bulgaria');
    expect(screen.getByTestId('order-total')).toHaveTextContent('€56.89');
    expect(screen.getByText('On its way')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('writes every date of the English page one way, as the shop writes English (15 November 2026, 24-hour time)', async () => {
    fakeApi({ 'GET /api/orders/42': { body: order() } });
    signIn();
    renderWithApi(<Detail />);
    const history = await screen.findByRole('region', { name: 'Order history' });
    const dates = [
      screen.getByText(/^Placed on /).textContent,
      ...within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ];
    for (const text of dates) expect(text).toMatch(/1[56] November 2026 at \d{2}:\d{2}/);
    expect(dates.join(' ')).not.toMatch(/November 1[56],|AM|PM/);
  });

  it('shows the code between the subtotal and the delivery, and no line without one', async () => {
    fakeApi({ 'GET /api/orders/42': { body: order({ discount: { code: 'TENOFF', amount: 5 }, total: 51.89 }) } });
    signIn();
    renderWithApi(<Detail />);
    const discount = await screen.findByTestId('order-discount');
    expect(discount).toHaveTextContent('−€5.00');
    const terms = [...discount.closest('dl')!.querySelectorAll('dt')].map((term) => term.textContent);
    expect(terms.slice(0, 3)).toEqual(['Subtotal', 'Discount (TENOFF)', 'Delivery']);
    // "Subtotal" names the goods once; each line's amount is its line total (issue 45).
    expect(screen.getAllByText(/Subtotal/)).toHaveLength(1);
    expect(screen.getAllByText(/Line total/).length).toBeGreaterThan(0);
    expect(screen.getByTestId('order-total')).toHaveTextContent('€51.89');
  });

  it('says a free-delivery code took the delivery off', async () => {
    fakeApi({ 'GET /api/orders/42': { body: order({ discount: { code: 'FREESHIP', amount: 0 }, deliveryCost: 0 }) } });
    signIn();
    renderWithApi(<Detail />);
    expect(await screen.findByTestId('order-discount')).toHaveTextContent('Free delivery');
  });

  it("names each line and the built-in courier in the page's language, whichever language the order was placed in", async () => {
    const lines = order().items.map((item) => ({ ...item, nameBg: 'Худи Ноар', colorNameBg: 'Оникс' }));
    const tracking = { carrier: 'Atelier Noir courier', number: 'AN1', url: null };
    fakeApi({ 'GET /api/orders/42': { body: order({ items: lines, tracking }) } });
    signIn();
    const english = renderWithApi(<Detail />);
    expect(await screen.findByText('Noir Hoodie')).toBeInTheDocument();
    expect(screen.queryByText('Худи Ноар')).not.toBeInTheDocument();
    english.unmount();
    renderWithApi(<Detail lang="bg" />);
    expect(await screen.findByText('Худи Ноар')).toBeInTheDocument();
    expect(await screen.findByText(/^Куриер на Atelier Noir, .*AN1$/)).toBeInTheDocument();
  });

  it('offers to continue a pending card payment, or to cancel it after a confirmation', async () => {
    let current = order({
      status: 'pending',
      fulfilment: 'unfulfilled',
      paidAt: null,
      shippedAt: null,
      tracking: null,
      expiresAt: '2026-11-15T13:00:00.000Z',
      paymentUrl: '/pay/cs_local_1',
      events: [{ type: 'created', at: '2026-11-15T12:30:00.000Z' }],
    });
    const calls = fakeApi({
      'GET /api/orders/42': () => ({ body: current }),
      'GET /api/orders': () => ({ body: [current] }),
      'POST /api/orders/42/cancel': () => {
        current = {
          ...current,
          status: 'cancelled',
          paymentUrl: null,
          events: [...current.events, { type: 'cancelled', at: '2026-11-15T12:40:00.000Z' }],
        };
        return { body: current };
      },
    });
    signIn();
    renderWithApi(<Detail />);
    expect(await screen.findByRole('link', { name: 'Continue payment' })).toHaveAttribute('href', '/pay/cs_local_1');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(screen.getByText('Cancel this order? Its items go back on sale.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Your order is cancelled.'));
    expect(calls.filter((call) => call.key === 'POST /api/orders/42/cancel')).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('region', { name: 'Status' })).toHaveTextContent('Status: Cancelled'));
    expect(screen.queryByRole('link', { name: 'Continue payment' })).not.toBeInTheDocument();
  });

  it('withdraws in two steps: the prefilled form with every line chosen, then the confirmation', async () => {
    let current = order({
      status: 'placed',
      paymentMethod: 'cod',
      fulfilment: 'delivered',
      deliveredAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
      items: [
        {
          id: 1,
          productId: 1,
          name: 'Noir Hoodie',
          nameBg: '',
          colorName: 'Onyx',
          colorNameBg: '',
          size: 'M',
          unitPrice: 49.99,
          quantity: 2,
          imageUrl: '',
        },
        {
          id: 2,
          productId: 2,
          name: 'Bone Tee',
          nameBg: '',
          colorName: 'Bone',
          colorNameBg: '',
          size: 'S',
          unitPrice: 20,
          quantity: 1,
          imageUrl: '',
        },
      ],
    });
    const calls = fakeApi({
      'GET /api/orders/42': () => ({ body: current }),
      'GET /api/orders': () => ({ body: [current] }),
      'GET /api/profile': { body: PROFILE },
      'POST /api/orders/42/withdrawal': () => {
        current = { ...current, withdrawal: { submittedAt: '2026-11-20T10:15:00.000Z' } };
        return {
          status: 201,
          body: { withdrawal: { id: 1, orderId: 42, submittedAt: '2026-11-20T10:15:00.000Z', items: [] } },
        };
      },
    });
    signIn();
    renderWithApi(<Detail />);
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw from contract here' }));
    expect(await screen.findByText(/Mila Petrova \(mila@example\.com\), order 3F9A0C21B7D4/)).toBeInTheDocument();
    // One of the two hoodies, and not the tee.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'How many' }), '1');
    await userEvent.click(screen.getByRole('checkbox', { name: /Bone Tee/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    // Said where the form was, focused, not in a toast that could cover it (issue 28, item 14).
    const done = await screen.findByText('Your withdrawal is recorded. We have emailed you an acknowledgement.');
    await waitFor(() => expect(done.parentElement).toHaveFocus());
    expect(toast.success).not.toHaveBeenCalled();
    expect(calls.find((call) => call.key === 'POST /api/orders/42/withdrawal')?.body).toEqual({
      items: [{ orderItemId: 1, quantity: 1 }],
    });
    expect(await screen.findByText(/You withdrew from this contract on/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw from contract here' })).not.toBeInTheDocument();
  });

  it('asks whether a sealed line’s hygiene seal is intact, says a broken one ends its withdrawal, and sends the answers (English; both locales have the words)', async () => {
    const sealed = order({
      status: 'placed',
      paymentMethod: 'cod',
      fulfilment: 'delivered',
      deliveredAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    });
    const line = { ...sealed.items[0]!, hygieneSealed: true };
    const tee = { ...line, id: 2, name: 'Bone Tee', hygieneSealed: undefined };
    const calls = fakeApi({
      'GET /api/orders/42': { body: { ...sealed, items: [line, tee] } },
      'GET /api/orders': { body: [] },
      'GET /api/profile': { body: PROFILE },
      'POST /api/orders/42/withdrawal': {
        status: 409,
        body: { error: 'server words', code: 'SEAL_BROKEN', fields: { 'items.0.sealIntact': 'server words' } },
      },
    });
    signIn();
    renderWithApi(<Detail />);
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw from contract here' }));
    expect(
      screen.getByText(/the right of withdrawal ends for an item whose hygiene seal was broken after delivery/),
    ).toBeInTheDocument();
    // Only the sealed line asks; unanswered, nothing is sent.
    const question = screen.getByRole('group', { name: /Is the hygiene seal of Noir Hoodie · Onyx · M intact\?/ });
    expect(screen.getAllByRole('group', { name: /hygiene seal/ })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Say for each sealed item whether its hygiene seal is intact.',
    );
    expect(calls.some((call) => call.key === 'POST /api/orders/42/withdrawal')).toBe(false);
    // Broken: said beside the answer, and refused before sending.
    await userEvent.click(within(question).getByRole('radio', { name: 'No, the seal was broken' }));
    expect(question).toHaveAccessibleDescription(/no longer applies to this item because its seal was broken/);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The right of withdrawal no longer applies to an item whose hygiene seal was broken',
    );
    expect(calls.some((call) => call.key === 'POST /api/orders/42/withdrawal')).toBe(false);
    // Intact: sent with the answer (the tee, not sealed, without one); the API's refusal in words.
    await userEvent.click(within(question).getByRole('radio', { name: 'Yes, the seal is intact' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key === 'POST /api/orders/42/withdrawal')?.body).toEqual({
        items: [
          { orderItemId: 1, quantity: 1, sealIntact: true },
          { orderItemId: 2, quantity: 1 },
        ],
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The right of withdrawal no longer applies to an item whose hygiene seal was broken',
    );
  });

  it('offers no withdrawal once the period after delivery is over', async () => {
    fakeApi({
      'GET /api/orders/42': {
        body: order({ fulfilment: 'delivered', deliveredAt: new Date(Date.now() - 20 * 86_400_000).toISOString() }),
      },
    });
    signIn();
    renderWithApi(<Detail />);
    await screen.findByRole('region', { name: 'Order history' });
    expect(screen.queryByRole('button', { name: 'Withdraw from contract here' })).not.toBeInTheDocument();
  });

  // The shopper's buttons are the transition table's (contract/src/order-steps.ts): Cancel where
  // the shopper may cancel, Withdraw where the shopper may withdraw (within the period).
  it.each<[string, Partial<Order>]>([
    ['a card checkout waiting for payment', { status: 'pending', fulfilment: 'unfulfilled', paidAt: null }],
    ['a paid card order on its way', {}],
    ['a placed cash-on-delivery order', { status: 'placed', paymentMethod: 'cod', fulfilment: 'unfulfilled' }],
    ['a refunded order', { status: 'refunded', refunded: 56.89 }],
    ['a returned order', { fulfilment: 'returned' }],
    ['a cancelled checkout', { status: 'cancelled', fulfilment: 'unfulfilled', paidAt: null }],
  ])('offers on %s exactly the steps the table lets the shopper take', async (_, overrides) => {
    const shown = order(overrides);
    fakeApi({ 'GET /api/orders/42': { body: shown } });
    signIn();
    renderWithApi(<Detail />);
    await screen.findByRole('region', { name: 'Order history' });
    const facts = orderFacts(shown);
    expect(screen.queryByRole('button', { name: 'Cancel order' }) !== null).toBe(
      stepRefusal('cancel', facts, 'shopper') === null,
    );
    expect(screen.queryByRole('button', { name: 'Withdraw from contract here' }) !== null).toBe(
      stepRefusal('withdraw', facts, 'shopper') === null,
    );
  });
});
