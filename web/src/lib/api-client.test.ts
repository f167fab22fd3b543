import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@shop/contract';
import { ApiError, api, CLIENT_ERROR_CODES } from './api-client';

function mockFetch(response: Response | Error) {
  const fn = vi.fn<typeof fetch>(() =>
    response instanceof Error ? Promise.reject(response) : Promise.resolve(response),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('calls /api with JSON and the bearer token from localStorage', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'abc');
    const fetchMock = mockFetch(json({ ok: 1 }, 201));
    await expect(api.post('/cart', { productId: 1 })).resolves.toEqual({ ok: 1 });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/cart');
    const headers = new Headers(init?.headers);
    expect(init?.method).toBe('POST');
    expect(headers.get('Authorization')).toBe('Bearer abc');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"productId":1}');
  });

  it('sends no Authorization header when logged out', async () => {
    const fetchMock = mockFetch(json([]));
    await api.get('/products');
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).has('Authorization')).toBe(false);
  });

  it('maps the server error body to ApiError', async () => {
    mockFetch(json({ error: 'Maximum quantity of 99 reached', code: 'MAX_QUANTITY' }, 409));
    const error = await api.post('/cart', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'MAX_QUANTITY',
      message: 'Maximum quantity of 99 reached',
      fields: {},
    });
  });

  it('keeps per-field messages of a validation error', async () => {
    mockFetch(json({ error: 'Invalid input', code: 'VALIDATION_ERROR', fields: { email: 'Invalid email' } }, 400));
    await expect(api.post('/auth/login', {})).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      fields: { email: 'Invalid email' },
    });
  });

  it('turns a non-JSON error into a generic ApiError', async () => {
    mockFetch(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(api.get('/products')).rejects.toMatchObject({
      status: 502,
      code: CLIENT_ERROR_CODES.badResponse,
      message: 'Bad Gateway',
    });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    await expect(api.get('/products')).rejects.toMatchObject({ status: 0, code: CLIENT_ERROR_CODES.network });
  });

  it('answers undefined for 204', async () => {
    mockFetch(new Response(null, { status: 204 }));
    await expect(api.delete('/cart/1')).resolves.toBeUndefined();
  });
});
