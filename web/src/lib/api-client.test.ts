import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@shop/contract';
import { fakeApi, signIn } from '../test/fake-api';
import { ApiError, anonymousCall, api, apiPath, call, CLIENT_ERROR_CODES } from './api-client';

const json = (body: unknown, status = 200) => ({ status, body });
const UNAUTHORIZED = json({ error: 'Please log in.', code: 'UNAUTHORIZED' }, 401);

describe('api client', () => {
  it('calls /api with JSON and the bearer token from localStorage', async () => {
    signIn('abc');
    const sent = fakeApi({ 'POST /api/cart': json({ ok: 1 }, 201) });
    await expect(api.post('/cart', { productId: 1 })).resolves.toEqual({ ok: 1 });

    expect(sent).toEqual([{ key: 'POST /api/cart', body: { productId: 1 }, token: 'abc' }]);
    const [, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"productId":1}');
  });

  it("calls a route of the contract's table by its method and path, the parameters filled in and encoded", async () => {
    signIn('abc');
    const sent = fakeApi({ 'POST /api/orders/7/withdrawal': json({ withdrawal: {} }, 201) });
    await expect(call('POST /orders/:id/withdrawal', { id: 7 }, { items: [] })).resolves.toEqual({ withdrawal: {} });
    expect(sent).toEqual([{ key: 'POST /api/orders/7/withdrawal', body: { items: [] }, token: 'abc' }]);
    expect(apiPath('GET /orders/by-session/:sessionId', { sessionId: 'cs/1 2' })).toBe('/orders/by-session/cs%2F1%202');
    expect(apiPath('GET /orders')).toBe('/orders');
  });

  it('puts the parameters its path does not name in the query, in their order, the undefined left out', async () => {
    signIn('abc');
    const sent = fakeApi({
      'PATCH /api/cart/3?lang=bg': json({}),
      'POST /api/unsubscribe?token=a%2Fb': json({}),
      'POST /api/profile/upload': json({ previewPath: '/files/x' }),
    });
    await call('PATCH /cart/:cartItemId', { cartItemId: 3, lang: 'bg' }, { quantity: 2 });
    await anonymousCall('POST /unsubscribe', { token: 'a/b' }, undefined);
    const form = new FormData();
    form.append('profilePicture', 'x');
    await call('POST /profile/upload', form);
    expect(sent).toEqual([
      { key: 'PATCH /api/cart/3?lang=bg', body: { quantity: 2 }, token: 'abc' },
      { key: 'POST /api/unsubscribe?token=a%2Fb', body: undefined, token: null },
      { key: 'POST /api/profile/upload', body: { profilePicture: 'x' }, token: 'abc' },
    ]);
    expect(apiPath('GET /wishlist', { lang: undefined })).toBe('/wishlist');
    expect(apiPath('GET /admin/gift-cards', { page: 2 })).toBe('/admin/gift-cards?page=2');
  });

  it('sends no Authorization header when logged out, nor on an anonymous call', async () => {
    const sent = fakeApi({
      'GET /api/products': json([]),
      'POST /api/auth/login': json({}),
      'POST /api/auth/logout': { status: 204 },
    });
    await api.get('/products');
    signIn('abc');
    await api.post('/auth/login', {}, { anonymous: true });
    await anonymousCall('POST /auth/login', { email: 'a@b.c', password: 'x' });
    await call('POST /auth/logout');
    expect(sent.map((request) => request.token)).toEqual([null, null, null, 'abc']);
  });

  it('maps the server error body to ApiError', async () => {
    fakeApi({ 'POST /api/cart': json({ error: 'Maximum quantity of 99 reached', code: 'MAX_QUANTITY' }, 409) });
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
    fakeApi({
      'POST /api/auth/login': json(
        { error: 'Invalid input', code: 'VALIDATION_ERROR', fields: { email: 'Invalid email' } },
        400,
      ),
    });
    await expect(api.post('/auth/login', {})).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      fields: { email: 'Invalid email' },
    });
  });

  it('turns a non-JSON error into a generic ApiError', async () => {
    fakeApi({
      'GET /api/products': () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    });
    await expect(api.get('/products')).rejects.toMatchObject({
      status: 502,
      code: CLIENT_ERROR_CODES.badResponse,
      message: 'Bad Gateway',
    });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    fakeApi({ 'GET /api/products': () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(api.get('/products')).rejects.toMatchObject({ status: 0, code: CLIENT_ERROR_CODES.network });
  });

  it('answers undefined for 204', async () => {
    fakeApi({ 'DELETE /api/cart/1': () => new Response(null, { status: 204 }) });
    await expect(api.delete('/cart/1')).resolves.toBeUndefined();
  });
});

describe('the end of a session', () => {
  it('forgets the stored token when the server refuses it (401), and tells every hook in the tab', async () => {
    signIn('dead');
    const heard = vi.fn();
    window.addEventListener('shop:token', heard);
    fakeApi({ 'GET /api/profile': UNAUTHORIZED });
    await expect(api.get('/profile')).rejects.toMatchObject({ status: 401 });
    window.removeEventListener('shop:token', heard);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(heard).toHaveBeenCalledOnce();
  });

  it('keeps the token on a 401 to a request that carried none (a wrong password at login)', async () => {
    signIn('alive');
    fakeApi({ 'POST /api/auth/login': UNAUTHORIZED });
    await expect(api.post('/auth/login', {}, { anonymous: true })).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('alive');
  });

  it('keeps a token stored while the refused request was on its way (a new login)', async () => {
    signIn('old');
    fakeApi({
      'GET /api/cart': () => {
        signIn('new');
        return UNAUTHORIZED;
      },
    });
    await expect(api.get('/cart')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new');
  });

  it('keeps the token on other refusals (403, 404)', async () => {
    signIn('alive');
    fakeApi({
      'GET /api/admin/users': json({ error: 'You are not allowed to do this.', code: 'FORBIDDEN' }, 403),
      'GET /api/orders/by-session/x': json({ error: 'Not found', code: 'NOT_FOUND' }, 404),
    });
    await expect(api.get('/admin/users')).rejects.toMatchObject({ status: 403 });
    await expect(api.get('/orders/by-session/x')).rejects.toMatchObject({ status: 404 });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('alive');
  });
});
