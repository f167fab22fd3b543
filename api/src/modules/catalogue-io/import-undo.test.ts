import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../../db/schema.js';
import { bearer } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import type { AtelierRow } from './formats.js';
import { unchangedSince } from './import-snapshot.js';
import { atelierCsv, importCalls } from './test-support.js';

/** The undo of an import is refused once a later edit touched one of its products (YEAR.md section 5). */
const t = useTestApp({ admin: true });
const { upload, act, last } = importCalls(t);

const skirt = (code: string, row: Partial<AtelierRow> = {}) => ({
  style_code: code,
  name_en: 'Skirt',
  name_bg: 'Пола',
  category: 'elegance',
  price: '60.00',
  color_en: 'Onyx',
  size: 'M',
  stock: '3',
  ...row,
});

async function applied(rows: Partial<AtelierRow>[]) {
  const dry = await upload(atelierCsv(rows));
  expect(dry.json().errors).toEqual([]);
  expect((await act(dry.json().importId, 'apply')).statusCode).toBe(200);
  return dry.json().importId as number;
}

const idOf = async (styleCode: string) =>
  (await t.db.select({ id: products.id }).from(products).where(eq(products.styleCode, styleCode)))[0]!.id;

const editDetails = (id: number, body: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/products/${id}/details`, headers: bearer(t.admin), payload: body });

describe('undo after a later edit of the safety panel', () => {
  const edits: [string, Record<string, unknown>][] = [
    ['its manufacturer', { manufacturer: { name: 'Fabrika OOD', address: 'ul. Vitosha 1, Sofia', email: 'f@example.com' } }],
    ['its safety information', { safety: { en: 'Keep away from fire.', bg: 'Да се пази от огън.' } }],
    ['final sale', { finalSale: true }],
    ['sealed for hygiene', { hygieneSealed: true }],
  ]; // prettier-ignore

  it.each(edits)('is refused once %s was set on a product the import created (409 IMPORT_SUPERSEDED)', async (_what, body) => {
    const code = `UN-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    const importId = await applied([skirt(code)]);
    expect(await last()).toMatchObject({ importId, undoable: true });
    const edited = await editDetails(await idOf(code), body);
    expect(edited.statusCode, edited.body).toBe(200);

    expect(await last()).toMatchObject({ importId, undoable: false, superseded: true });
    const refused = await act(importId, 'undo');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('IMPORT_SUPERSEDED');
    expect(await idOf(code)).toBeGreaterThan(0); // the product and its edit are kept
  }); // prettier-ignore

  it('still undoes an import whose products nobody touched since', async () => {
    const importId = await applied([skirt('UN-KEPT'), skirt('UN-KEPT', { size: 'L' })]);
    const undone = await act(importId, 'undo');
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await t.db.select().from(products).where(eq(products.styleCode, 'UN-KEPT'))).toEqual([]);
  });
});

describe('an import applied before the safety panel was snapshotted', () => {
  it("compares the product's fields it kept, and only those", () => {
    const kept = { product: { priceCents: 100 }, sizes: ['M'] };
    expect(unchangedSince({ product: { priceCents: 100, finalSale: true }, sizes: ['M'] }, kept)).toBe(true);
    expect(unchangedSince({ product: { priceCents: 90, finalSale: false }, sizes: ['M'] }, kept)).toBe(false);
    expect(unchangedSince({ product: { priceCents: 100, finalSale: false }, sizes: ['L'] }, kept)).toBe(false);
    expect(unchangedSince(null, kept)).toBe(false);
  });
});
