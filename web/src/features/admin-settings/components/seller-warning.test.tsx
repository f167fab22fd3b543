import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { DEMO_SELLER } from '@shop/contract';
import { fakeApi, renderWithApi, TEST_SETTINGS } from '../../../test/fake-api';
import i18n from '../../../lib/i18n';
import { useSettings } from '../../../lib/settings';
import { SellerWarning } from './seller-warning';

/** Shows once the settings have arrived, so the test knows the warning had them. */
function Loaded() {
  return useSettings().data ? <p>settings loaded</p> : null;
}

const shopSelling = (seller: typeof DEMO_SELLER) =>
  fakeApi({ 'GET /api/settings': { body: { ...TEST_SETTINGS, seller } } });

describe('SellerWarning', () => {
  it('warns while the seller is the demo’s, and links to the settings', async () => {
    shopSelling(DEMO_SELLER);
    renderWithApi(<SellerWarning />);
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('Enter your seller details');
    expect(screen.getByRole('link', { name: 'Open the settings' })).toHaveAttribute('href', '/admin/settings');
  });

  it('warns while the seller has no email, in Bulgarian too', async () => {
    await i18n.changeLanguage('bg');
    shopSelling({ ...TEST_SETTINGS.seller, email: '' });
    renderWithApi(<SellerWarning />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Въведете данните на търговеца');
    await i18n.changeLanguage('en');
  });

  it('says nothing once the owner’s own seller is saved', async () => {
    shopSelling(TEST_SETTINGS.seller);
    renderWithApi(
      <>
        <SellerWarning />
        <Loaded />
      </>,
    );
    expect(await screen.findByText('settings loaded')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
