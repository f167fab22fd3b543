import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SWRConfig } from 'swr';
import type { Profile } from '@shop/contract';
import { swrFetcher } from '../lib/swr';
import { fakeApi, signIn } from '../test/fake-api';
import AdminLayout from './admin-layout';
import LoginRoute from './login';

const profile = (role: string): Profile => ({
  id: 3,
  name: 'Ada',
  email: 'ada@example.com',
  address: '',
  phone: '',
  profilePicture: null,
  storeCredit: 0,
  role: role as Profile['role'],
  delivery: null,
});

/** The profile the server answers for the stored token, or (null) a request that never answers. */
function stubProfile(role: string | null) {
  fakeApi({
    'GET /api/profile': () => (role === null ? new Promise<Response>(() => undefined) : { body: profile(role) }),
  });
}

function renderAdmin(path = '/admin/dashboard') {
  const router = createMemoryRouter(
    [
      { path: '/admin', element: <AdminLayout />, children: [{ path: 'dashboard', element: <p>admin content</p> }] },
      { path: '/login', element: <p>login page</p> },
      { path: '/', element: <p>home page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <SWRConfig
      value={{ fetcher: swrFetcher, provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}
    >
      <RouterProvider router={router} />
    </SWRConfig>,
  );
  return router;
}

describe('the admin guard', () => {
  it('sends anonymous visitors to log in, remembering where they were going', async () => {
    stubProfile('ADMIN');
    const router = renderAdmin('/admin/dashboard?tab=products');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.state).toMatchObject({
      from: { pathname: '/admin/dashboard', search: '?tab=products' },
    });
    // In the address too: a reload of the login page, or a new tab, still knows the way back.
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/admin/dashboard?tab=products')}`);
  });

  it('an admin who logs in returns to where they were (the orders to ship)', async () => {
    fakeApi({
      'POST /api/auth/login': {
        body: { token: 'a'.repeat(43), user: { id: 3, name: 'Ada', email: 'ada@example.com', role: 'ADMIN' } },
      },
      'GET /api/profile': { body: profile('ADMIN') },
    });
    const router = createMemoryRouter(
      [
        { path: '/admin', element: <AdminLayout />, children: [{ path: 'orders', element: <p>orders to ship</p> }] },
        { path: '/login', element: <LoginRoute /> },
        { path: '*', element: <p>elsewhere</p> },
      ],
      { initialEntries: ['/admin/orders?ship=due'] },
    );
    render(
      <SWRConfig
        value={{ fetcher: swrFetcher, provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}
      >
        <RouterProvider router={router} />
      </SWRConfig>,
    );
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('orders to ship')).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/admin/orders?ship=due');
  });

  it('shows "Loading..." while the session loads', async () => {
    signIn();
    stubProfile(null);
    renderAdmin();
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText('admin content')).not.toBeInTheDocument();
  });

  it('sends signed-in shoppers home', async () => {
    signIn();
    stubProfile('USER');
    const router = renderAdmin();
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('verifies the role with the server, trimmed and in any case, then shows the page', async () => {
    signIn();
    // The first answer fills the session; the guard's own check waits until released.
    let release = () => undefined as void;
    let answered = 0;
    const answer = () => Response.json(profile(' admin '));
    fakeApi({
      'GET /api/profile': () =>
        answered++ === 0 ? answer() : new Promise<Response>((resolve) => (release = () => resolve(answer()))),
    });
    renderAdmin();
    expect(await screen.findByText('Verifying permissions...')).toBeInTheDocument();
    expect(screen.queryByText('admin content')).not.toBeInTheDocument();
    release();
    expect(await screen.findByText('admin content')).toBeInTheDocument();
  });
});
