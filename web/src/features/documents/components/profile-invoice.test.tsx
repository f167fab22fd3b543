import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderWithApi, signIn } from '../../../test/fake-api';
import { ProfileInvoice } from './profile-invoice';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

const SAVED = {
  companyName: 'Клиент ЕООД',
  companyId: '020469788',
  address: 'бул. Витоша 10',
  city: 'София',
  country: 'BG',
};

describe('The profile’s invoice details', () => {
  it('saves them on their own, shows a refused field, and removes them', async () => {
    const calls = fakeApi({ 'PUT /api/profile/save': { body: { message: 'saved' } } });
    signIn();
    const onSaved = vi.fn();
    renderWithApi(<ProfileInvoice saved={SAVED} onSaved={onSaved} />);
    const eik = screen.getByRole('textbox', { name: 'ЕИК (company ID)' });
    expect(eik).toHaveValue('020469788');
    await userEvent.clear(eik);
    await userEvent.type(eik, '123456789');
    await userEvent.click(screen.getByRole('button', { name: 'Save invoice details' }));
    expect(await screen.findByText(/This ЕИК is not valid/)).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'PUT /api/profile/save')).toBe(false);
    await userEvent.clear(eik);
    await userEvent.type(eik, '020469788');
    await userEvent.click(screen.getByRole('button', { name: 'Save invoice details' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(calls.find((call) => call.key === 'PUT /api/profile/save')?.body).toEqual({ invoiceDetails: SAVED });
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(2));
    expect(calls.filter((call) => call.key === 'PUT /api/profile/save').at(-1)?.body).toEqual({ invoiceDetails: null });
  });
});
