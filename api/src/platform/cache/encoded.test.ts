import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cachedAnswer, withSmallestBrotli, type CachedBody } from './encoded.js';

/** About the shape of a server-rendered page: markup and embedded JSON, 60 KB. */
const page = Buffer.from(
  Array.from(
    { length: 400 },
    (_, i) =>
      `<li class="_card_${i % 7}"><a href="/product/${i}">Product ${i * 7919}</a><p>${'x'.repeat(i % 50)}</p></li>`,
  ).join(''),
);

describe('withSmallestBrotli (server-rendered pages)', () => {
  it('keeps a smaller brotli than the default quality, and sends it to browsers that take brotli', async () => {
    const cached = await withSmallestBrotli<CachedBody>({ body: page, etag: '"p"' });
    expect(brotliDecompressSync(cached.br!).equals(page)).toBe(true);
    const usual = brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } });
    expect(cached.br!.length).toBeLessThan(usual.length);

    const answer = cachedAnswer(cached, { 'accept-encoding': 'gzip, deflate, br' });
    expect(answer).toMatchObject({ status: 200, encoding: 'br' });
    expect(answer.body).toBe(cached.br);
  });

  it('leaves a small body as it is', async () => {
    const cached = await withSmallestBrotli<CachedBody>({ body: Buffer.from('<p>hi</p>'), etag: '"s"' });
    expect(cached.br).toBeUndefined();
  });
});
