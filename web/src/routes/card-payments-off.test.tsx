import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Footer } from '../app/layout/footer';
import { NoticeBanner } from '../components/notice-banner/notice-banner';
import { fakeApi, renderWithApi } from '../test/fake-api';
import { SETTINGS } from '../test/settings';
import FaqsRoute from './faqs';
import TermsRoute from './terms';

/** The shop's pages speak of cards only when the shop takes them (settings payments.card; PAYMENTS=off: not). */
const shopWith = (card: boolean) => fakeApi({ 'GET /api/settings': { body: { ...SETTINGS, payments: { card } } } });

function Pages() {
  return (
    <>
      <NoticeBanner />
      <TermsRoute />
      <FaqsRoute />
      <Footer />
    </>
  );
}

describe('card wording on shopper pages', () => {
  it('names Visa and Mastercard in the footer, the banner, the terms and the FAQ when the shop takes cards', async () => {
    shopWith(true);
    renderWithApi(<Pages />, { path: '/terms' });
    expect(await screen.findByText('We accept Visa and Mastercard.')).toBeInTheDocument();
    expect(screen.getByText(/Pay by card or in cash on delivery/)).toBeInTheDocument();
    expect(screen.getByText(/You can pay by card on the secure page/)).toBeInTheDocument();
    expect(screen.getByText(/^Visa and Mastercard cards, paid on/)).toBeInTheDocument();
  });

  it('says nothing of cards when card payments are off: cash on delivery only', async () => {
    shopWith(false);
    renderWithApi(<Pages />, { path: '/terms' });
    expect(await screen.findByText('Card payments are not available at the moment.')).toBeInTheDocument();
    expect(screen.getByText(/^You pay in cash to the courier on delivery; this costs an extra/)).toBeInTheDocument();
    expect(screen.getByText(/^Cash on delivery to the courier: we take no card payments/)).toBeInTheDocument();
    expect(screen.getByText(/Pay in cash on delivery; 30 days/)).toBeInTheDocument();
    expect(screen.queryByText('We accept Visa and Mastercard.')).not.toBeInTheDocument();
    expect(screen.queryByText(/Visa|Mastercard|pay by card/i)).not.toBeInTheDocument();
  });
});
