import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Settings } from '@shop/contract';
import { toast } from 'react-toastify';
import { fakeApi, renderWithApi, signIn, TEST_SETTINGS } from '../../../test/fake-api';
import { SettingsScreen } from './settings-form';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn(), warn: vi.fn() } }));

const settings: Settings = {
  ...TEST_SETTINGS,
  delivery: { addressPrice: 6.5, officePrice: 4, freeFrom: 100 },
  limits: { codMaxOpenOrders: 2, maxUnitsPerVariant: 10 },
  currency: 'EUR',
  notificationsEmail: '',
  giftCards: { amounts: [25, 50, 100], validityMonths: 24 },
  marketing: { ratePerMinute: 600, abandonedCartHours: 4 },
};

const SAVE = { name: 'Save shop settings' };
const PUT = 'PUT /api/admin/settings';

/** The settings screen, signed in, over the fake api's `routes`: what it sends, and a user to drive it. */
function openSettings(routes: Parameters<typeof fakeApi>[0]) {
  const sent = fakeApi(routes);
  signIn();
  renderWithApi(<SettingsScreen />);
  const user = userEvent.setup();
  /** Types `value` into the field (found by its label) in place of what it holds. */
  const fill = async (field: string | HTMLElement, value: string) => {
    const input = typeof field === 'string' ? screen.getByLabelText(field) : field;
    await user.clear(input);
    if (value) await user.type(input, value);
  };
  const save = () => user.click(screen.getByRole('button', SAVE));
  /** The body of the first save, once sent. */
  const saved = async <T,>() => {
    await waitFor(() => expect(sent.find((request) => request.key === PUT)).toBeDefined());
    return sent.find((request) => request.key === PUT)!.body as T;
  };
  const saves = () => sent.filter((request) => request.key === PUT);
  return { sent, user, fill, save, saved, saves };
}

afterEach(() => {
  vi.clearAllMocks();
});

describe('SettingsForm', () => {
  it('shows field errors from the shared schema and sends nothing', async () => {
    const { sent, fill, save } = openSettings({ 'GET /api/admin/settings': { body: settings } });
    const email = await screen.findByLabelText('Email');
    await fill(email, 'not-an-email');
    await fill('Withdrawal period (days)', '7');
    await fill('To a courier office (EUR)', '4.555');
    await fill('Units of one colour and size', '0');
    await save();

    expect(screen.getByText('Please correct the highlighted fields.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Enter a whole number of days from 14 to 365.')).toBeInTheDocument();
    expect(screen.getByText('Enter an amount from 0 to 10,000, in whole cents.')).toBeInTheDocument();
    expect(screen.getByText('Enter a whole number from 1 to 99.')).toBeInTheDocument();
    await waitFor(() => expect(email).toHaveFocus());
    expect(sent.map((request) => request.key)).toEqual(['GET /api/admin/settings']);
  });

  it('checks the seller’s ЕИК and VAT ID as a buyer’s (issue 45) and sends nothing', async () => {
    const { sent, fill, save } = openSettings({ 'GET /api/admin/settings': { body: settings } });
    await fill(await screen.findByLabelText('Company ID (UIC)'), '206123456');
    await fill('VAT ID', 'BG12345');
    await save();
    expect(
      screen.getByText('This ЕИК is not valid: it has 9 or 13 digits and its last digit is a check digit.'),
    ).toBeInTheDocument();
    expect(screen.getByText('The VAT ID is BG followed by the number, such as BG123456789.')).toBeInTheDocument();
    expect(sent.map((request) => request.key)).toEqual(['GET /api/admin/settings']);
  });

  it('saves every part, an empty free-delivery threshold as never free, and shows the refused fields of a 400', async () => {
    let calls = 0;
    const { sent, user, fill, save } = openSettings({
      'GET /api/admin/settings': { body: settings },
      [PUT]: () =>
        ++calls === 1
          ? {
              status: 400,
              body: {
                error: 'Phone may contain digits, spaces, +, - and brackets.',
                code: 'VALIDATION_ERROR',
                fields: { 'seller.phone': 'Phone may contain digits, spaces, +, - and brackets.' },
              },
            }
          : { body: { ...settings, delivery: { ...settings.delivery, freeFrom: null } } },
    });
    await fill(await screen.findByLabelText('Free from a subtotal of (EUR)'), '');
    // A locker costs what an office does until set; emptied, it is again.
    expect(screen.getByLabelText('To a parcel locker (EUR)')).toHaveValue('4.00');
    await fill('To a parcel locker (EUR)', '');
    await fill('Fee (EUR)', '2,40');
    expect(screen.getByText(/Parcels go with the shop's own courier/)).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Let the shopper look inside before paying' }));
    await user.click(screen.getByRole('switch', { name: 'Offer cash on delivery' }));
    await user.click(screen.getByRole('switch', { name: 'Confirm cash-on-delivery orders from new accounts' }));
    await fill('Open cash-on-delivery orders', '3');
    await save();

    expect(await screen.findByText('Phone may contain digits, spaces, +, - and brackets.')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(sent[1]?.body).toEqual({
      seller: settings.seller,
      delivery: { addressPrice: 6.5, officePrice: 4, lockerPrice: null, freeFrom: null },
      cod: { enabled: false, fee: 2.4, confirmNewAccounts: true },
      limits: { codMaxOpenOrders: 3, maxUnitsPerVariant: 10 },
      returnDays: 14,
      returns: { windowDays: 30, autoApprove: true, shipping: 'shop', storeCreditBonusPercent: 0 },
      complaints: { dueDays: 30 },
      notificationsEmail: '',
      courier: { senderAddress: '', senderOfficeId: null, inspection: true },
      giftCards: { amounts: [25, 50, 100], validityMonths: 24 },
      marketing: { ratePerMinute: 600, abandonedCartHours: 4 },
    });

    await save();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(calls).toBe(2);
  });

  it('reads and saves the notifications address, refusing one that is not an address', async () => {
    const { user, fill, save, saves, saved } = openSettings({
      'GET /api/admin/settings': { body: { ...settings, notificationsEmail: 'orders@example.com' } },
      [PUT]: { body: { ...settings, notificationsEmail: 'owner@example.com' } },
    });
    const address = await screen.findByLabelText('Notifications email (optional)');
    expect(address).toHaveValue('orders@example.com');
    await fill(address, 'owner@');
    await save();
    expect(await screen.findByText('Enter a valid email address, or leave it empty.')).toBeInTheDocument();
    expect(saves()).toHaveLength(0);
    await user.type(address, 'example.com');
    await save();
    expect(await saved()).toMatchObject({ notificationsEmail: 'owner@example.com' });
  });

  it('hands parcels in at an office picked from the courier’s list, and reads the offices again on demand', async () => {
    const { user, save, saved } = openSettings({
      'GET /api/admin/settings': {
        body: { ...settings, courier: { name: 'builtin', senderOfficeId: null, senderAddress: '', inspection: false } },
      },
      'GET /api/couriers/cities?lang=en': { body: [{ name: 'Plovdiv', postcode: '4000', offices: 1 }] },
      'GET /api/couriers/offices?city=Plovdiv&lang=en': {
        body: [
          {
            id: 12,
            courier: 'builtin',
            kind: 'office',
            name: 'Plovdiv Centre office',
            city: 'Plovdiv',
            postcode: '4000',
            address: '25 Ivan Vazov St',
          },
        ],
      },
      [PUT]: { body: settings },
      'POST /api/admin/couriers/sync': { body: { courier: 'builtin', added: 0, updated: 1, closed: 2, total: 30 } },
    });
    await user.click(await screen.findByRole('button', { name: 'Hand parcels in at a courier office' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'City' }), 'Plovdiv');
    await user.click(await screen.findByRole('option', { name: /Plovdiv Centre office/ }));
    expect(screen.getByText(/Plovdiv Centre office, 25 Ivan Vazov St/)).toBeInTheDocument();
    await save();
    expect((await saved<{ courier: unknown }>()).courier).toEqual({
      senderAddress: '',
      senderOfficeId: 12,
      inspection: false,
    });

    await user.click(screen.getByRole('button', { name: 'Read the offices again' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Offices and lockers read again: 0 new, 1 changed, 2 closed, 30 in all.',
      ),
    );
  });

  it('sets the returns: a window never shorter than the withdrawal period, who pays the label, the bonus, approval', async () => {
    const { user, fill, save, saves, saved } = openSettings({
      'GET /api/admin/settings': {
        body: {
          ...settings,
          returns: { windowDays: 30, autoApprove: true, shipping: 'shop', storeCreditBonusPercent: 0 },
        },
      },
      [PUT]: { body: settings },
    });
    const window = await screen.findByLabelText('Return window (days)');
    expect(screen.getByText(/never fewer than the withdrawal period/)).toBeInTheDocument();
    await fill(window, '10');
    await save();
    expect(
      await screen.findByText('Enter a whole number of days from 14 to 365, no fewer than the withdrawal period.'),
    ).toBeInTheDocument();
    expect(saves()).toHaveLength(0);

    await fill(window, '60');
    await user.selectOptions(screen.getByLabelText('Who pays the return label'), 'shopper');
    await fill('Store-credit bonus (%)', '10');
    await user.click(screen.getByRole('switch', { name: 'Approve return requests at once' }));
    await save();
    expect((await saved<{ returns: unknown }>()).returns).toEqual({
      windowDays: 60,
      autoApprove: false,
      shipping: 'shopper',
      storeCreditBonusPercent: 10,
    });
  });

  it('sets the days to decide a complaint, at most the law’s 30', async () => {
    const { fill, save, saved } = openSettings({
      'GET /api/admin/settings': { body: { ...settings, complaints: { dueDays: 30 } } },
      [PUT]: { body: settings },
    });
    const days = await screen.findByLabelText('Days to decide a complaint');
    expect(days).toHaveValue('30');
    await fill(days, '45');
    await save();
    expect(await screen.findByText('Enter a whole number of days from 1 to 30.')).toBeInTheDocument();
    await fill(days, '14');
    await save();
    expect((await saved<{ complaints: unknown }>()).complaints).toEqual({ dueDays: 14 });
  });

  it('sets the gift card amounts and validity and the marketing mail pace, showing the server’s refusal beside its field', async () => {
    let calls = 0;
    const { fill, save, saves, saved } = openSettings({
      'GET /api/admin/settings': { body: settings },
      [PUT]: () =>
        ++calls === 1
          ? {
              status: 400,
              body: {
                error: 'Choose a whole amount from 10 to 500.',
                code: 'VALIDATION_ERROR',
                fields: { 'giftCards.amounts.1': 'Choose a whole amount from 10 to 500.' },
              },
            }
          : { body: settings },
    });
    const amounts = await screen.findByLabelText('Amounts offered (EUR)');
    expect(amounts).toHaveValue('25, 50, 100');
    expect(screen.getByLabelText('Valid for (months)')).toHaveValue('24');
    expect(screen.getByLabelText('Campaign mails per minute')).toHaveValue('600');
    expect(screen.getByLabelText('Cart reminder after (hours)')).toHaveValue('4');

    const fillAll = async (values: [string, string, string, string]) => {
      await fill(amounts, values[0]);
      await fill('Valid for (months)', values[1]);
      await fill('Campaign mails per minute', values[2]);
      await fill('Cart reminder after (hours)', values[3]);
      await save();
    };
    await fillAll(['25, 5, 60.5', '6', '0', 'soon']);
    expect(screen.getByText('Enter 1 to 8 whole amounts from 10 to 500, separated by commas.')).toBeInTheDocument();
    expect(screen.getByText('Enter a whole number of months from 12 to 120.')).toBeInTheDocument();
    expect(screen.getByText('Enter a whole number from 1 to 10,000.')).toBeInTheDocument();
    expect(screen.getByText('Enter a number of hours from 0 (off) to 720, such as 4 or 0.5.')).toBeInTheDocument();
    expect(saves()).toHaveLength(0);

    await fillAll(['20 40;150', '36', '10000', '0.5']);
    expect(
      await screen.findByText('Enter 1 to 8 whole amounts from 10 to 500, separated by commas.'),
    ).toBeInTheDocument();
    expect(amounts).toHaveAttribute('aria-invalid', 'true');
    const put = await saved<Record<string, unknown>>();
    expect([put.giftCards, put.marketing]).toEqual([
      { amounts: [20, 40, 150], validityMonths: 36 },
      { ratePerMinute: 10_000, abandonedCartHours: 0.5 },
    ]);
  });
});
