import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderWithApi } from '../../../test/fake-api';
import { ConfirmWithdrawal, moment } from './confirm-withdrawal';

const SUBMITTED_AT = '2026-11-20T10:15:30.000Z';
const REQUEST = {
  reference: '3F9A0C21B7D4',
  submittedAt: SUBMITTED_AT,
  expiresAt: '2026-11-21T10:15:30.000Z',
  confirmedAt: null,
};
const VIEW = 'GET /api/withdrawals/confirm?token=tok-1';

describe('ConfirmWithdrawal', () => {
  it('shows the request and records nothing until its button is pressed, then the moment it counts from', async () => {
    const sent = fakeApi({
      [VIEW]: { body: REQUEST },
      'POST /api/withdrawals/confirm': {
        status: 201,
        body: { withdrawal: { id: 3, orderId: 42, reference: '3F9A0C21B7D4', submittedAt: SUBMITTED_AT, items: [] } },
      },
    });
    renderWithApi(<ConfirmWithdrawal token="tok-1" />);
    const when = moment(SUBMITTED_AT, 'en');
    expect(await screen.findByText(`You asked to withdraw from order 3F9A0C21B7D4 on ${when}.`)).toBeInTheDocument();
    expect(sent.map((request) => request.key)).toEqual([VIEW]);

    await userEvent.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByText('Your withdrawal is recorded')).toBeInTheDocument();
    expect(
      screen.getByText(
        `You withdrew from the contract of order 3F9A0C21B7D4. It counts from ${when}, when you sent the form.`,
      ),
    ).toBeInTheDocument();
    expect(sent.at(-1)).toMatchObject({ key: 'POST /api/withdrawals/confirm', body: { token: 'tok-1' } });
  });

  it('says when the link was already used', async () => {
    fakeApi({ [VIEW]: { body: { ...REQUEST, confirmedAt: '2026-11-20T11:00:00.000Z' } } });
    renderWithApi(<ConfirmWithdrawal token="tok-1" />);
    expect(await screen.findByText(/This withdrawal is already confirmed/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm withdrawal' })).not.toBeInTheDocument();
  });

  it.each([
    [400, 'INVALID_TOKEN', 'This link is not valid.'],
    [410, 'TOKEN_EXPIRED', 'This link has expired. Please fill in the withdrawal form again.'],
  ])('words a %i %s and leads back to the form', async (status, code, message) => {
    fakeApi({ [VIEW]: { status, body: { error: 'server words', code } } });
    renderWithApi(<ConfirmWithdrawal token="tok-1" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Go to the withdrawal form' })).toHaveAttribute('href', '/withdrawal');
  });

  it('words a refusal of the button (the period is over)', async () => {
    fakeApi({
      [VIEW]: { body: REQUEST },
      'POST /api/withdrawals/confirm': { status: 409, body: { error: 'server words', code: 'WITHDRAWAL_PERIOD_OVER' } },
    });
    renderWithApi(<ConfirmWithdrawal token="tok-1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The withdrawal period for this order is over.');
  });

  it('needs a token', async () => {
    const sent = fakeApi({});
    renderWithApi(<ConfirmWithdrawal token={null} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid.');
    expect(sent).toEqual([]);
  });
});
