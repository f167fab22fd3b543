import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { OrderDocument } from '@shop/contract';
import i18n from '../../../lib/i18n';
import { fakeApi, renderWithApi, signIn } from '../../../test/fake-api';
import { OrderDocuments } from './order-documents';

const sale: OrderDocument = {
  id: 7,
  kind: 'sale',
  number: '0000001000',
  issuedAt: '2026-11-26T10:00:00.000Z',
  total: 49.9,
  url: 'http://shop.test/api/documents/sale/7/pdf?expires=1&sig=abc',
  qr: 'RF1*0000001000*2026-11-26*12:00:00*49.90',
};

/** A complaint's acknowledgement as kept (decision 0064): no total. */
const acknowledgement: OrderDocument = {
  id: 3,
  kind: 'complaint',
  number: '0000000004',
  issuedAt: '2026-11-28T10:00:00.000Z',
  total: null,
  url: 'http://shop.test/api/documents/complaint/3/pdf?expires=1&sig=def',
};

describe('OrderDocuments', () => {
  it('lists the sale document with a link to its PDF, in both languages, and a complaint’s acknowledgement', async () => {
    fakeApi({ 'GET /api/orders/42/documents': { body: [sale, acknowledgement] } });
    signIn();
    const { unmount } = renderWithApi(<OrderDocuments orderId={42} lang="en" />);
    expect(await screen.findByText('Sale document No. 0000001000')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Download PDF' })[0]).toHaveAttribute('href', sale.url);
    expect(screen.getByText('Complaint acknowledgement No. 0000000004')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Download PDF' })[1]).toHaveAttribute('href', acknowledgement.url);
    unmount();

    await i18n.changeLanguage('bg');
    renderWithApi(<OrderDocuments orderId={42} lang="bg" />);
    expect(await screen.findByText('Документ за продажба № 0000001000')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Изтегли PDF' })[0]).toHaveAttribute('href', sale.url);
    expect(screen.getByText('Потвърждение за рекламация № 0000000004')).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });

  it('shows nothing while an order has no document', async () => {
    const sent = fakeApi({ 'GET /api/orders/43/documents': { body: [] } });
    signIn();
    renderWithApi(<OrderDocuments orderId={43} lang="en" />);
    await screen.findByText((_, element) => element === document.body);
    expect(sent.map((request) => request.key)).toEqual(['GET /api/orders/43/documents']);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
