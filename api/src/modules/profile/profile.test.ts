import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { userUploads, users } from '../../db/schema.js';
import { bearer, createUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { MESSAGES } from './service.js';

const t = useTestApp();

/** A multipart body with one file part (and optional text fields). */
function multipart(field: string, file: Buffer, filename = 'avatar.png', contentType = 'image/png') {
  const boundary = `----shop-test-${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const photo = (width = 900, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 125, g: 36, b: 49 } } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-camera-owner', Artist: 'Someone' } })
    .toBuffer();

async function upload(user: { token: string }, body: ReturnType<typeof multipart>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/profile/upload',
    ...body,
    headers: { ...body.headers, ...bearer(user) },
  });
}

describe('GET /api/profile', () => {
  it('answers the signed-in user in the contract shape, never the password hash', async () => {
    const user = await createUser(t.db, { name: 'Daria' });
    const response = await t.app.inject({ url: '/api/profile', headers: bearer(user) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: user.id,
      name: 'Daria',
      email: user.email,
      address: '',
      phone: '',
      profilePicture: null,
      role: 'USER',
      delivery: null,
      invoiceDetails: null,
      storeCredit: 0,
      newsletter: 'none',
    });
    // Private to the signed-in user: a browser or proxy may keep it only to revalidate it.
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.vary).toContain('authorization');
    expect(response.body).not.toContain('argon2');
  });

  it('answers 304 to its ETag while the profile is unchanged, and the new profile once it changed', async () => {
    const user = await createUser(t.db, { name: 'Etta' });
    const first = await t.app.inject({ url: '/api/profile', headers: bearer(user) });
    const etag = String(first.headers.etag);
    const again = await t.app.inject({ url: '/api/profile', headers: { ...bearer(user), 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(user),
      payload: { name: 'Etta Renamed', address: 'Sofia', phone: '+359 2 000' },
    });
    expect(saved.statusCode).toBe(200);
    const changed = await t.app.inject({ url: '/api/profile', headers: { ...bearer(user), 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Etta Renamed', address: 'Sofia', phone: '+359 2 000' });
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('answers 401 without a token, with a malformed one and with an unknown one', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer short' },
      { authorization: `Bearer ${'x'.repeat(43)}` },
      { authorization: 'Basic abc' },
    ]) {
      const response = await t.app.inject({ url: '/api/profile', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('UNAUTHORIZED');
    }
  });
});

describe('PUT /api/profile', () => {
  it('changes name, address and phone; the email and the role in the body are ignored', async () => {
    const user = await createUser(t.db);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(user),
      payload: {
        name: '  Viktor Ivanov ',
        address: 'ul. Vitosha 1, Sofia',
        phone: '+359 88 123 4567',
        email: 'evil@example.com',
        role: 'ADMIN',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: MESSAGES.saved });
    const profile = (await t.app.inject({ url: '/api/profile', headers: bearer(user) })).json();
    expect(profile).toMatchObject({
      name: 'Viktor Ivanov',
      address: 'ul. Vitosha 1, Sofia',
      phone: '+359 88 123 4567',
      email: user.email,
      role: 'USER',
    });
    const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, user.id));
    expect(row?.role).toBe('USER');
  });

  it('refuses a missing name, a malformed phone and over-long fields, and keeps the data', async () => {
    const user = await createUser(t.db, { name: 'Keeps' });
    const cases: [object, string][] = [
      [{ name: ' ', address: '', phone: '' }, 'name'],
      [{ address: 'x', phone: '' }, 'name'],
      [{ name: 'A', address: '', phone: 'call me maybe' }, 'phone'],
      [{ name: 'A', address: 'x'.repeat(301), phone: '' }, 'address'],
      [{ name: 'x'.repeat(101), address: '', phone: '' }, 'name'],
    ];
    for (const [payload, field] of cases) {
      const response = await t.app.inject({ method: 'PUT', url: '/api/profile', headers: bearer(user), payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().fields).toHaveProperty(field);
    }
    expect((await t.app.inject({ url: '/api/profile', headers: bearer(user) })).json().name).toBe('Keeps');
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/api/profile', payload: { name: 'X' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('avatar upload and save', () => {
  it('re-encodes the upload to a square WebP without metadata, serves it at once, and saves it to the profile', async () => {
    const user = await createUser(t.db);
    const response = await upload(user, multipart('profilePicture', await photo(), 'me.jpg', 'image/jpeg'));
    expect(response.statusCode, response.body).toBe(200);
    const { previewPath } = response.json<{ previewPath: string }>();
    expect(previewPath).toMatch(/^\/files\/[a-f0-9]{64}$/);

    const served = await t.app.inject(previewPath);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 400, height: 400 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes('secret-camera-owner')).toBe(false);

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/save',
      headers: bearer(user),
      payload: { profilePicture: previewPath },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ message: MESSAGES.saved });
    expect((await t.app.inject({ url: '/api/profile', headers: bearer(user) })).json().profilePicture).toBe(
      previewPath,
    );
  });

  it('refuses a file that is not an image, whatever its name and type say (415)', async () => {
    const user = await createUser(t.db);
    const fake = Buffer.from('<?php system($_GET["c"]); ?>'.padEnd(2000, ' '));
    const response = await upload(user, multipart('profilePicture', fake, 'avatar.png', 'image/png'));
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: 'Only JPEG, PNG and WebP images are accepted.',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await upload(user, multipart('profilePicture', gif, 'a.gif', 'image/gif'))).statusCode).toBe(415);
    expect(await t.db.select().from(userUploads).where(eq(userUploads.userId, user.id))).toHaveLength(0);
  });

  it('refuses an empty file, a missing field, a file over 2 MB and a non-multipart body', async () => {
    const user = await createUser(t.db);
    const empty = await upload(user, multipart('profilePicture', Buffer.alloc(0)));
    expect(empty.statusCode).toBe(400);
    const otherField = await upload(user, multipart('picture', await photo(50, 50)));
    expect(otherField.statusCode).toBe(400);
    expect(otherField.json().fields).toEqual({ profilePicture: MESSAGES.noFile });
    const huge = await upload(user, multipart('profilePicture', Buffer.alloc(2 * 1024 * 1024 + 10, 1)));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('PAYLOAD_TOO_LARGE');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/profile/upload',
      headers: bearer(user),
      payload: { profilePicture: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('answers 401 to an anonymous upload', async () => {
    const body = multipart('profilePicture', await photo(50, 50));
    const response = await t.app.inject({ method: 'POST', url: '/api/profile/upload', ...body });
    expect(response.statusCode).toBe(401);
  });

  it("saves only a picture this user uploaded: never another user's, an unknown one or a foreign URL", async () => {
    const owner = await createUser(t.db);
    const thief = await createUser(t.db);
    const { previewPath } = (await upload(owner, multipart('profilePicture', await photo(64, 64)))).json();
    const save = (profilePicture: string) =>
      t.app.inject({ method: 'PUT', url: '/api/profile/save', headers: bearer(thief), payload: { profilePicture } });

    const stolen = await save(previewPath);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toEqual({
      error: MESSAGES.unknownPicture,
      code: 'BAD_REQUEST',
      fields: { profilePicture: MESSAGES.unknownPicture },
    });
    expect((await save(`/files/${'b'.repeat(64)}`)).statusCode).toBe(400);
    for (const foreign of ['https://evil.example/a.png', 'javascript:alert(1)', '/files/../etc/passwd', '']) {
      const response = await save(foreign);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
    expect((await t.app.inject({ url: '/api/profile', headers: bearer(thief) })).json().profilePicture).toBeNull();
  });
});
