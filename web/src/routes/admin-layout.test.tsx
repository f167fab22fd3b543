import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SWRConfig } from 'swr';
import { swrFetcher } from '../lib/swr';
import AdminLayout from './admin-layout';

/** The profile the server answers for the stored token, or a request that never answers. */
function stubProfile(role: string | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      if (String(input) !== '/api/profile') throw new Error(`unexpected request ${String(input)}`);
      if (role === null) return new Promise<Response>(() => undefined);
      const profile = {
        id: 3,
        name: 'Ada',
        email: 'ada@example.com',
        address: '',
        phone: '',
        profilePicture: null,
        role,
      };
      return Promise.resolve(new Response(JSON.stringify(profile), { status: 200 }));
    }),
  );
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

afterEach(() => vi.unstubAllGlobals());

describe('the admin guard', () => {
  it('sends anonymous visitors to log in, remembering where they were going', async () => {
    stubProfile('ADMIN');
    const router = renderAdmin('/admin/dashboard?tab=products');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.state).toMatchObject({
      from: { pathname: '/admin/dashboard', search: '?tab=products' },
    });
  });

  it('shows "Loading..." while the session loads', async () => {
    localStorage.setItem('token', 'a'.repeat(43));
    stubProfile(null);
    renderAdmin();
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText('admin content')).not.toBeInTheDocument();
  });

  it('sends signed-in shoppers home', async () => {
    localStorage.setItem('token', 'a'.repeat(43));
    stubProfile('USER');
    const router = renderAdmin();
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('verifies the role with the server, trimmed and in any case, then shows the page', async () => {
    localStorage.setItem('token', 'a'.repeat(43));
    // The first answer fills the session; the guard's own check waits until released.
    let release = () => undefined as void;
    const profile = {
      id: 3,
      name: 'Ada',
      email: 'ada@example.com',
      address: '',
      phone: '',
      profilePicture: null,
      role: ' admin ',
    };
    const answer = () => new Response(JSON.stringify(profile), { status: 200 });
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(answer())
        .mockImplementation(() => new Promise<Response>((resolve) => (release = () => resolve(answer())))),
    );
    renderAdmin();
    expect(await screen.findByText('Verifying permissions...')).toBeInTheDocument();
    expect(screen.queryByText('admin content')).not.toBeInTheDocument();
    release();
    expect(await screen.findByText('admin content')).toBeInTheDocument();
  });
});
