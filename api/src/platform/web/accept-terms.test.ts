import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.js';
import { pageView, pageViewKey } from './pages.js';

const t = useTestApp();

const HOST = 'shop.test';

/** The terms popup's form as a browser sends it from one of the shop's pages (no JavaScript). */
function send(fields: Record<string, string>, headers: Record<string, string | undefined> = {}) {
  const all = {
    host: HOST,
    'content-type': 'application/x-www-form-urlencoded',
    'sec-fetch-site': 'same-origin',
    origin: `http://${HOST}`,
    referer: `http://${HOST}/clothing?x=1`,
    ...headers,
  };
  return t.app.inject({
    method: 'POST',
    url: '/accept-terms',
    headers: Object.fromEntries(Object.entries(all).filter(([, value]) => value !== undefined)),
    payload: new URLSearchParams(fields).toString(),
  });
}

describe('POST /accept-terms (the terms popup before the app runs)', () => {
  it('records the acceptance in the cookie the pages are rendered by, and goes back to the page', async () => {
    const response = await send({ accepted: 'on' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/clothing?x=1');
    expect(response.headers['set-cookie']).toMatch(/^terms=accepted; Path=\/; Max-Age=31536000; SameSite=Lax$/);
    expect(pageView(String(response.headers['set-cookie']).split(';')[0])).toEqual({ termsAccepted: true });
  });

  it('records nothing when the box was not ticked', async () => {
    const response = await send({});
    expect(response.statusCode).toBe(303);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a form another site sends', async () => {
    // A browser that sends Fetch Metadata, and an older one that sends only Origin.
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': undefined, origin: 'https://evil.test' },
    ]) {
      const response = await send({ accepted: 'on' }, headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('takes the form from a browser that sends neither Fetch Metadata nor Origin', async () => {
    const response = await send({ accepted: 'on' }, { 'sec-fetch-site': undefined, origin: undefined });
    expect(response.statusCode).toBe(303);
    expect(response.headers['set-cookie']).toMatch(/^terms=accepted/);
  });

  it('only ever sends the visitor back into the shop', async () => {
    for (const referer of ['https://evil.test/x', `http://${HOST}//evil.test/x`, 'not a url', '']) {
      const response = await send({ accepted: 'on' }, { referer });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toMatch(/^\/(?!\/)/);
    }
  });
});

describe('page views', () => {
  it('read the notice and terms cookies, each view its own cache key', () => {
    const views = ['', 'notice=closed', 'terms=accepted', 'lang=bg; notice=closed; terms=accepted'].map(pageView);
    expect(views).toEqual([
      {},
      { noticeClosed: true },
      { termsAccepted: true },
      { noticeClosed: true, termsAccepted: true },
    ]);
    expect(new Set(views.map(pageViewKey)).size).toBe(4);
    expect(pageView('terms=acceptedx; xterms=accepted')).toEqual({});
  });
});
