import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderWithApi } from '../../../test/fake-api';
import { BalanceCheck } from './balance-check';

describe('The gift card balance check', () => {
  it('asks with the code read as typed (case, spaces, hyphens) and says what is left and until when', async () => {
    const calls = fakeApi({
      'GET /api/gift-cards/ABCD0FGH1KMN2QRS': {
        body: { balance: 37.5, currency: 'USD', expiresAt: '2028-12-24T10:00:00.000Z' },
      },
    });
    renderWithApi(<BalanceCheck />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Gift card code' }), 'abcd-0fgh 1kmn-2qrs');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(/\$37\.50 left, valid until .*2028/)).toBeInTheDocument();
    expect(calls.map((call) => call.key)).toEqual(['GET /api/gift-cards/ABCD0FGH1KMN2QRS']);
  });

  it('says an unknown code is unknown, and a typo without asking', async () => {
    const calls = fakeApi({
      'GET /api/gift-cards/ZZZZZZZZZZZZZZZZ': {
        status: 404,
        body: { error: 'No gift card has this code.', code: 'GIFT_CARD_NOT_FOUND' },
      },
    });
    renderWithApi(<BalanceCheck />);
    const input = screen.getByRole('textbox', { name: 'Gift card code' });
    await userEvent.type(input, 'ZZZZZZZZZZZZZZZZ');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('No gift card has this code. Check it and try again.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(input);
    await userEvent.type(input, 'ABC');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(/has 16 letters and digits/)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });
});
