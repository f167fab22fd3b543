import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render';
import { WithdrawalForm } from './withdrawal-form';

async function fillIn({
  orderId = '3f9a0c21b7d4',
  email = 'mira@example.com',
  name = 'Mira Petrova',
  reason = '',
} = {}) {
  if (orderId) await userEvent.type(screen.getByLabelText('Order reference'), orderId);
  if (email) await userEvent.type(screen.getByLabelText('Email'), email);
  if (name) await userEvent.type(screen.getByLabelText('Full name'), name);
  if (reason) await userEvent.type(screen.getByLabelText('Reason (optional)'), reason);
}
const SEND = { name: 'Send withdrawal' };

describe('WithdrawalForm', () => {
  it('posts the order reference, email, name and reason, then says to look for the link, whatever the order', async () => {
    const sent = fakeApi({ 'POST /api/withdrawals': { status: 202, body: { sent: true } } });
    renderWithRouter(<WithdrawalForm />);
    await fillIn({ orderId: '#3f9a0c21b7d4', email: ' mira@example.com ', reason: 'Too small' });
    await userEvent.click(screen.getByRole('button', SEND));

    expect(await screen.findByText('Check your inbox')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        key: 'POST /api/withdrawals',
        body: { orderId: '3F9A0C21B7D4', email: 'mira@example.com', name: 'Mira Petrova', reason: 'Too small' },
        token: null,
      },
    ]);
    expect(screen.getByText(/we have sent a link to that address/)).toBeInTheDocument();
    expect(screen.queryByRole('button', SEND)).not.toBeInTheDocument();
  });

  it('takes the number an older order mail gave', async () => {
    const sent = fakeApi({ 'POST /api/withdrawals': { status: 202, body: { sent: true } } });
    renderWithRouter(<WithdrawalForm />);
    await fillIn({ orderId: '#1042' });
    await userEvent.click(screen.getByRole('button', SEND));
    expect(await screen.findByText('Check your inbox')).toBeInTheDocument();
    expect(sent[0]?.body).toMatchObject({ orderId: '1042' });
  });

  it('shows what is missing next to each field, without calling the server', async () => {
    const sent = fakeApi({});
    renderWithRouter(<WithdrawalForm />);
    await fillIn({ orderId: 'abc', email: 'not-an-email', name: '' });
    await userEvent.click(screen.getByRole('button', SEND));

    expect(screen.getByLabelText('Order reference')).toHaveAccessibleDescription(
      expect.stringContaining('Please enter the order reference (12 letters and digits from your order emails).'),
    );
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      expect.stringContaining('Please enter a valid email address.'),
    );
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Please enter your name.');
    expect(sent).toHaveLength(0);
  });

  it('puts the fields the server refuses by their fields', async () => {
    fakeApi({
      'POST /api/withdrawals': {
        status: 400,
        body: { error: 'Enter your name.', code: 'VALIDATION_ERROR', fields: { name: 'Enter your name.' } },
      },
    });
    renderWithRouter(<WithdrawalForm />);
    await fillIn();
    await userEvent.click(screen.getByRole('button', SEND));
    expect(await screen.findByText('Please enter your name.')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
  });

  it.each([[429, 'RATE_LIMITED', 'Too many attempts. Please wait a while and try again.']])(
    'words a %i %s in the shopper’s language',
    async (status, code, message) => {
      fakeApi({ 'POST /api/withdrawals': { status, body: { error: 'server words', code } } });
      renderWithRouter(<WithdrawalForm />);
      await fillIn();
      await userEvent.click(screen.getByRole('button', SEND));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(screen.getByRole('button', SEND)).toBeEnabled();
    },
  );

  it('says so when the shop cannot be reached', async () => {
    fakeApi({
      'POST /api/withdrawals': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderWithRouter(<WithdrawalForm />);
    await fillIn();
    await userEvent.click(screen.getByRole('button', SEND));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the shop.');
  });
});
