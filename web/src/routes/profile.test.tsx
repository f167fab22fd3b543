import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile } from '@shop/contract';
import { writeToken } from '../lib/session';
import { fakeApi, renderWithApi, signIn } from '../test/fake-api';
import ProfileRoute from './profile';

const profile: Profile = {
  id: 3,
  name: 'Ana',
  email: 'ana@example.com',
  address: '',
  phone: '',
  profilePicture: null,
  storeCredit: 0,
  role: 'USER',
  delivery: null,
};

describe('the profile page', () => {
  it('goes home after deleting the account, even when a poll meets the ended session on the way', async () => {
    signIn();
    fakeApi({ 'GET /api/profile': { body: profile }, 'DELETE /api/profile': { status: 204 } });
    const { router } = renderWithApi(<ProfileRoute />, {
      path: '/profile',
      routes: [
        {
          path: '/',
          // While the home page's code loads, a poll of the deleted account gets 401 and drops the token.
          lazy: async () => {
            writeToken(null);
            await new Promise((resolve) => setTimeout(resolve, 50));
            return { element: <p>home page</p> };
          },
        },
        { path: '/login', element: <p>login page</p> },
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    await userEvent.type(screen.getByLabelText('Your password'), 'correct horse');
    await userEvent.click(
      [...dialog.querySelectorAll('button')].find((button) => button.textContent === 'Delete my account')!,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('home page')).toBeInTheDocument();
  });
});
