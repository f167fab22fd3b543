import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderWithApi, signIn } from '../../../test/fake-api';
import { RequestInvoice } from './request-invoice';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

const SAVED = {
  companyName: 'Клиент ЕООД',
  companyId: '020469788',
  address: 'бул. Витоша 10',
  city: 'София',
  country: 'BG',
};
const ISSUED = {
  id: 3,
  kind: 'invoice',
  number: '0000000007',
  orderId: 5,
  orderReference: 'ABC',
  issuedAt: '2026-11-27T10:00:00.000Z',
  taxEventAt: '2026-11-27T10:00:00.000Z',
  recipient: SAVED,
  total: 60,
  vat: 10,
  invoiceNumber: null,
  url: 'http://shop.test/api/documents/invoice/3/pdf?expires=1&sig=x',
};

afterEach(() => {
  vi.clearAllMocks();
});

describe('Request an invoice', () => {
  it('asks with the profile’s details and says the invoice is issued', async () => {
    const calls = fakeApi({
      'POST /api/orders/5/invoice': { status: 201, body: ISSUED },
      'GET /api/orders/5/documents': { body: [] },
    });
    signIn();
    renderWithApi(<RequestInvoice order={{ id: 5, status: 'paid', invoiceRequested: false }} saved={SAVED} />);
    await userEvent.click(screen.getByRole('button', { name: 'Request an invoice' }));
    expect(screen.getByRole('textbox', { name: 'Company name' })).toHaveValue('Клиент ЕООД');
    await userEvent.click(screen.getByRole('button', { name: 'Request the invoice' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Invoice 0000000007 is issued');
    expect(calls.find((call) => call.key === 'POST /api/orders/5/invoice')?.body).toEqual(SAVED);
  });

  it('checks the fields first, and says when the invoice waits for the delivery', async () => {
    const calls = fakeApi({
      'POST /api/admin/orders/6/invoice': { status: 202, body: { invoiceRequested: true } },
      'GET /api/orders/6/documents': { body: [] },
    });
    signIn();
    renderWithApi(<RequestInvoice order={{ id: 6, status: 'placed', invoiceRequested: false }} admin />);
    await userEvent.click(screen.getByRole('button', { name: 'Request an invoice' }));
    await userEvent.click(screen.getByRole('button', { name: 'Request the invoice' }));
    expect(await screen.findByText('Enter the company name as registered.')).toBeInTheDocument();
    expect(calls.some((call) => call.key.includes('/invoice'))).toBe(false);
    await userEvent.type(screen.getByRole('textbox', { name: 'Company name' }), 'Клиент');
    await userEvent.type(screen.getByRole('textbox', { name: 'ЕИК (company ID)' }), '020469788');
    await userEvent.type(screen.getByRole('textbox', { name: 'Registered address' }), 'Витоша 10');
    await userEvent.type(screen.getByRole('textbox', { name: 'City' }), 'София');
    await userEvent.click(screen.getByRole('button', { name: 'Request the invoice' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('issued when the order is delivered'));
  });

  it('says an invoice is requested already, and offers nothing for a cancelled order', () => {
    const { unmount } = renderWithApi(<RequestInvoice order={{ id: 7, status: 'paid', invoiceRequested: true }} />);
    expect(screen.getByRole('status')).toHaveTextContent('An invoice is requested for this order.');
    unmount();
    renderWithApi(<RequestInvoice order={{ id: 8, status: 'cancelled', invoiceRequested: false }} />);
    expect(screen.queryByRole('button', { name: 'Request an invoice' })).not.toBeInTheDocument();
  });

  it('names the invoice once it is issued, not "requested" (issue 45)', async () => {
    fakeApi({
      'GET /api/orders/9/documents': {
        body: [
          { id: 1, kind: 'sale', number: '0000000041', issuedAt: ISSUED.issuedAt, total: 60, url: ISSUED.url },
          { id: 3, kind: 'invoice', number: '0000000007', issuedAt: ISSUED.issuedAt, total: 60, url: ISSUED.url },
        ],
      },
    });
    signIn();
    renderWithApi(<RequestInvoice order={{ id: 9, status: 'paid', invoiceRequested: true }} />);
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Invoice 0000000007 is issued: it is among the documents.'),
    );
  });
});
