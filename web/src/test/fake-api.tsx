import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import { STORAGE_KEYS, type Settings } from '@shop/contract';
import { swrFetcher } from '../lib/swr';
import { renderWithRouter, type RenderOptions } from './render';

/** A request the app sent, as the fake server saw it. */
export interface SentRequest {
  /** "METHOD /api/path?query", as routes are keyed. */
  key: string;
  /** JSON bodies parsed; a form as name → value (a file by its name); else undefined. */
  body: unknown;
  /** The bearer token it carried, if any. */
  token: string | null;
}

/**
 * An answer: status (200) and JSON body, or a function of the request that returns one (or a
 * Response), or throws to play a network failure.
 */
export type Answer =
  | { status?: number; body?: unknown }
  | ((request: SentRequest) => { status?: number; body?: unknown } | Response | Promise<Response>);

const unexpected: string[] = [];

/**
 * The shop's settings as the fake server answers them unless a test names its own
 * `GET /api/settings`: every screen with a price reads the currency from them.
 */
export const TEST_SETTINGS: Settings = {
  seller: {
    legalName: 'Atelier Noir Ltd',
    address: '1 Vitosha Blvd, 1000 Sofia, Bulgaria',
    companyId: '200000002',
    vatId: 'BG200000002',
    email: 'shop@example.com',
    phone: '+359 2 000 0000',
  },
  delivery: { addressPrice: 6.9, officePrice: 4.5, freeFrom: 100 },
  cod: { enabled: true, fee: 1.5, confirmNewAccounts: false },
  limits: { codMaxOpenOrders: 2, maxUnitsPerVariant: 99 },
  returnDays: 14,
  payments: { card: true },
  currency: 'USD',
  pricesIncludeVat: true,
};

/** Requests that no route answered since the last call; the test setup fails the test with them. */
export function takeUnexpectedRequests(): string[] {
  return unexpected.splice(0);
}

function bodyOf(body: BodyInit | null | undefined): unknown {
  if (body instanceof FormData) {
    return Object.fromEntries(
      [...body.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]),
    );
  }
  return typeof body === 'string' ? (JSON.parse(body) as unknown) : undefined;
}

/**
 * A fake server behind `fetch` (the api client's only way out), answering "METHOD /api/path?query"
 * from `routes`. Any other request fails the test, even when the app swallows the error (a fetch
 * that throws is a NETWORK_ERROR to the app). Returns every request sent, in order.
 */
export function fakeApi(routes: Record<string, Answer>): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${input}`;
      const authorization = new Headers(init.headers).get('Authorization');
      const request: SentRequest = {
        key,
        body: bodyOf(init.body),
        token: authorization?.replace(/^Bearer /, '') ?? null,
      };
      sent.push(request);
      const route = routes[key] ?? (key === 'GET /api/settings' ? { body: TEST_SETTINGS } : undefined);
      if (!route) {
        unexpected.push(key);
        throw new Error(`unexpected request ${key}`);
      }
      const answer = typeof route === 'function' ? await route(request) : route;
      if (answer instanceof Response) return answer;
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
}

/** A signed-in shopper: the token the api client sends and the session hooks read. */
export function signIn(token = 'token-1'): string {
  localStorage.setItem(STORAGE_KEYS.token, token);
  return token;
}

/** Renders with a fetching SWR (the shared render helper's cache has no fetcher), no polling. */
export const renderWithApi = (ui: ReactElement, options?: RenderOptions) =>
  renderWithRouter(<SWRConfig value={{ fetcher: swrFetcher, refreshInterval: 0 }}>{ui}</SWRConfig>, options);
