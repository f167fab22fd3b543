import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order, Product } from '@shop/contract';
import { fakeApi, renderWithApi, signIn } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render';
import { ExchangeLinks } from './exchange-links';
import { ReturnsPanel } from './returns-panel';

const deliveredAt = new Date(Date.now() - 3 * 86_400_000).toISOString();

const order = {
  id: 42,
  reference: '3F9A0C21B7D4',
  status: 'paid',
  paymentMethod: 'cod',
  fulfilment: 'delivered',
  subtotal: 100,
  deliveryCost: 0,
  codFee: 0,
  total: 100,
  refunded: 0,
  currency: 'EUR',
  createdAt: deliveredAt,
  paidAt: deliveredAt,
  testPayment: false,
  shippedAt: deliveredAt,
  deliveredAt,
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
      id: 7,
      productId: 3,
      name: 'Linen Shirt',
      nameBg: '',
      colorName: 'Onyx',
      colorNameBg: '',
      size: 'S',
      unitPrice: 50,
      quantity: 2,
      imageUrl: '',
    },
  ],
} satisfies Order;

const product = {
  id: 3,
  colors: [{ id: 11, colorName: 'Onyx', colorNameBg: '', imageUrl: '', hoverImage: '' }],
  sizes: [
    { id: 1, size: 'S' },
    { id: 2, size: 'M' },
    { id: 3, size: 'L' },
  ],
  stockTracked: true,
  stock: [
    { colorId: 11, size: 'S', available: 4 },
    { colorId: 11, size: 'M', available: 2 },
    { colorId: 11, size: 'L', available: 0 },
  ],
} as unknown as Product;

const made = {
  id: 1,
  reference: '3F9A0C21B7D4-R1',
  orderId: 42,
  status: 'approved',
  outcome: 'exchange',
  lines: [{ orderItemId: 7, quantity: 1, reason: 'too-small', exchangeFor: { colorId: 11, size: 'M' } }],
  refund: 0,
  labelCost: 0,
  label: null,
  createdAt: deliveredAt,
};

describe('ReturnsPanel', () => {
  it(
    'asks whether a sealed item’s hygiene seal is intact, and takes a broken one back only as defective',
    { timeout: 15_000 },
    async () => {
      const sealed = { ...order, items: [{ ...order.items[0]!, hygieneSealed: true }] };
      const sent = fakeApi({
        'GET /api/orders/42/returns': { body: { data: [] } },
        'GET /api/couriers/cities?lang=en': { body: [] },
        'POST /api/orders/42/returns/quote': { body: { refund: 50, labelCost: 0 } },
      });
      signIn();
      renderWithApi(<ReturnsPanel order={sealed} lang="en" />);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Return or exchange' }));
      await user.click(screen.getByRole('radio', { name: 'A refund' }));
      await user.click(screen.getByRole('checkbox', { name: /Linen Shirt/ }));
      await user.selectOptions(screen.getByLabelText('Reason'), 'too-small');
      const check = screen.getByRole('button', { name: 'See what I get back' });
      await user.click(check);
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Say for each sealed item whether its hygiene seal is intact.',
      );
      const question = screen.getByRole('group', { name: /Is the hygiene seal of Linen Shirt · Onyx · S intact\?/ });
      await user.click(within(question).getByRole('radio', { name: 'No, the seal was broken' }));
      expect(question).toHaveAccessibleDescription(/comes back only if it is faulty/);
      await user.click(check);
      expect(screen.getByRole('alert')).toHaveTextContent('comes back only if it is faulty (reason "Defective")');
      expect(sent.some((each) => each.key.startsWith('POST'))).toBe(false);
      await user.selectOptions(screen.getByLabelText('Reason'), 'defective');
      await user.click(check);
      await waitFor(() =>
        expect(sent.find((each) => each.key === 'POST /api/orders/42/returns/quote')?.body).toEqual({
          outcome: 'refund',
          lines: [{ orderItemId: 7, quantity: 1, reason: 'defective', sealIntact: false }],
        }),
      );
    },
  );

  // Its clicks take seconds on a loaded machine: more than the default 5 s.
  it(
    'exchanges S for M: only sizes in stock are offered, confirmed in three steps after the line (reason, size, confirm)',
    { timeout: 15_000 },
    async () => {
      let listed = false;
      const sent = fakeApi({
        'GET /api/orders/42/returns': () => ({ body: { data: listed ? [made] : [] } }),
        'GET /api/products/3?lang=en': { body: product },
        // A courier without offices: no drop-off to choose.
        'GET /api/couriers/cities?lang=en': { body: [] },
        'POST /api/orders/42/returns/quote': { body: { refund: 0, labelCost: 0 } },
        'POST /api/orders/42/returns': () => {
          listed = true;
          return { status: 201, body: { return: made } };
        },
      });
      signIn();
      renderWithApi(<ReturnsPanel order={order} lang="en" />);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Return or exchange' }));
      await user.click(screen.getByRole('checkbox', { name: /Linen Shirt/ }));
      await user.selectOptions(screen.getByLabelText('Reason'), 'too-small');
      const exchange = screen.getByLabelText('Exchange for');
      await waitFor(() => expect(screen.getByRole('option', { name: 'Onyx · M' })).toBeInTheDocument());
      // S is what the shopper has, L is sold out.
      expect(screen.queryByRole('option', { name: 'Onyx · L' })).not.toBeInTheDocument();
      expect(screen.queryByRole('option', { name: 'Onyx · S' })).not.toBeInTheDocument();
      await user.selectOptions(exchange, '11:M');
      // Nothing to quote for an exchange: what it means is said at once, and Confirm is the next step.
      expect(screen.getByText(/The new size or colour is held for you/)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'See what I get back' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Confirm the return' }));
      expect(await screen.findByText('3F9A0C21B7D4-R1')).toBeInTheDocument();
      expect(screen.getByText('Approved')).toBeInTheDocument();
      expect(sent.some((each) => each.key === 'POST /api/orders/42/returns/quote')).toBe(false);
      const request = sent.find((each) => each.key === 'POST /api/orders/42/returns');
      expect(request?.body).toEqual({
        outcome: 'exchange',
        lines: [{ orderItemId: 7, quantity: 1, reason: 'too-small', exchangeFor: { colorId: 11, size: 'M' } }],
      });
    },
  );

  it('links an exchanged return to its exchange order', async () => {
    fakeApi({
      'GET /api/orders/42/returns': { body: { data: [{ ...made, status: 'exchanged', exchangeOrderId: 43 }] } },
    });
    signIn();
    renderWithApi(<ReturnsPanel order={order} lang="en" />);
    expect(await screen.findByRole('link', { name: 'Your exchange order' })).toHaveAttribute('href', '/my-order/43');
    expect(screen.getByText('Exchanged')).toBeInTheDocument();
  });

  it('offers the return label to download once the courier made it, and says it is coming until then', async () => {
    const labelled = {
      ...made,
      id: 2,
      reference: '3F9A0C21B7D4-R2',
      label: { url: '/api/returns/2/label?expires=1&sig=s', courier: 'Econt', trackingNumber: 'RN0000000002' },
    };
    fakeApi({ 'GET /api/orders/42/returns': { body: { data: [labelled, made] } } });
    signIn();
    renderWithApi(<ReturnsPanel order={order} lang="en" />);
    const link = await screen.findByRole('link', { name: 'Download return label RN0000000002 (PDF)' });
    expect(link).toHaveAttribute('href', '/api/returns/2/label?expires=1&sig=s');
    expect(screen.getAllByText('Your return label is being made…')).toHaveLength(1);
  });
});

describe('the return’s drop-off office', () => {
  const centre = {
    id: 5,
    courier: 'builtin',
    kind: 'office',
    name: 'Sofia Centre',
    city: 'Sofia',
    postcode: '1000',
    address: '5 Vitosha Blvd',
  };

  it('is chosen from the courier’s offices, sent with the request, and shown on the return', async () => {
    let listed = false;
    const chosen = {
      ...made,
      outcome: 'refund',
      refund: 50,
      lines: [{ orderItemId: 7, quantity: 1, reason: 'too-large', exchangeFor: null }],
      dropOffOffice: {
        id: 5,
        kind: 'office',
        name: 'Sofia Centre',
        nameBg: 'София Център',
        address: '5 Vitosha Blvd',
        addressBg: 'бул. Витоша 5',
      },
    };
    const sent = fakeApi({
      'GET /api/orders/42/returns': () => ({ body: { data: listed ? [chosen, { ...made, id: 2 }] : [] } }),
      'GET /api/couriers/cities?lang=en': { body: [{ name: 'Sofia', postcode: '1000', offices: 1 }] },
      'GET /api/couriers/offices?city=Sofia&lang=en': { body: [centre] },
      'POST /api/orders/42/returns/quote': { body: { refund: 50, labelCost: 0 } },
      'POST /api/orders/42/returns': () => {
        listed = true;
        return { status: 201, body: { return: chosen } };
      },
    });
    signIn();
    renderWithApi(<ReturnsPanel order={order} lang="en" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Return or exchange' }));
    await user.click(screen.getByRole('radio', { name: 'A refund' }));
    await user.click(screen.getByRole('checkbox', { name: /Linen Shirt/ }));
    await user.selectOptions(screen.getByLabelText('Reason'), 'too-large');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'City' }), 'Sofia');
    await user.click(screen.getByRole('combobox', { name: 'Office or locker' }));
    await user.click(await screen.findByRole('option', { name: /Sofia Centre/ }));
    await user.click(screen.getByRole('button', { name: 'See what I get back' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm the return' }));
    expect(await screen.findByText('Hand the parcel in at: Sofia Centre, 5 Vitosha Blvd')).toBeInTheDocument();
    // A return without an office chosen: the plain instructions.
    expect(
      screen.getByText('Hand the parcel to the courier, or take it to any of the courier’s offices.'),
    ).toBeInTheDocument();
    expect(sent.find((each) => each.key === 'POST /api/orders/42/returns')?.body).toEqual({
      outcome: 'refund',
      dropOffOfficeId: 5,
      lines: [{ orderItemId: 7, quantity: 1, reason: 'too-large' }],
    });
  }, 20_000);
});

describe('ExchangeLinks', () => {
  it('names the original on an exchange order, and the exchange orders on the original, linked', () => {
    const to = (id: number) => `/my-order/${id}`;
    const { unmount } = renderWithRouter(
      <ExchangeLinks order={{ ...order, id: 43, exchangeOf: 42, exchangeOfReference: '3F9A0C21B7D4' }} to={to} />,
    );
    expect(screen.getByRole('link', { name: 'Exchange for order 3F9A0C21B7D4' })).toHaveAttribute(
      'href',
      '/my-order/42',
    );
    unmount();
    renderWithRouter(
      <ExchangeLinks order={{ ...order, exchangeOrders: [{ id: 43, reference: '7C1D2E3F4A5B' }] }} to={to} />,
    );
    expect(screen.getByRole('link', { name: 'Exchanged by order 7C1D2E3F4A5B' })).toHaveAttribute(
      'href',
      '/my-order/43',
    );
  });

  it('shows nothing on an order no exchange joins', () => {
    const { container } = renderWithRouter(<ExchangeLinks order={{ ...order, exchangeOrders: [] }} to={String} />);
    expect(container).toBeEmptyDOMElement();
  });
});
