import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import i18n from '../../../lib/i18n';
import { fakeApi, renderWithApi, signIn } from '../../../test/fake-api';
import { BuyGiftCard } from './buy-gift-card';

/** A day `days` from today as `<input type="date">` writes it, and as the Bulgarian page writes it. */
function dayAhead(days: number) {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const [year, month, day] = [date.getFullYear(), date.getMonth() + 1, date.getDate()];
  return {
    iso: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    bg: `${day}.${String(month).padStart(2, '0')}.${year} г.`,
  };
}

describe('Buying a gift card', () => {
  it("writes the chosen send date in the page's language under the browser's own date field", async () => {
    fakeApi({ 'GET /api/profile': { body: { name: 'Mila Petrova', email: 'mila@example.com' } } });
    signIn();
    await i18n.changeLanguage('bg');
    try {
      renderWithApi(<BuyGiftCard goToPayment={vi.fn()} />);
      const sendAt = await screen.findByLabelText('Дата на изпращане');
      const chosen = dayAhead(25);
      fireEvent.change(sendAt, { target: { value: chosen.iso } });
      expect(
        screen.getByText(`Изпращаме картата на ${chosen.bg} (всеки ден от днес до една година напред).`),
      ).toBeVisible();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
