import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { fakeApi as stubApi, signIn } from '../../../test/fake-api';
import { LoginForm } from './login-form';

function renderLogin(state?: unknown) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginForm /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [{ pathname: '/login', state }] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password');

describe('LoginForm', () => {
  it('asks for both fields before calling the server', async () => {
    const sent = stubApi({});
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Please enter your email.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument();
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);
  });

  it("shows the spec's message for an unknown email (404) and a wrong password (401)", async () => {
    stubApi({
      'POST /api/auth/login': {
        status: 404,
        body: { error: 'No account found with that email address.', code: 'NOT_FOUND' },
      },
    });
    renderLogin();
    await userEvent.type(email(), 'nobody@example.com');
    await userEvent.type(password(), 'whatever-password');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No account found with that email address.');

    stubApi({ 'POST /api/auth/login': { status: 401, body: { error: 'x', code: 'UNAUTHORIZED' } } });
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Incorrect password. Please try again.'));
  });

  it('stores the token and returns to the page the admin guard came from', async () => {
    const sent = stubApi({
      'POST /api/auth/login': {
        status: 200,
        body: {
          token: 't'.repeat(43),
          user: { id: 1, name: 'A', email: 'a@example.com', role: 'ADMIN', profilePicture: null },
        },
      },
    });
    const router = renderLogin({ from: { pathname: '/admin/dashboard', search: '', hash: '' } });
    await userEvent.type(email(), '  a@example.com ');
    await userEvent.type(password(), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(password()).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(localStorage.getItem('token')).toBe('t'.repeat(43));
    expect(sent[0]?.body).toEqual({ email: 'a@example.com', password: 'secret-password' });
  });

  it('goes to /profile without a safe origin', async () => {
    stubApi({
      'POST /api/auth/login': {
        status: 200,
        body: {
          token: 'u'.repeat(43),
          user: { id: 2, name: 'B', email: 'b@example.com', role: 'USER', profilePicture: null },
        },
      },
    });
    const router = renderLogin({ from: { pathname: '//evil.example/x' } });
    await userEvent.type(email(), 'b@example.com');
    await userEvent.type(password(), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('Forgot Password uses the email field: empty, malformed, then sent', async () => {
    const sent = stubApi({ 'POST /api/auth/reset-password': { status: 200, body: { message: 'ok' } } });
    renderLogin();
    const forgot = screen.getByRole('button', { name: 'Forgot Password?' });
    await userEvent.click(forgot);
    expect(
      screen.getByText('Please enter your email in the login field before resetting your password.'),
    ).toBeInTheDocument();
    await userEvent.type(email(), 'not-an-email');
    await userEvent.click(forgot);
    expect(screen.getByText('Invalid email! Make sure you enter a properly formatted email.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await userEvent.clear(email());
    await userEvent.type(email(), 'mira@example.com');
    await userEvent.click(forgot);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Reset email sent! Follow the instructions in your inbox.',
    );
    expect(sent).toEqual([{ key: 'POST /api/auth/reset-password', body: { email: 'mira@example.com' }, token: null }]);
  });

  it('Forgot Password takes away what a failed login said, whatever comes of it', async () => {
    stubApi({ 'POST /api/auth/login': { status: 401, body: { error: 'x', code: 'UNAUTHORIZED' } } });
    renderLogin();
    await userEvent.type(email(), 'mira@example');
    await userEvent.type(password(), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect password. Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    expect(screen.getByText('Invalid email! Make sure you enter a properly formatted email.')).toBeInTheDocument();
    expect(screen.queryByText('Incorrect password. Please try again.')).not.toBeInTheDocument();
  });

  it('sends no stored token, so a wrong password (401) never ends the session stored in this browser', async () => {
    signIn('old-session');
    const sent = stubApi({ 'POST /api/auth/login': { status: 401, body: { error: 'x', code: 'UNAUTHORIZED' } } });
    renderLogin();
    await userEvent.type(email(), 'mira@example.com');
    await userEvent.type(password(), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect password. Please try again.');
    expect(sent[0]?.token).toBeNull();
    expect(localStorage.getItem('token')).toBe('old-session');
  });
});
