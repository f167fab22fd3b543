import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Stats } from '@shop/contract';
import { fakeApi, renderWithApi, signIn } from '../../../test/fake-api';
import { StatsPanel } from './stats-panel';

const stats = (revenue: number): Stats => ({
  days: [
    { date: '2026-11-21', orders: 1, revenue: revenue / 4 },
    { date: '2026-11-22', orders: 3, revenue: (revenue * 3) / 4 },
    { date: '2026-11-23', orders: 0, revenue: 0 },
  ],
  totals: { orders: 4, revenue, averageOrder: revenue / 4 },
  topProducts: [{ productId: 5, name: 'Linen Shirt', nameBg: 'Ленена риза', quantity: 3, revenue: 180 }],
  lowStock: [
    {
      productId: 5,
      name: 'Linen Shirt',
      nameBg: 'Ленена риза',
      colorName: 'Sand',
      colorNameBg: 'Пясък',
      size: 'M',
      available: 2,
    },
    {
      productId: 6,
      name: 'Wool Coat',
      nameBg: 'Вълнено палто',
      colorName: 'Ink',
      colorNameBg: '',
      size: 'S',
      available: 0,
    },
  ],
  toShip: 3,
  discountCodes: [{ code: 'WINTER-25', orders: 4, amount: 61.2 }],
});

describe('StatsPanel', () => {
  it("shows the period's totals in the shop's currency, a named chart, best sellers and low stock; another period asks again", async () => {
    const sent = fakeApi({
      'GET /api/admin/stats?days=30': { body: stats(400) },
      'GET /api/admin/stats?days=7': { body: stats(100) },
    });
    signIn();
    renderWithApi(<StatsPanel lang="en" currency="EUR" />);

    const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(await screen.findByText('€400.00')).toBeInTheDocument();
    expect(figure('Average order')).toHaveTextContent('€100.00');
    expect(figure('Orders')).toHaveTextContent('4');
    expect(figure('Revenue, net of refunds')).toHaveTextContent('€400.00');
    // The orders to ship open the orders list filtered that way.
    expect(within(figure('Orders to ship') as HTMLElement).getByRole('link', { name: '3' })).toHaveAttribute(
      'href',
      '/admin/orders?ship=due',
    );
    const chart = screen.getByRole('img', { name: /Revenue per day over the last 3 days/ });
    expect(chart).toHaveAccessibleDescription('The best day was 22 Nov, with €300.00.');
    expect(chart.querySelectorAll('rect')).toHaveLength(3);
    expect(screen.getByText('3 sold · €180.00')).toBeInTheDocument();
    expect(screen.getByText('Sand, M: 2 left')).toBeInTheDocument();
    expect(screen.getByText('Ink, S: sold out')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Discount codes' })).toBeInTheDocument();
    expect(screen.getByText('4 orders · €61.20 off')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(4);

    await userEvent.click(screen.getByRole('radio', { name: '7 days' }));
    expect(await screen.findByText('€100.00', { selector: 'dd' })).toBeInTheDocument();
    expect(figure('Average order')).toHaveTextContent('€25.00');
    expect(sent.map((request) => request.key)).toEqual(['GET /api/admin/stats?days=30', 'GET /api/admin/stats?days=7']);
  });

  it("names the best sellers and the low stock in the page's language", async () => {
    fakeApi({ 'GET /api/admin/stats?days=30': { body: stats(400) } });
    signIn();
    renderWithApi(<StatsPanel lang="bg" currency="EUR" />);
    // The best seller and the low stock, both in Bulgarian.
    const links = await screen.findAllByRole('link', { name: 'Ленена риза' });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toHaveAttribute('href', '/product/5');
    expect(screen.queryByRole('link', { name: 'Linen Shirt' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Вълнено палто' })).toBeInTheDocument();
  });
});
