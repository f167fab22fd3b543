import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_RECORDS, type Settings } from '@shop/contract';
import i18n from '../../../lib/i18n';
import { fakeApi, renderWithApi, signIn, TEST_SETTINGS } from '../../../test/fake-api';
import { RecordsSettingsSection } from './records-settings';
import { RecordsWarning } from './records-warning';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn(), warn: vi.fn() } }));

const settings: Settings = { ...TEST_SETTINGS, notificationsEmail: '', records: DEFAULT_RECORDS };
const complete = {
  ...DEFAULT_RECORDS,
  eShopNumber: 'RF0001234',
  domain: 'shop.example.bg',
  paymentProviderId: '175325806',
};

afterEach(async () => {
  vi.clearAllMocks();
  await i18n.changeLanguage('en');
});

describe('the Sale records section', () => {
  it('shows what people mistype beside the fields and sends nothing', async () => {
    const sent = fakeApi({ 'GET /api/admin/settings': { body: settings } });
    signIn();
    renderWithApi(<RecordsSettingsSection />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Domain'), 'https://shop.bg/');
    await user.type(screen.getByLabelText("Payment provider's identifier"), '123456789');
    await user.type(screen.getByLabelText('E-shop number'), 'RF00012345X');
    await user.clear(screen.getByLabelText('VAT rate (%)'));
    await user.type(screen.getByLabelText('VAT rate (%)'), '21');
    await user.click(screen.getByRole('button', { name: 'Save sale records' }));
    expect(screen.getByText('Please correct the marked sale records fields.')).toBeInTheDocument();
    expect(
      screen.getByText('Enter the domain alone, such as shop.example.bg (no https:// and no path).'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Enter up to 200 characters; 9 or 13 digits must be a valid ЕИК (check its last digit).'),
    ).toBeInTheDocument();
    expect(screen.getByText('The VAT rate is 20, 9 or 0.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-shop number')).toHaveValue('RF00012345');
    expect(sent.map((request) => request.key)).toEqual(['GET /api/admin/settings']);
  });

  it('saves the records alone, and shows the 409 of a first number fixed by an issued document, in Bulgarian', async () => {
    await i18n.changeLanguage('bg');
    let calls = 0;
    const sent = fakeApi({
      'GET /api/admin/settings': { body: settings },
      'PUT /api/admin/settings': () =>
        ++calls === 1
          ? { body: { ...settings, records: { ...complete, firstDocumentNumber: 1000 } } }
          : {
              status: 409,
              body: {
                error: 'The first document number cannot change once a sale document has been issued.',
                code: 'CONFLICT',
                fields: { 'records.firstDocumentNumber': 'fixed' },
              },
            },
    });
    signIn();
    renderWithApi(<RecordsSettingsSection />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Номер на електронния магазин'), 'RF0001234');
    await user.type(screen.getByLabelText('Домейн'), 'shop.example.bg');
    await user.type(screen.getByLabelText('Идентификатор на доставчика на платежни услуги'), '175325806');
    const first = screen.getByLabelText('Номер на първия документ');
    await user.clear(first);
    await user.type(first, '1000');
    // The section says its changes are not saved yet, and by which button (issue 45).
    const unsaved = 'Има незапазени промени в отчитането на продажбите: запазете ги с този бутон.';
    expect(screen.getByText(unsaved)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Запази отчитането' }));
    await waitFor(() => expect(sent.map((request) => request.key)).toContain('PUT /api/admin/settings'));
    expect(sent.find((request) => request.key === 'PUT /api/admin/settings')?.body).toEqual({
      records: { ...complete, firstDocumentNumber: 1000 },
    });
    await waitFor(() => expect(screen.queryByText(unsaved)).toBeNull());

    await user.clear(first);
    await user.type(first, '5');
    await user.click(screen.getByRole('button', { name: 'Запази отчитането' }));
    expect(
      await screen.findByText(
        'Номерът на първия документ не може да се променя, след като е издаден документ за продажба.',
        { selector: '[id$="-error"]' },
      ),
    ).toBeInTheDocument();
  });
});

describe('the first invoice number', () => {
  it('is sent with the records, and a 409 once an invoice exists is shown beside it', async () => {
    const sent = fakeApi({
      'GET /api/admin/settings': { body: { ...settings, records: complete } },
      'PUT /api/admin/settings': {
        status: 409,
        body: {
          error: 'The first invoice number cannot change once an invoice has been issued.',
          code: 'CONFLICT',
          fields: { 'records.firstInvoiceNumber': 'fixed' },
        },
      },
    });
    signIn();
    renderWithApi(<RecordsSettingsSection />);
    const user = userEvent.setup();
    const first = await screen.findByLabelText('First invoice number');
    await user.clear(first);
    await user.type(first, '1541');
    await user.click(screen.getByRole('button', { name: 'Save sale records' }));
    const fixed = 'The first invoice number cannot change once an invoice has been issued.';
    expect(await screen.findByText(fixed, { selector: '[id$="-error"]' })).toBeInTheDocument();
    expect(screen.getAllByText(fixed)).toHaveLength(2); // beside the field and in the form's summary
    expect(sent.find((request) => request.key === 'PUT /api/admin/settings')?.body).toEqual({
      records: { ...complete, firstInvoiceNumber: 1541 },
    });
  });
});

describe('the dashboard records warning', () => {
  it('names the missing settings and links to them; says nothing once they are set', async () => {
    fakeApi({ 'GET /api/admin/settings': { body: settings } });
    signIn();
    const { unmount } = renderWithApi(<RecordsWarning />);
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('E-shop number, Domain, Payment provider');
    expect(screen.getByRole('link', { name: 'Open the settings' })).toHaveAttribute('href', '/admin/settings');
    unmount();
  });
});
