import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fakeApi, renderWithApi } from '../test/fake-api';
import { SETTINGS } from '../test/settings';
import WithdrawalRoute from './withdrawal';

describe('the withdrawal page', () => {
  it('states the withdrawal period and fills the seller into both model forms', async () => {
    fakeApi({ 'GET /api/settings': { body: SETTINGS } });
    renderWithApi(<WithdrawalRoute />, { path: '/withdrawal' });

    const english = await screen.findByRole('region', { name: 'Model withdrawal form' });
    const seller = `${SETTINGS.seller.legalName}, ${SETTINGS.seller.address}, ${SETTINGS.seller.email}`;
    expect(within(english).getByText(`To ${seller}:`)).toBeInTheDocument();
    expect(english).toHaveAttribute('lang', 'en');
    const bulgarian = screen.getByRole('region', { name: 'Стандартен формуляр за упражняване правото на отказ' });
    expect(within(bulgarian).getByText(`До ${seller}:`)).toBeInTheDocument();
    expect(bulgarian).toHaveAttribute('lang', 'bg');
    expect(screen.getByText(/within 30 days of receiving it/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send withdrawal' })).toBeInTheDocument();
    // A hygiene seal ends the withdrawal once broken (YEAR.md section 2): the page says so.
    const how = screen.getByRole('region', { name: 'How it works' });
    expect(within(how).getByText(/once you break an item's hygiene seal after delivery/)).toBeInTheDocument();
  });
});
