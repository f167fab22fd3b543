import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile } from '@shop/contract';
import { fakeApi, renderWithApi, signIn, type Answer } from '../../../test/fake-api';
import { cartLine, fakeQuote } from '../../../test/fake-quote';
import { OFFICE_DELIVERY, shopperProfile } from './checkout.fixture';
import { CheckoutView } from './checkout-view';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));
vi.mock('../lib/redirect', () => ({ redirectToPayment: vi.fn() }));

const item = cartLine({ price: 60, quantity: 1 });
const profile = shopperProfile({ ...OFFICE_DELIVERY, method: 'address', line1: 'Vitosha 1', office: null });
const COMPANY = { companyName: 'Клиент ЕООД', companyId: '020469788', address: 'бул. Витоша 10', city: 'София' };

function serve(extra: Record<string, Answer> = {}, saved: Profile['invoiceDetails'] = null) {
  return fakeApi({
    'GET /api/checkout': { body: { provider: 'local', cardPayments: true, currency: 'USD' } },
    'GET /api/cart?lang=en': { body: [item] },
    'GET /api/profile': { body: { ...profile, invoiceDetails: saved } },
    'POST /api/checkout/quote': fakeQuote([item], {}),
    'GET /api/couriers/cities?lang=en': { body: [] },
    ...extra,
  });
}

const PAY = 'Order and pay by card (test)';
const SESSION = {
  'POST /api/checkout/session?lang=en': { status: 201, body: { sessionId: 'cs_1', url: '/pay/cs_1' } },
};

async function fill(values: Partial<typeof COMPANY>) {
  for (const [field, value] of Object.entries(values)) {
    const label = {
      companyName: 'Company name',
      companyId: 'ЕИК (company ID)',
      address: 'Registered address',
      city: 'City',
    }[field]!;
    const inputs = screen.getAllByRole('textbox', { name: label });
    const input = inputs.at(-1)!;
    await userEvent.clear(input);
    await userEvent.click(input);
    await userEvent.paste(value);
  }
}

afterEach(() => {
  vi.clearAllMocks();
});

// The whole checkout renders on each key: a slow machine running other suites needs more than 5 s.
describe('The checkout’s invoice', { timeout: 20_000 }, () => {
  it('reveals the company fields, refuses a wrong ЕИК beside it, and sends the invoice to keep', async () => {
    const calls = serve(SESSION);
    signIn();
    renderWithApi(<CheckoutView />);
    expect(await screen.findByRole('checkbox', { name: 'I need an invoice' })).not.toBeChecked();
    expect(screen.queryByRole('textbox', { name: 'Company name' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'I need an invoice' }));
    await fill({ ...COMPANY, companyId: '020469787' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Keep these details in my profile' }));
    await userEvent.click(await screen.findByRole('button', { name: PAY }));
    expect(await screen.findByText(/This ЕИК is not valid/)).toBeInTheDocument();
    expect(calls.some((call) => call.key.startsWith('POST /api/checkout/session'))).toBe(false);
    await fill({ companyId: '020469788' });
    await userEvent.click(screen.getByRole('button', { name: PAY }));
    await waitFor(() => expect(calls.some((call) => call.key.startsWith('POST /api/checkout/session'))).toBe(true));
    const sent = calls.find((call) => call.key.startsWith('POST /api/checkout/session'))!.body as Record<
      string,
      unknown
    >;
    expect(sent.invoice).toEqual({ ...COMPANY, country: 'BG' });
    expect(sent.saveInvoiceDetails).toBe(true);
  });

  it('fills in the profile’s details, ticked, and shows the server’s refusal beside the field', async () => {
    const calls = serve(
      {
        'POST /api/checkout/session?lang=en': {
          status: 400,
          body: {
            error: 'The VAT ID must begin with the code of the company’s country.',
            code: 'VALIDATION_ERROR',
            fields: { 'invoice.vatId': 'The VAT ID must begin with the code of the company’s country.' },
          },
        },
      },
      { ...COMPANY, country: 'BG', vatId: 'BG020469788' },
    );
    signIn();
    renderWithApi(<CheckoutView />);
    // The box is drawn before the profile answers; it ticks itself once the details arrive.
    await screen.findByRole('checkbox', { name: 'I need an invoice', checked: true });
    expect(screen.getByRole('textbox', { name: 'Company name' })).toHaveValue('Клиент ЕООД');
    // The button waits for the quote's totals: a click before them would do nothing.
    const pay = await screen.findByRole('button', { name: PAY });
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);
    expect(
      await screen.findByText('The VAT ID must begin with the code of the company’s country.'),
    ).toBeInTheDocument();
    const sent = calls.find((call) => call.key.startsWith('POST /api/checkout/session'))!.body as Record<
      string,
      unknown
    >;
    expect(sent).not.toHaveProperty('saveInvoiceDetails');
    expect(sent.invoice).toMatchObject({ vatId: 'BG020469788' });
  });
});
