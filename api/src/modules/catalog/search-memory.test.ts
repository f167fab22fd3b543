import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_BOUNDS } from '../../platform/cache/catalog-cache.js';
import { createTestApp, heard, type TestApp } from '../../test/app.js';
import { createProduct } from '../../test/factories.js';

/**
 * Anonymous searches and the server's memory (issue 26): each distinct search used to take a place
 * in the shared catalogue cache (up to 10,000 answers of tens of kilobytes each).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Enough products that an answer listing them all is tens of kilobytes, as the demo shop's is.
  for (let index = 0; index < 15; index += 1) {
    await createProduct(t.db, {
      categoryId: (1 + (index % 3)) as 1 | 2 | 3,
      priceCents: 5_000 + index,
      name: `Piece ${index} ${'x'.repeat(100)}`,
    });
  }
  await heard(t.app);
});
afterAll(() => t.close());

const search = (q: string, remoteAddress = '203.0.113.9') =>
  t.app.inject({ method: 'GET', url: `/api/products?q=${encodeURIComponent(q)}&lang=en`, remoteAddress });

describe('searches and memory', () => {
  it('names a search by what it finds: word order, case, accents and repeats make no new answer', async () => {
    const first = await search('Piece  xxx', '198.51.100.1');
    expect(first.statusCode).toBe(200);
    const before = t.app.caches.bytes().catalogue;
    for (const q of ['xxx piece', 'PIECE xxx xxx', 'piéce, XXX']) {
      const again = await search(q, '198.51.100.1');
      expect(again.statusCode).toBe(200);
      expect(again.headers.etag).toBe(first.headers.etag);
    }
    expect(t.app.caches.bytes().catalogue).toBe(before);
  });

  it('keeps the searches of 5,000 clients, each new, within the search cache’s bytes', async () => {
    // Words every product has (its name and description): each answer lists all 15 products.
    const parts = [
      ...new Set(
        ['piece', 'described'].flatMap((word) =>
          [...word].flatMap((_, from) => [...word.slice(from)].map((_, to) => word.slice(from, from + to + 1))),
        ),
      ),
    ];
    for (let index = 0; index < 5_000; index += 1) {
      const q = `${'x'.repeat(1 + (index % 80))} ${parts[Math.floor(index / 80) % parts.length]}`;
      const answer = await search(q, `10.${index >> 8}.${index & 255}.7`);
      expect(answer.statusCode, `${q}: ${answer.body}`).toBe(200);
    }
    expect(t.app.caches.bytes().catalogue).toBeLessThanOrEqual(SEARCH_BOUNDS.maxBytes + 1024 * 1024);
    // The product answers were not pushed out by the searches.
    const listed = await t.app.inject({ method: 'GET', url: '/api/products?lang=en' });
    expect(listed.statusCode).toBe(200);
  });

  it('lets one client build 60 new searches a minute, and answers kept searches at any rate', async () => {
    const client = '192.0.2.44';
    for (let index = 0; index < 60; index += 1) expect((await search(`piece ${index}`, client)).statusCode).toBe(200);
    const refused = await search('piece another', client);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.headers['retry-after']).toBeDefined();
    // A search already kept costs nothing: still answered.
    expect((await search('piece 3', client)).statusCode).toBe(200);
    // Another client is not affected.
    expect((await search('piece another', '192.0.2.45')).statusCode).toBe(200);
  });

  it('takes the number of new searches a minute from SEARCH_RATE_LIMIT', async () => {
    const strict = await createTestApp({ SEARCH_RATE_LIMIT: '2' });
    try {
      await createProduct(strict.db, { categoryId: 1, priceCents: 5_000, name: 'Piece' });
      const ask = (q: string) =>
        strict.app.inject({ method: 'GET', url: `/api/products?q=${q}&lang=en`, remoteAddress: '192.0.2.60' });
      expect((await ask('one')).statusCode).toBe(200);
      expect((await ask('two')).statusCode).toBe(200);
      expect((await ask('three')).statusCode).toBe(429);
    } finally {
      await strict.close();
    }
  });
});
