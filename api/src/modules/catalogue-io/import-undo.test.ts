import { stringify } from 'csv-stringify/sync';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productColors, products } from '../../db/schema.js';
import { bearer, createUser } from '../../test/factories.js';
import { addCartLine, checkout } from '../payments/test-support.js';
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
    // Who applied it, when and what, as the audit log keeps it.
    expect(await last()).toMatchObject({
      importId,
      undoable: true,
      appliedBy: { name: t.admin.name, email: t.admin.email },
      created: 1,
    });
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

describe('undo once an order names what the import created', () => {
  /** A published WooCommerce product whose stock is not counted: an order changes nothing of it. */
  const wooCsv = (code: string, colour: string) =>
    stringify([
      ['Type', 'SKU', 'Name', 'Published', 'Regular price', 'Categories', 'Attribute 1 name', 'Attribute 1 value(s)', 'Attribute 2 name', 'Attribute 2 value(s)', 'Stock'],
      ['simple', code, 'Ordered coat', '1', '120', 'elegance', 'Color', colour, 'Size', 'M', ''],
    ]); // prettier-ignore
  async function appliedWoo(code: string, colour: string) {
    const dry = await upload(wooCsv(code, colour), { format: 'woocommerce', lang: 'en' });
    expect(dry.json().errors).toEqual([]);
    expect((await act(dry.json().importId, 'apply')).statusCode).toBe(200);
    return dry.json().importId as number;
  }
  async function order(code: string, colour: string) {
    const id = await idOf(code);
    const colours = await t.db.select().from(productColors).where(eq(productColors.productId, id));
    const index = colours.findIndex((c) => c.colorName === colour);
    const buyer = await createUser(t.db);
    await addCartLine(t.db, buyer, { id, priceCents: 12_000, colors: colours, sizes: ['M'] }, { quantity: 1, color: index });
    await checkout(t.app, buyer);
  } // prettier-ignore

  it('is refused, naming the product, when the product it created was ordered while its stock was not counted', async () => {
    const code = `UN-ORD-${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
    const importId = await appliedWoo(code, 'Onyx');
    await order(code, 'Onyx');

    expect(await last()).toMatchObject({
      importId,
      undoable: false,
      superseded: true,
      orderedProduct: { styleCode: code, name: 'Ordered coat' },
    });
    const refused = await act(importId, 'undo');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'IMPORT_SUPERSEDED', error: expect.stringContaining(`Ordered coat (${code})`) });
    expect(await idOf(code)).toBeGreaterThan(0); // the product the order refers to is kept
  }); // prettier-ignore

  it('is refused when a colour it added to a product was ordered since', async () => {
    const code = `UN-COL-${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
    await appliedWoo(code, 'Onyx');
    const importId = await appliedWoo(code, 'Bone');
    await order(code, 'Bone');

    expect(await last()).toMatchObject({ importId, undoable: false, orderedProduct: { styleCode: code } });
    expect((await act(importId, 'undo')).statusCode).toBe(409);
    const colours = await t.db
      .select()
      .from(productColors)
      .where(eq(productColors.productId, await idOf(code)));
    expect(colours.map((c) => c.colorName).sort()).toEqual(['Bone', 'Onyx']);
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
