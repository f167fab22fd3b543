import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminGiftCard } from '@shop/contract';
import { fakeApi, renderWithApi, signIn } from '../../../test/fake-api';
import { GiftCardsScreen } from './gift-cards-screen';

const CARD: AdminGiftCard = {
  id: 7,
  code: '•••• MT3Q',
  status: 'active',
  amount: 25,
  balance: 25,
  currency: 'USD',
  buyer: null,
  recipientName: 'Ana Ivanova',
  recipientEmail: 'ana@example.com',
  sendAt: null,
  sentAt: '2026-11-29T10:00:00.000Z',
  expiresAt: '2028-11-29T10:00:00.000Z',
  createdAt: '2026-11-29T10:00:00.000Z',
};

describe("The owner's gift cards", () => {
  it("opens a card's ledger in a row of its own under the card, its buttons side by side", async () => {
    fakeApi({
      'GET /api/admin/gift-cards?page=1': { body: { data: [CARD], total: 1, page: 1, outstanding: 25 } },
      'GET /api/admin/gift-cards/7/ledger': {
        body: {
          data: [{ id: 1, kind: 'issued', amount: 25, orderId: null, reason: null, createdAt: CARD.createdAt }],
          balance: 25,
        },
      },
    });
    signIn();
    renderWithApi(<GiftCardsScreen />);
    const ledgerButton = await screen.findByRole('button', { name: 'Ledger' });
    // Ledger and Void in one row of actions, not one above the other.
    expect(within(ledgerButton.parentElement!).getByRole('button', { name: 'Void' })).toBeInTheDocument();
    await userEvent.click(ledgerButton);
    const ledger = await screen.findByRole('list', { name: 'Ledger of •••• MT3Q' });
    const cell = ledger.closest('td')!;
    expect(cell.colSpan).toBe(7);
    expect(within(cell.closest('tr')!).queryByText('•••• MT3Q', { selector: 'code' })).not.toBeInTheDocument();
  });

  it("shows what the shop owes in the shop's currency before any card is issued", async () => {
    fakeApi({ 'GET /api/admin/gift-cards?page=1': { body: { data: [], total: 0, page: 1, outstanding: 0 } } });
    signIn();
    renderWithApi(<GiftCardsScreen />);
    expect(await screen.findByText('No gift cards yet.')).toBeInTheDocument();
    expect(await screen.findByText('$0.00')).toBeInTheDocument();
  });
});
