import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../../lib/i18n';
import { fakeApi, renderWithApi, signIn } from '../../../test/fake-api';
import { BuyGiftCard } from './buy-gift-card';

const MONTHS_BG = 'януари февруари март април май юни юли август септември октомври ноември декември'.split(' ');
/** A day as the Bulgarian page writes it in full: "24 декември 2026 г.". */
const longBg = (date: Date) => `${date.getDate()} ${MONTHS_BG[date.getMonth()]} ${date.getFullYear()} г.`;
const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

async function inBulgarian(test: () => Promise<void>) {
  await i18n.changeLanguage('bg');
  try {
    await test();
  } finally {
    await i18n.changeLanguage('en');
  }
}

describe('Buying a gift card', () => {
  it(
    "chooses the send date on a calendar in the page's language, Monday first, by keyboard",
    () =>
      inBulgarian(async () => {
        const calls = fakeApi({
          'GET /api/profile': { body: { name: 'Mila Petrova', email: 'mila@example.com' } },
          'POST /api/gift-cards/checkout': { status: 201, body: { url: '/pay/cs_local_1' } },
        });
        signIn();
        const goToPayment = vi.fn();
        const user = userEvent.setup();
        renderWithApi(<BuyGiftCard goToPayment={goToPayment} />);
        const today = new Date();
        await user.click(await screen.findByRole('button', { name: `Дата на изпращане ${longBg(today)}` }));

        const calendar = screen.getByRole('dialog', {
          name: `${MONTHS_BG[today.getMonth()]} ${today.getFullYear()} г.`,
        });
        const headers = within(calendar).getAllByRole('columnheader');
        expect(headers.map((header) => header.firstChild?.textContent)).toEqual([
          'пн',
          'вт',
          'ср',
          'чт',
          'пт',
          'сб',
          'нд',
        ]);
        expect(headers[0]).toHaveTextContent('понеделник');
        expect(within(calendar).getByRole('button', { name: 'Предишен месец' })).toBeDisabled();
        expect(within(calendar).getByRole('button', { name: longBg(today) })).toHaveFocus();
        // Before today: nowhere to go.
        await user.keyboard('{ArrowLeft}');
        expect(within(calendar).getByRole('button', { name: longBg(today) })).toHaveFocus();
        // A month and a week ahead.
        await user.keyboard('{PageDown}{ArrowDown}');
        const nextMonth = new Date(today.getFullYear(), today.getMonth() + 1, 1);
        const lastOfNext = new Date(nextMonth.getFullYear(), nextMonth.getMonth() + 1, 0).getDate();
        const chosen = new Date(
          nextMonth.getFullYear(),
          nextMonth.getMonth(),
          Math.min(today.getDate(), lastOfNext) + 7,
        );
        expect(within(calendar).getByRole('button', { name: longBg(chosen) })).toHaveFocus();
        await user.keyboard('{Enter}');
        expect(screen.queryByRole('dialog')).toBeNull();
        expect(screen.getByRole('button', { name: `Дата на изпращане ${longBg(chosen)}` })).toHaveFocus();

        // Pasted, not typed key by key: each key re-renders the whole form (slow on a busy host).
        for (const [label, text] of [
          ['Друга сума', '50'],
          ['Име на получателя', 'Ана'],
          ['Имейл на получателя', 'ana@example.com'],
        ] as const) {
          await user.click(screen.getByLabelText(label));
          await user.paste(text);
        }
        await user.click(screen.getByRole('button', { name: /^Платете/ }));
        expect(goToPayment).toHaveBeenCalledWith('/pay/cs_local_1');
        const sent = calls.find((call) => call.key === 'POST /api/gift-cards/checkout');
        expect(sent?.body).toMatchObject({ sendAt: isoDay(chosen), lang: 'bg' });
      }),
    30_000,
  );

  it(
    'keeps the calendar from today to a year ahead, and Escape leaves the day as it was',
    () =>
      inBulgarian(async () => {
        fakeApi({ 'GET /api/profile': { body: { name: 'Mila Petrova', email: 'mila@example.com' } } });
        signIn();
        const user = userEvent.setup();
        renderWithApi(<BuyGiftCard goToPayment={vi.fn()} />);
        const today = new Date();
        const field = await screen.findByRole('button', { name: `Дата на изпращане ${longBg(today)}` });
        await user.click(field);
        // A year on is one day too far: the last day is the day before.
        await user.keyboard('{Shift>}{PageDown}{/Shift}');
        const last = new Date(today.getFullYear() + 1, today.getMonth(), today.getDate() - 1);
        expect(screen.getByRole('button', { name: longBg(last) })).toHaveFocus();
        await user.keyboard('{ArrowRight}');
        expect(screen.getByRole('button', { name: longBg(last) })).toHaveFocus();
        expect(screen.getByRole('button', { name: 'Следващ месец' })).toBeDisabled();
        await user.keyboard('{Escape}');
        expect(screen.queryByRole('dialog')).toBeNull();
        expect(field).toHaveFocus();
        expect(field).toHaveAccessibleName(`Дата на изпращане ${longBg(today)}`);
      }),
    30_000,
  );
});
