import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderWithApi } from '../../../test/fake-api';
import { LinkAction } from './link-action';
import { NewsletterForm } from './newsletter-form';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

describe('The newsletter', () => {
  it(
    'the footer form asks with the address, the language and its source, and says a link was mailed',
    { timeout: 15_000 },
    async () => {
      const calls = fakeApi({ 'POST /api/newsletter': { status: 202, body: { sent: true } } });
      renderWithApi(<NewsletterForm />);
      await userEvent.type(screen.getByLabelText('Your email'), 'mila@example.com');
      expect(screen.getByText(/I agree to receive Atelier Noir’s news/)).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
      expect(await screen.findByRole('status')).toHaveTextContent('we mailed a link to mila@example.com');
      expect(calls.find((call) => call.key === 'POST /api/newsletter')?.body).toEqual({
        email: 'mila@example.com',
        lang: 'en',
        source: 'footer',
      });
    },
  );

  it('the unsubscribe page leaves with one click, and says when the link is unknown', async () => {
    const calls = fakeApi({
      'POST /api/unsubscribe?token=abc': { body: { status: 'none', email: 'mila@example.com' } },
      'POST /api/unsubscribe?token=bad': { status: 400, body: { error: 'invalid', code: 'INVALID_TOKEN' } },
    });
    const { unmount } = renderWithApi(<LinkAction action="unsubscribe" token="abc" />);
    expect(calls).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(
      await screen.findByText('mila@example.com receives no more news from us. You can subscribe again at any time.'),
    ).toBeInTheDocument();
    unmount();
    renderWithApi(<LinkAction action="unsubscribe" token="bad" />);
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(/This link is invalid/)).toBeInTheDocument();
  });
});
