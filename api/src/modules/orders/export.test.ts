import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { createTestDatabase } from '../../test/database.js';
import { bearer, createProduct, createUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { addCartLine, TEST_DELIVERY } from '../payments/test-support.js';

const t = useTestApp({ admin: true });

const exportCsv = (query: string) =>
  t.app.inject({ url: `/api/admin/orders/export.csv?${query}`, headers: bearer(t.admin) });

describe('GET /api/admin/orders/export.csv: the day range', () => {
  it('refuses days the database cannot read with 400 before the file starts', async () => {
    for (const [query, field] of [
      ['from=0000-01-01', 'from'],
      ['to=1999-12-31', 'to'],
      ['from=0001-01-01&to=2026-01-01', 'from'],
    ] as const) {
      const refused = await exportCsv(query);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { [field]: 'A day from 2000-01-01 to 9999-12-31, as YYYY-MM-DD.' },
      });
    }
  });

  it('refuses a range whose first day comes after its last', async () => {
    const refused = await exportCsv('from=2026-02-01&to=2026-01-31');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { to: 'The first day comes before the last.' } });
  });

  it('exports the widest range it allows, and a single day', async () => {
    for (const query of ['from=2000-01-01&to=9999-12-31', 'from=2026-01-31&to=2026-01-31']) {
      const csv = await exportCsv(query);
      expect(csv.statusCode, query).toBe(200);
      expect(csv.body).toMatch(/^\uFEFForder_id,reference,created_at,status,/);
    }
  });
});

describe('GET /api/admin/orders/export.csv: a file cut short', () => {
  it('is logged with its cause: the status and headers are gone by then', async () => {
    const lines: string[] = [];
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-export-logs-'));
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', DATA_DIR: dataDir, PUBLIC_URL: 'http://shop.test' }),
      database,
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
      serveWebApp: false,
    });
    await app.ready();
    try {
      const owner = await createUser(database.db, { role: 'ADMIN' });
      // The database refuses the export's query once the header row has gone out.
      await database.db.execute(sql`alter table order_items rename column quantity to quantity_gone`);
      // The owner's browser gets a cut file: the response is destroyed mid-way.
      await expect(
        app.inject({ url: '/api/admin/orders/export.csv?from=2026-01-01', headers: bearer(owner) }),
      ).rejects.toThrow(/destroyed/);
      const logged = () => lines.map((line) => JSON.parse(line) as { msg: string });
      await vi.waitFor(() =>
        expect(logged()).toContainEqual(
          expect.objectContaining({
            msg: 'orders export failed mid-stream',
            from: '2026-01-01',
            err: expect.objectContaining({ message: expect.stringMatching(/quantity/) }),
          }),
        ),
      );
    } finally {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("GET /api/admin/orders/export.csv: a file a spreadsheet in the admin's language opens", () => {
  let orderId: number;
  beforeAll(async () => {
    const shopper = await createUser(t.db, { name: 'Мария; Иванова' });
    const product = await createProduct(t.db, {
      name: 'Onyx Hoodie',
      bgName: 'Суитшърт Оникс',
      colors: ['Onyx'],
      colorsBg: ['Оникс'],
      priceCents: 123456,
    });
    await addCartLine(t.db, shopper, product, { quantity: 2 });
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/session',
      headers: bearer(shopper),
      payload: { delivery: TEST_DELIVERY, paymentMethod: 'cod' },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    orderId = answer.json().orderId;
  });

  const rowsOf = (body: string, separator: string) => {
    expect(body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = body.slice(1).trim().split('\r\n');
    const columns = header!.split(separator);
    const line = rows.find((row) => row.startsWith(`${orderId}${separator}`))!;
    return { columns, line };
  };

  it("in Bulgarian (?lang=bg, or the request's language): a BOM, `;` between cells, a decimal comma and the VAT of each line", async () => {
    for (const headers of [{}, { 'accept-language': 'bg-BG,bg;q=0.9' }]) {
      const csv = await t.app.inject({
        url: `/api/admin/orders/export.csv${'accept-language' in headers ? '' : '?lang=bg'}`,
        headers: { ...bearer(t.admin), ...headers },
      });
      expect(csv.statusCode).toBe(200);
      const { columns, line } = rowsOf(csv.body, ';');
      expect(columns.slice(0, 3)).toEqual(['order_id', 'reference', 'created_at']);
      expect(columns).toContain('line_vat');
      // 2 × 1234,56 = 2469,12, of which VAT at 20 % is 411,52; a name with `;` is quoted.
      expect(line).toContain(';2;1234,56;0,00;2469,12;411,52;');
      expect(line).toContain('"Мария; Иванова"');
      // The product and its colour in Bulgarian, as the Bulgarian admin reads them elsewhere.
      expect(line).toContain(';Суитшърт Оникс;Оникс;');
    }
  });

  it('in English: `,` and a decimal point, with the same VAT column', async () => {
    const csv = await t.app.inject({
      url: '/api/admin/orders/export.csv?lang=en',
      headers: { ...bearer(t.admin), 'accept-language': 'bg' },
    });
    const { columns, line } = rowsOf(csv.body, ',');
    expect(columns.indexOf('line_vat')).toBe(columns.indexOf('line_total') + 1);
    expect(line).toContain(',2,1234.56,0.00,2469.12,411.52,');
    expect(line).toContain('Мария; Иванова');
    expect(line).toContain(',Onyx Hoodie,Onyx,');
  });

  it('writes the phone as text a spreadsheet keeps as typed: no apostrophe, no number, no formula (decision 0061)', async () => {
    for (const lang of ['bg', 'en']) {
      const csv = await t.app.inject({ url: `/api/admin/orders/export.csv?lang=${lang}`, headers: bearer(t.admin) });
      const { line } = rowsOf(csv.body, lang === 'bg' ? ';' : ',');
      expect(line).toContain('Ana Petrova' + (lang === 'bg' ? ';' : ',') + 'tel:+359 88 123 4567');
      expect(line).not.toContain("'+359");
    }
  });
});
