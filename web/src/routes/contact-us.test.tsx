import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { fakeApi, renderWithApi, TEST_SETTINGS } from '../test/fake-api';
import { renderPage } from '../entry-server';
import ContactUsRoute from './contact-us';

const SELLER = {
  legalName: 'Шивашка Работилница ООД',
  address: 'ул. „Раковски“ 1, 4000 Пловдив',
  companyId: '123456789',
  vatId: '',
  email: 'orders@shivashka.bg',
  phone: '+359 32 123 456',
};

describe('the contact page', () => {
  it('shows the seller from the settings: email, phone, name and address', async () => {
    fakeApi({ 'GET /api/settings': { body: { ...TEST_SETTINGS, seller: SELLER } } });
    renderWithApi(<ContactUsRoute />, { path: '/contact-us' });
    expect(await screen.findByRole('link', { name: 'orders@shivashka.bg' })).toHaveAttribute(
      'href',
      'mailto:orders@shivashka.bg',
    );
    expect(screen.getByRole('link', { name: '+359 32 123 456' })).toHaveAttribute('href', 'tel:+35932123456');
    expect(screen.getByText(/Шивашка Работилница ООД/)).toHaveTextContent('ул. „Раковски“ 1, 4000 Пловдив');
    expect(screen.queryByText(/ateliernoir|Tsar Shishman/)).not.toBeInTheDocument();
  });

  it('is server-rendered with the seller', async () => {
    const page = await renderPage('/contact-us', 'bg', { '/settings': { ...TEST_SETTINGS, seller: SELLER } });
    expect(page?.html).toContain('orders@shivashka.bg');
    expect(page?.html).toContain('Шивашка Работилница ООД');
    expect(page?.html).toContain('Търговец');
  });
});
