import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import { swrFetcher } from '../../../lib/swr';
import { renderWithRouter } from '../../../test/render';

type Answer = { status?: number; body?: unknown } | (() => Promise<Response>);

/**
 * A fake server behind `fetch`: answers by "METHOD /api/path?query". Unknown requests fail the
 * test loudly instead of hanging.
 */
export function fakeApi(routes: Record<string, Answer>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${String(input)}`;
      calls.push(key);
      const answer = routes[key];
      if (!answer) throw new Error(`unexpected request ${key}`);
      if (typeof answer === 'function') return answer();
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** Renders with a fetching SWR (the shared render helper's cache has no fetcher). */
export const renderWithApi = (ui: ReactElement, path = '/') =>
  renderWithRouter(<SWRConfig value={{ fetcher: swrFetcher, refreshInterval: 0 }}>{ui}</SWRConfig>, { path });
