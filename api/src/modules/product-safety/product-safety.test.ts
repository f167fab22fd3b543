import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.js';
import { bearer, type CreatedUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';

const t = useTestApp({ admin: true });

const putDetails = (product: { id: number }, payload: unknown, user: CreatedUser | null = t.admin) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/products/${product.id}/details`,
    headers: user ? bearer(user) : {},
    payload: payload as object,
  });

const SAFETY = {
  en: 'Keep away from open flame.\nCords: not for children under 7.',
  bg: 'Да се пази от открит огън.\nВръзки: не е за деца под 7 години.',
};
const MAKER = {
  name: 'Tekstil Plovdiv AD',
  address: 'ul. Industrialna 4, 4000 Plovdiv, Bulgaria',
  email: 'safety@tekstil.example',
};

describe('PUT /api/admin/products/{id}/details: safety and manufacturer', () => {
  it('sets the safety information in both languages and another manufacturer; the shop answers them in both languages', async () => {
    const product = await t.createProduct();
    const response = await putDetails(product, {
      safety: SAFETY,
      manufacturer: { ...MAKER, email: ' SAFETY@tekstil.example ' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      safety: SAFETY,
      manufacturer: { ...MAKER, email: 'SAFETY@tekstil.example' },
    });

    for (const lang of ['en', 'bg']) {
      const seen = await t.app.inject({ url: `/api/products/${product.id}?lang=${lang}` });
      expect(seen.statusCode).toBe(200);
      // The page picks its language; the answer carries both, as it does the translations.
      expect(seen.json()).toMatchObject({ safety: SAFETY, manufacturer: { name: MAKER.name, address: MAKER.address } });
    }
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `product:${product.id}`));
    expect(entry).toMatchObject({ action: 'product.details', actorId: t.admin.id });
    expect(entry?.detail).toMatchObject({ safety: SAFETY, manufacturer: { name: MAKER.name } });
  });

  it('names a manufacturer outside the Union with its responsible person in the EU, each with both addresses (Art. 19(b))', async () => {
    const product = await t.createProduct();
    const responsiblePerson = { name: 'EU Rep OOD', address: 'bul. Vitosha 1, 1000 Sofia', email: 'rep@eurep.example' };
    const maker = { name: 'Istanbul Tekstil AS', address: 'Merter, Istanbul, Türkiye', email: 'info@ist.example' };
    const set = await putDetails(product, { manufacturer: { ...maker, responsiblePerson } });
    expect(set.statusCode, set.body).toBe(200);
    const seen = await t.app.inject({ url: `/api/products/${product.id}?lang=bg` });
    expect(seen.json().manufacturer).toEqual({ ...maker, responsiblePerson });

    const refused = await putDetails(product, {
      manufacturer: { ...maker, responsiblePerson: { ...responsiblePerson, email: 'no' } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({
      'manufacturer.responsiblePerson.email': "Enter the responsible person's email as a valid email address.",
    });
    // null: none (a manufacturer in the Union).
    expect(
      (await putDetails(product, { manufacturer: { ...maker, responsiblePerson: null } })).json().manufacturer,
    ).toEqual({
      ...maker,
      responsiblePerson: null,
    });
  });

  it('keeps what is left out, falls back to the seller with null, and clears the safety information with null or both empty', async () => {
    const product = await t.createProduct();
    expect((await putDetails(product, { safety: SAFETY, manufacturer: MAKER })).statusCode).toBe(200);

    const kept = await putDetails(product, { styleCode: 'AN-SAFE-1' });
    expect(kept.json()).toMatchObject({ styleCode: 'AN-SAFE-1', safety: SAFETY, manufacturer: MAKER });

    const seller = await putDetails(product, { manufacturer: null });
    expect(seller.json()).toMatchObject({ safety: SAFETY, manufacturer: null });

    const emptied = await putDetails(product, { safety: { en: '  ', bg: '' } });
    expect(emptied.json()).toMatchObject({ safety: null });
    expect((await putDetails(product, { safety: SAFETY })).json().safety).toEqual(SAFETY);
    expect((await putDetails(product, { safety: null })).json().safety).toBeNull();

    // A product nobody set answers null for both: the page names the seller and no warning.
    const fresh = await t.app.inject({ url: `/api/products/${(await t.createProduct()).id}` });
    expect(fresh.json()).toMatchObject({ safety: null, manufacturer: null });
  });

  it('refuses safety information in one language only, and a manufacturer without a postal or a valid email address', async () => {
    const product = await t.createProduct();
    const english = await putDetails(product, { safety: { en: 'Keep away from fire.', bg: ' ' } });
    expect(english.statusCode).toBe(400);
    expect(english.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { 'safety.bg': 'Give the safety information in both English and Bulgarian.' },
    });
    const bulgarian = await putDetails(product, { safety: { en: '', bg: 'Да се пази от огън.' } });
    expect(bulgarian.json().fields).toEqual({
      'safety.en': 'Give the safety information in both English and Bulgarian.',
    });

    const maker = await putDetails(product, { manufacturer: { name: 'Tekstil', address: '', email: 'not-an-email' } });
    expect(maker.statusCode).toBe(400);
    expect(maker.json().fields).toEqual({
      'manufacturer.address': "Give the manufacturer's postal address.",
      'manufacturer.email': "Enter the manufacturer's email as a valid email address.",
    });
    const shape = await putDetails(product, { manufacturer: 'Tekstil', safety: 'Careful' });
    expect(shape.statusCode).toBe(400);
    expect(shape.json().fields).toMatchObject({
      manufacturer: expect.stringMatching(/name, address, email/),
      safety: expect.stringMatching(/en, bg/),
    });
    const long = await putDetails(product, { safety: { en: 'x'.repeat(2001), bg: 'x' } });
    expect(long.json().fields).toEqual({ 'safety.en': 'Safety information has at most 2000 characters.' });
    const control = await putDetails(product, { manufacturer: { ...MAKER, name: 'Tekstil\u0000' } });
    expect(control.json().fields).toMatchObject({ 'manufacturer.name': expect.stringMatching(/control characters/) });

    // Nothing refused was written.
    expect((await t.app.inject({ url: `/api/products/${product.id}` })).json()).toMatchObject({
      safety: null,
      manufacturer: null,
    });
  });

  it('is for admins only', async () => {
    const product = await t.createProduct();
    const shopper = await t.createUser();
    expect((await putDetails(product, { safety: SAFETY }, shopper)).statusCode).toBe(403);
    expect((await putDetails(product, { safety: SAFETY }, null)).statusCode).toBe(401);
    expect((await putDetails({ id: 999_999 }, { manufacturer: null })).statusCode).toBe(404);
  });
});
