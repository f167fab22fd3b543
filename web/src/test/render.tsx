import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { SWRConfig } from 'swr';

/**
 * Renders a component inside a memory router at `path`, with an SWR cache of its own so tests
 * never share data. `routes` adds other screens to navigate to.
 */
export interface RenderOptions {
  path?: string;
  routes?: RouteObject[];
}

export function renderWithRouter(ui: ReactElement, { path = '/', routes = [] }: RenderOptions = {}) {
  const router = createMemoryRouter([{ path: '*', element: ui }, ...routes], { initialEntries: [path] });
  const result = render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <RouterProvider router={router} />
    </SWRConfig>,
  );
  return { ...result, router };
}
