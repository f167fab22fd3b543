// @module-tag engine: stored files go through each driver's bytea.
import { deflateSync } from 'node:zlib';
import { UPLOAD_MAX_BYTES } from '@shop/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../db/schema.js';
import { statusOf } from '../lib/error-handler.js';
import { AppError } from '../lib/errors.js';
import { multipart, testImage } from '../test/uploads.js';
import { storeImage } from '../platform/files/images.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, createProduct, createUser, type CreatedUser } from '../test/factories.js';

/**
 * A corpus of hostile uploads (ARCHITECTURE section 9), sent to the image intake itself and to
 * every upload endpoint: each is refused with a clear 4xx, or stored re-encoded as WebP with
 * nothing of the original's extras left.
 */
let t: TestApp;
let admin: CreatedUser;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { role: 'ADMIN' });
  productId = (await createProduct(t.db)).id;
});
afterAll(() => t.close());

/** A PNG chunk: length, type, data, CRC-32 of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A complete, valid 1-bit PNG of side × side black pixels: tens of KB on disk, 400 megapixels decoded. */
function pixelFlood(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const raw = Buffer.alloc(side * (1 + Math.ceil(side / 8))); // filter byte + packed row, all zero
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG with a comment segment carrying HTML and script, right after the SOI marker. */
function withJpegComment(jpeg: Buffer, comment: string): Buffer {
  const text = Buffer.from(comment, 'latin1');
  const segment = Buffer.alloc(4);
  segment.set([0xff, 0xfe], 0);
  segment.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, text, jpeg.subarray(2)]);
}

const HTML = '<html><body><script>alert(document.cookie)</script></body></html>';
const GPS_MARK = 'Shot at the secret studio';

interface Case {
  name: string;
  bytes: () => Promise<Buffer>;
  filename: string;
  type: string;
  /** The status the intake must answer; 200 means stored, and then sanitised. */
  expected: 200 | 400 | 413 | 415;
}

const corpus: Case[] = [
  {
    name: 'a text file named .png',
    bytes: async () => Buffer.from('just some text, not an image\n'),
    filename: 'photo.png',
    type: 'image/png',
    expected: 415,
  },
  {
    name: 'an SVG with a script',
    bytes: async () =>
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>`,
      ),
    filename: 'logo.png',
    type: 'image/svg+xml',
    expected: 415,
  },
  {
    name: 'an HTML page with a JPEG appended',
    bytes: async () => Buffer.concat([Buffer.from(HTML), await testImage('#223344', { format: 'jpeg' })]),
    filename: 'polyglot.jpg',
    type: 'image/jpeg',
    expected: 415,
  },
  {
    name: 'a JPEG carrying HTML in a comment (polyglot)',
    bytes: async () => withJpegComment(await testImage('#334455', { format: 'jpeg' }), HTML),
    filename: 'polyglot.jpg',
    type: 'image/jpeg',
    expected: 200,
  },
  {
    name: 'a 20000×20000 PNG (pixel flood)',
    bytes: async () => pixelFlood(20_000),
    filename: 'flood.png',
    type: 'image/png',
    expected: 413,
  },
  {
    name: 'a truncated JPEG',
    bytes: async () => {
      const jpeg = await testImage('#445566', { format: 'jpeg', width: 800, height: 1000 });
      return jpeg.subarray(0, Math.floor(jpeg.length / 2));
    },
    filename: 'cut.jpg',
    type: 'image/jpeg',
    expected: 415,
  },
  {
    name: 'a JPEG with EXIF GPS',
    bytes: async () =>
      sharp(await testImage('#556677', { format: 'jpeg' }))
        .withExif({
          IFD0: { ImageDescription: GPS_MARK, Make: 'SpyCam' },
          IFD3: {
            GPSLatitudeRef: 'N',
            GPSLatitude: '42/1 41/1 3/1',
            GPSLongitudeRef: 'E',
            GPSLongitude: '23/1 19/1 19/1',
          },
        })
        .jpeg()
        .toBuffer(),
    filename: 'holiday.jpg',
    type: 'image/jpeg',
    expected: 200,
  },
  {
    name: 'an over-size file',
    bytes: async () => {
      const png = await testImage('#667788');
      return Buffer.concat([png, Buffer.alloc(UPLOAD_MAX_BYTES + 1 - png.length + 1024)]);
    },
    filename: 'huge.png',
    type: 'image/png',
    expected: 413,
  },
];

/** Whatever was stored must be a plain WebP: no EXIF, no XMP, none of the input's text. */
async function expectSanitised(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  expect(meta.format).toBe('webp');
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  const text = bytes.toString('latin1');
  expect(text).not.toContain('<script');
  expect(text).not.toContain(GPS_MARK);
  expect(text).not.toContain('SpyCam');
}

async function storedBytes(url: string): Promise<Buffer> {
  const response = await t.app.inject(url);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('image/webp');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  return response.rawPayload;
}

describe('the image intake (storeImage)', () => {
  it.each(corpus)('$name → $expected', async ({ bytes, expected }) => {
    const input = await bytes();
    if (expected === 200) {
      if (input.includes(GPS_MARK)) expect((await sharp(input).metadata()).exif).toBeDefined();
      const stored = await storeImage(t.db, input, 'product');
      const [row] = await t.db.select().from(files).where(eq(files.id, stored.id));
      await expectSanitised(Buffer.from(row!.bytes));
    } else {
      const refused = await storeImage(t.db, input, 'avatar').then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(AppError);
      expect(statusOf(refused as AppError)).toBe(expected);
    }
  });
});

describe('the upload endpoints', () => {
  it.each(corpus)('profile picture: $name → $expected', async ({ bytes, filename, type, expected }) => {
    const user = await createUser(t.db);
    const form = await multipart({}, { profilePicture: { bytes: await bytes(), filename, type } });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/profile/upload',
      headers: { ...bearer(user), ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(expected);
    if (expected === 200) await expectSanitised(await storedBytes(response.json().previewPath));
    else expect(response.json()).toEqual({ error: expect.any(String), code: expect.any(String) });
  });

  it.each(corpus)('product image: $name → $expected', async ({ bytes, filename, type, expected }) => {
    const form = await multipart({ productId }, { mainImage: { bytes: await bytes(), filename, type } });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products/upload-images',
      headers: { ...bearer(admin), ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(expected);
    if (expected !== 200) {
      expect(response.json()).toEqual({ error: expect.any(String), code: expect.any(String) });
      return;
    }
    const product = (await t.app.inject({ url: `/api/products/${productId}`, headers: bearer(admin) })).json();
    await expectSanitised(await storedBytes(product.imageUrl));
  });

  it('refuses a multipart body of 1,000 parts with 413, before reading them all', async () => {
    const fields = Object.fromEntries(Array.from({ length: 1000 }, (_, index) => [`field${index}`, 'x']));
    const user = await createUser(t.db);
    for (const [url, who] of [
      ['/api/profile/upload', user],
      ['/api/products/upload-images', admin],
    ] as const) {
      const form = await multipart(fields, { profilePicture: await testImage('#778899') });
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(who), ...form.headers },
        payload: form.payload,
      });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(413);
      expect(response.json()).toEqual({ error: expect.any(String), code: 'PAYLOAD_TOO_LARGE' });
    }
  });
});
