import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_RECORDS, type Settings } from '@shop/contract';
import i18n from '../../../lib/i18n';
import { fakeApi, renderWithApi, signIn, TEST_SETTINGS } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render';
import { previousMonth } from '../api/audit-file';
import { AuditFilePanel } from './audit-file-panel';
import { RecordsWarning } from './records-warning';

// jsdom has no object URLs: the test lends them and gives the global back as it was.
const objectUrls: unknown = {
  createObjectURL: Reflect.get(URL, 'createObjectURL'),
  revokeObjectURL: Reflect.get(URL, 'revokeObjectURL'),
};
afterEach(async () => {
  Object.assign(URL, objectUrls);
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const refusal = (status: number, code: string, fields?: Record<string, string>) => ({
  status,
  body: { error: 'Refused.', code, ...(fields ? { fields } : {}) },
});

const EMPTY_MONTH = {
  body: {
    testPayments: 'stand-in',
    delivered: 0,
    filed: 0,
    leftOut: { otherCurrency: 0, currencies: [], testPayments: 0 },
  },
};
/** The month the panel opens at, asked for before one is chosen. */
const openingMonth = () => {
  const [year, month] = previousMonth(new Date()).split('-');
  return { [`GET /api/admin/records/month?year=${year}&month=${month}`]: EMPTY_MONTH };
};

function chooseMonth(value: string, label = 'Month') {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('the audit file panel', () => {
  it('starts at the previous month, and downloads the chosen one under the server’s name', async () => {
    const sent = fakeApi({
      'GET /api/admin/records/audit-file?year=2026&month=03': () =>
        new Response(new Uint8Array([0x3c, 0x61, 0x3e]), {
          headers: {
            'content-type': 'application/xml; charset=windows-1251',
            'content-disposition': 'attachment; filename="audit-2026-03.xml"',
          },
        }),
    });
    const token = signIn();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:audit'), revokeObjectURL: vi.fn() });
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    renderWithRouter(<AuditFilePanel />);
    expect(screen.getByLabelText('Month')).toHaveValue(previousMonth(new Date()));
    chooseMonth('2026-03');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download audit file' }));
    await waitFor(() => expect(clicks).toEqual(['audit-2026-03.xml']));
    expect(sent[0]?.token).toBe(token);
    expect(screen.getByRole('status')).toHaveTextContent('audit-2026-03.xml downloaded.');
  });

  it('names the settings the server says are missing, with a link to them, in Bulgarian too', async () => {
    fakeApi({
      'GET /api/admin/records/audit-file?year=2026&month=10': refusal(409, 'RECORDS_SETTINGS_MISSING', {
        'records.eShopNumber': 'Needed.',
        'seller.companyId': 'Needed.',
      }),
    });
    signIn();
    await i18n.changeLanguage('bg');
    renderWithRouter(<AuditFilePanel />);
    chooseMonth('2026-10', 'Месец');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Изтегли одиторския файл' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      `Одиторският файл първо изисква тези настройки: ${i18n.t('records.fields.eShopNumber')}, ${i18n.t('adminSettings.fields.seller.companyId')}.`,
    );
    expect(screen.getByRole('link', { name: i18n.t('records.warning.link') })).toHaveAttribute(
      'href',
      '/admin/settings',
    );
  });

  it('words a shop not in euro and a month with nothing delivered', async () => {
    fakeApi({
      'GET /api/admin/records/audit-file?year=2026&month=02': refusal(409, 'CURRENCY_NOT_EUR'),
      'GET /api/admin/records/audit-file?year=2026&month=01': refusal(404, 'NOTHING_TO_FILE'),
    });
    signIn();
    renderWithRouter(<AuditFilePanel />);
    const user = userEvent.setup();
    chooseMonth('2026-02');
    await user.click(screen.getByRole('button', { name: 'Download audit file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('this shop does not sell in euro');
    chooseMonth('2026-01');
    await user.click(screen.getByRole('button', { name: 'Download audit file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No order was delivered in January 2026: there is nothing to file.',
    );
  });

  it('says what the month’s file holds and leaves out, in both languages', async () => {
    fakeApi({
      ...openingMonth(),
      'GET /api/admin/records/month?year=2026&month=05': {
        body: {
          testPayments: 'not-sales',
          delivered: 5,
          filed: 2,
          leftOut: { otherCurrency: 2, currencies: ['BGN', 'USD'], testPayments: 1 },
        },
      },
    });
    signIn();
    renderWithApi(<AuditFilePanel />);
    chooseMonth('2026-05');
    expect(await screen.findByText('Orders delivered in May 2026: 5. In the audit file: 2.')).toBeInTheDocument();
    expect(
      screen.getByText('Left out: 2 taken while the shop sold in BGN, USD (the audit file states euro only).'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Left out: 1 paid on the built-in test page, where no money moved (not sales).'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Test payments are not sales' })).not.toBeInTheDocument();
    await i18n.changeLanguage('bg');
    expect(
      await screen.findByText(/^Изключени: 2, приети, докато магазинът е продавал в BGN, USD/),
    ).toBeInTheDocument();
  });

  it('says why a production shop taking test payments has no file, and words the refusal', async () => {
    fakeApi({
      ...openingMonth(),
      'GET /api/admin/records/month?year=2026&month=04': {
        body: {
          testPayments: 'refused',
          delivered: 1,
          filed: 0,
          leftOut: { otherCurrency: 0, currencies: [], testPayments: 1 },
        },
      },
      'GET /api/admin/records/audit-file?year=2026&month=04': refusal(409, 'TEST_PAYMENTS'),
    });
    signIn();
    renderWithApi(<AuditFilePanel />);
    chooseMonth('2026-04');
    const notice = await screen.findByRole('region', { name: 'Test payments are not sales' });
    expect(notice).toHaveTextContent('They get no sale document and no invoice and take no document number');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download audit file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The audit file cannot be made while the shop takes test payments in production (PAYMENTS=test)',
    );
  });

  it('asks nothing for an empty month', async () => {
    const sent = fakeApi({});
    signIn();
    renderWithRouter(<AuditFilePanel />);
    chooseMonth('');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download audit file' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a month from January 2020 on.');
    expect(sent).toEqual([]);
  });
});

describe('the records warning', () => {
  it("names the seller's company ID beside the records settings the audit file needs", async () => {
    const settings: Settings = {
      ...TEST_SETTINGS,
      seller: { ...TEST_SETTINGS.seller, companyId: '' },
      records: { ...DEFAULT_RECORDS, eShopNumber: 'RF0001234', paymentProviderId: '175325806' },
    };
    fakeApi({ 'GET /api/admin/settings': { body: settings } });
    signIn();
    renderWithApi(<RecordsWarning />);
    expect(await screen.findByRole('alert')).toHaveTextContent('need: Domain, Company ID (UIC).');
  });

  it('says what the previous month is, across the new year', () => {
    expect(previousMonth(new Date(2027, 0, 3))).toBe('2026-12');
    expect(previousMonth(new Date(2026, 10, 27))).toBe('2026-10');
  });
});
