import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { fakeApi } from '../test/fake-api';
import LoginRoute from './login';
import SignupRoute from './signup';
import VerifyOtpRoute from './verify-otp';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn(), warn: vi.fn() } }));

const auth = { token: 't'.repeat(43), user: { id: 1, name: 'Ana', email: 'ana@example.com', role: 'USER' } };

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginRoute /> },
      { path: '/signup', element: <SignupRoute /> },
      { path: '/verify-otp', element: <VerifyOtpRoute /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const where = (router: ReturnType<typeof renderAt>) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('after "please log in"', () => {
  it('login returns to the page that sent the shopper (?next=)', async () => {
    fakeApi({ 'POST /api/auth/login': { body: auth } });
    const router = renderAt('/login?next=%2Fproduct%2F10%3Fcolour%3D3');
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(where(router)).toBe('/product/10?colour=3'));
  });

  it('never to another site', async () => {
    fakeApi({ 'POST /api/auth/login': { body: auth } });
    const router = renderAt('/login?next=%2F%2Fevil.example%2Fx');
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(where(router)).toBe('/profile'));
  });

  it('sign-up keeps the page through the code step and returns there', async () => {
    fakeApi({
      'POST /api/auth/signup': { status: 201, body: { message: 'Check your email.' } },
      'POST /api/auth/verify-otp': { body: auth },
    });
    const router = renderAt('/login?next=%2Fproduct%2F10');
    await userEvent.click(screen.getByRole('link', { name: 'Sign Up' }));
    expect(where(router)).toBe('/signup?next=%2Fproduct%2F10');
    await userEvent.type(screen.getByLabelText('Full name'), 'Ana Petrova');
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-otp'));
    await userEvent.type(await screen.findByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Taking you back to where you were…')).toBeInTheDocument();
    await waitFor(() => expect(where(router)).toBe('/product/10'), { timeout: 4000 });
  });
});
