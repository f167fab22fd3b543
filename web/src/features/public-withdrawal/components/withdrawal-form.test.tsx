import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render';
import { WithdrawalForm } from './withdrawal-form';

const SUBMITTED_AT = '2026-11-20T10:15:30.000Z';

async function fillIn({ orderId = '1042', email = 'mira@example.com', name = 'Mira Petrova', reason = '' } = {}) {
  if (orderId) await userEvent.type(screen.getByLabelText('Order number'), orderId);
  if (email) await userEvent.type(screen.getByLabelText('Email'), email);
  if (name) await userEvent.type(screen.getByLabelText('Full name'), name);
  if (reason) await userEvent.type(screen.getByLabelText('Reason (optional)'), reason);
}

describe('WithdrawalForm', () => {
  it('posts the order number, email, name and reason, then shows when it was received', async () => {
    const sent = fakeApi({
      'POST /api/withdrawals': {
        status: 201,
        body: { withdrawal: { id: 3, orderId: 1042, submittedAt: SUBMITTED_AT, items: [] } },
      },
    });
    renderWithRouter(<WithdrawalForm />);
    await fillIn({ orderId: '#1042', email: ' mira@example.com ', reason: 'Too small' });
    await userEvent.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));

    expect(await screen.findByText('Your withdrawal is recorded')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        key: 'POST /api/withdrawals',
        body: { orderId: 1042, email: 'mira@example.com', name: 'Mira Petrova', reason: 'Too small' },
        token: null,
      },
    ]);
    const received = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'medium' }).format(
      new Date(SUBMITTED_AT),
    );
    expect(screen.getByText(`We received your withdrawal from order #1042 on ${received}.`)).toBeInTheDocument();
    expect(screen.getByText(/emailed you an acknowledgement/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm withdrawal' })).not.toBeInTheDocument();
  });

  it('shows what is missing next to each field, without calling the server', async () => {
    const sent = fakeApi({});
    renderWithRouter(<WithdrawalForm />);
    await fillIn({ orderId: 'abc', email: 'not-an-email', name: '' });
    await userEvent.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));

    expect(screen.getByLabelText('Order number')).toHaveAccessibleDescription(
      expect.stringContaining('Please enter the order number (digits only).'),
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
    await userEvent.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByText('Please enter your name.')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
  });

  it.each([
    [404, 'NOT_FOUND', 'We found no order with this number and email. Please check both and try again.'],
    [409, 'ALREADY_WITHDRAWN', 'You have already withdrawn from this order.'],
    [
      409,
      'WITHDRAWAL_PERIOD_OVER',
      'The withdrawal period for this order is over. Write to us if you think this is wrong.',
    ],
    [429, 'RATE_LIMITED', 'Too many attempts. Please wait a while and try again.'],
  ])('words a %i %s in the shopper’s language', async (status, code, message) => {
    fakeApi({ 'POST /api/withdrawals': { status, body: { error: 'server words', code } } });
    renderWithRouter(<WithdrawalForm />);
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Confirm withdrawal' })).toBeEnabled();
  });

  it('says so when the shop cannot be reached', async () => {
    fakeApi({
      'POST /api/withdrawals': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderWithRouter(<WithdrawalForm />);
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the shop.');
  });
});
