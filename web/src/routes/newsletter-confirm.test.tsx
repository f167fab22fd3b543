import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NewsletterForm } from '../features/newsletter/components/newsletter-form';
import i18n from '../lib/i18n';
import { fakeApi, renderWithApi } from '../test/fake-api';
import NewsletterConfirmRoute from './newsletter-confirm';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

describe('The newsletter in Bulgarian', () => {
  it(
    'speaks Bulgarian from the footer to the confirm page (the journey, e2e/campaigns.spec.ts, runs in English)',
    { timeout: 15_000 },
    async () => {
      const calls = fakeApi({
        'POST /api/newsletter': { status: 202, body: { sent: true } },
        'POST /api/newsletter/confirm': { body: { status: 'subscribed', email: 'mila@example.com' } },
      });
      await i18n.changeLanguage('bg');
      try {
        const { unmount } = renderWithApi(<NewsletterForm />);
        expect(screen.getByRole('heading', { name: 'Новини от ателието' })).toBeInTheDocument();
        expect(screen.getByText(/Съгласен\/на съм да получавам новините на Atelier Noir/)).toBeInTheDocument();
        await userEvent.type(screen.getByLabelText('Вашият имейл'), 'mila@example.com');
        await userEvent.click(screen.getByRole('button', { name: 'Абонирайте се' }));
        expect(await screen.findByRole('status')).toHaveTextContent(
          'Почти готово: изпратихме връзка на mila@example.com. Отворете я до 7 дни, за да потвърдите.',
        );
        expect(calls.find((call) => call.key === 'POST /api/newsletter')?.body).toMatchObject({ lang: 'bg' });
        unmount();

        renderWithApi(<NewsletterConfirmRoute />, { path: '/newsletter/confirm?token=abc' });
        expect(screen.getByRole('heading', { level: 1, name: 'Потвърдете абонамента си' })).toBeInTheDocument();
        expect(screen.getByText(/Едно кликване и ще получавате новините ни/)).toBeInTheDocument();
        await userEvent.click(screen.getByRole('button', { name: 'Потвърждавам абонамента' }));
        expect(await screen.findByText('Абонирани сте')).toBeInTheDocument();
        expect(
          screen.getByText('mila@example.com вече получава новините ни. Всяко писмо съдържа връзка за отписване.'),
        ).toBeInTheDocument();
        expect(calls.find((call) => call.key === 'POST /api/newsletter/confirm')?.body).toEqual({ token: 'abc' });
      } finally {
        await i18n.changeLanguage('en');
      }
    },
  );
});
