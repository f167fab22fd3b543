import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { count, eq, sql } from 'drizzle-orm';
import { buildApp } from '../../api/src/app.js';
import { loadConfig } from '../../api/src/config.js';
import { openDatabase, type Db } from '../../api/src/db/client.js';
import { effects, saleDocuments } from '../../api/src/db/schema.js';
import { SALE_DOCUMENT } from '../../api/src/modules/documents/effect-kinds.js';
import { issueSaleDocument } from '../../api/src/modules/documents/sale-document.js';
import { addCartLine, payOnTestPage, TEST_DELIVERY } from '../../api/src/modules/payments/test-support.js';
import { auditFile } from '../../api/src/modules/documents/audit-file.js';
import type { InvoiceRow } from '../../api/src/modules/documents/invoice.js';
import { invoicePdf } from '../../api/src/modules/documents/invoice-pdf.js';
import { emptyPostgresDatabase } from '../../api/src/robustness/support/postgres.js';
import { bearer, createProduct, createUser } from '../../api/src/test/factories.js';
import { percentile, round, type Figure } from './lib.js';

const PAYMENTS = 100;
const MONTH_ORDERS = 10_000;
const SMALL_MONTH_ORDERS = 1_000;

// A full collection before each run, so the heap's baseline is what is live (the bench runs without --expose-gc).
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * Sale records (TRADE.md section 7, decision 0042), in this process on a fresh PostgreSQL
 * database: 100 card payments confirmed at once through the payment page, then their 100 sale
 * documents issued at once as the outbox's effect does (numbered without a gap); and the audit file of a month of 10,000 delivered
 * orders, read to its end, with the heap's growth over its baseline (and for 1,000 orders, to
 * show it does not grow with the month).
 */
export async function records(): Promise<Figure[]> {
  const postgres = await emptyPostgresDatabase();
  const database = await openDatabase({ url: postgres.url });
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-records-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://shop.test',
    CURRENCY: 'EUR',
  });
  const app = await buildApp({ config, database, logger: false, serveWebApp: false });
  await app.ready();
  try {
    const figures = [...(await payments(app)), ...(await auditFiles(database.db)), ...(await invoicePdfs())];
    return figures;
  } finally {
    await app.close();
    await database.close();
    await postgres.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

type App = Awaited<ReturnType<typeof buildApp>>;

async function payments(app: App): Promise<Figure[]> {
  const product = await createProduct(app.db, { priceCents: 4999 });
  const sessions: string[] = [];
  for (let index = 0; index < PAYMENTS; index += 1) {
    const shopper = await createUser(app.db);
    await addCartLine(app.db, shopper, product);
    const placed = await app.inject({
      method: 'POST',
      url: '/api/checkout/session',
      headers: bearer(shopper),
      payload: { delivery: TEST_DELIVERY, paymentMethod: 'card' },
    });
    if (placed.statusCode !== 201) throw new Error(`checkout answered ${placed.statusCode}`);
    sessions.push(placed.json<{ sessionId: string }>().sessionId);
  }
  // The outbox is stopped: the documents are issued below as its SALE_DOCUMENT effect does, all
  // at once, without the confirmation mails (whose PDFs the effects and PDF figures measure).
  await app.outbox.stop();
  const started = performance.now();
  await Promise.all(sessions.map((sessionId) => payOnTestPage(app, sessionId)));
  const confirmedMs = performance.now() - started;
  const due = await app.db
    .select({ orderId: sql<number>`(${effects.payload} ->> 'orderId')::int` })
    .from(effects)
    .where(eq(effects.kind, SALE_DOCUMENT.name));
  if (due.length !== PAYMENTS) throw new Error(`${due.length} sale-document effects written, not ${PAYMENTS}`);
  // The built-in test page stands in for the provider here: its payments are sales.
  await Promise.all(due.map(({ orderId }) => issueSaleDocument(app.db, orderId, 'stand-in')));
  const ms = performance.now() - started;
  const numbers = (await app.db.select({ number: saleDocuments.number }).from(saleDocuments))
    .map((row) => Number(row.number))
    .sort((a, b) => a - b);
  const gapless = numbers.length === PAYMENTS && numbers.every((number, index) => number === numbers[0]! + index);
  return [
    {
      section: 'records',
      figure: `${PAYMENTS} card payments confirmed at once → sale documents`,
      value: round(ms, 0),
      unit: 'ms',
      target: '≤ 2000 ms, no gap',
      pass: ms <= 2000 && gapless,
      detail: `payments confirmed in ${round(confirmedMs, 0)} ms; ${numbers.length} documents, numbers ${numbers[0]}–${numbers.at(-1)}, ${gapless ? 'consecutive' : 'NOT consecutive'}`,
    },
  ];
}

/**
 * `orders` delivered card and cash-on-delivery orders in the month, each with two lines, delivery,
 * and its sale document (the snapshot issue.ts writes), and a refund for every tenth: by SQL.
 */
async function seedMonth(db: Db, orders: number, month: number, firstNumber: number) {
  const at = `2026-${String(month).padStart(2, '0')}-15T10:00:00Z`;
  await db.execute(sql`
    with made as (
      insert into orders (status, payment_method, fulfilment, currency, subtotal_cents, discount_cents,
        delivery_cents, total_cents, payment_provider, payment_reference, paid_at, delivered_at)
      select 'paid', case when g % 2 = 0 then 'card' else 'cod' end, 'delivered', 'EUR', 9998, 500, 499, 9997,
        'local', 'pi_local_' || g, ${at}::timestamptz, ${at}::timestamptz + (g || ' seconds')::interval
      from generate_series(1, ${orders}) g
      returning id, payment_method, reference, delivered_at, payment_reference
    ), items as (
      insert into order_items (order_id, product_id, name, name_bg, color_name, size, unit_price_cents, quantity, discount_cents)
      select id, 1, 'Linen dress', 'Ленена рокля', 'Sand', 'M', 4999, 2, 500 from made
    ), documents as (
      insert into sale_documents (number, order_id, issued_at, e_shop_number, vat_rate, total_cents, payment_method,
        provider_reference, qr, data)
      select lpad((${firstNumber} + row_number() over (order by id))::text, 10, '0'), id, delivered_at, 'RF0001234', 20,
        9997, payment_method, case when payment_method = 'card' then payment_reference end, '',
        jsonb_build_object('seller', '{}'::jsonb, 'orderReference', reference, 'locale', 'bg', 'currency', 'EUR',
          'lines', jsonb_build_array(
            jsonb_build_object('name', 'Linen dress, Sand, M', 'nameBg', 'Ленена рокля, Пясък, M', 'taxGroup', 'Б',
              'quantity', 2, 'unitPriceCents', 4999, 'discountCents', 500, 'valueCents', 9498, 'vatCents', 1583),
            jsonb_build_object('name', 'Delivery', 'nameBg', 'Доставка', 'taxGroup', 'Б',
              'quantity', 1, 'unitPriceCents', 499, 'discountCents', 0, 'valueCents', 499, 'vatCents', 83)),
          'subtotalCents', 10497, 'discountCents', 500, 'vatCents', 1666)
      from made
    )
    insert into refunds (order_id, amount_cents, idempotency_key, created_at)
    select id, 1000, 'bench-' || id, delivered_at from made where id % 10 = 0`);
}

/**
 * Reads the month's file to its end: milliseconds and bytes; with `live`, the heap's peak growth
 * over its baseline, measured after a full collection every few chunks (what the generation
 * holds, not the garbage a collector has not reached yet; slower, so timed apart).
 */
async function measureFile(db: Db, month: number, live = false) {
  gc();
  const baseline = process.memoryUsage().heapUsed;
  let peak = baseline;
  const started = performance.now();
  let bytes = 0;
  let chunks = 0;
  const file = await auditFile(db, { currency: 'EUR', testPayments: 'stand-in' }, { year: 2026, month });
  for await (const chunk of file) {
    bytes += (chunk as Buffer).length;
    chunks += 1;
    if (live && chunks % 4 === 0) {
      gc();
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
  }
  return { ms: performance.now() - started, bytes, growthMb: (peak - baseline) / 2 ** 20 };
}

async function auditFiles(db: Db): Promise<Figure[]> {
  await db.execute(sql`update records_settings set e_shop_number = 'RF0001234', domain = 'shop.example.bg',
    payment_provider_id = '175325806' where id = 1`);
  await db.execute(sql`insert into shop_settings (id, seller_company_id) values (1, '206123451')
    on conflict (id) do update set seller_company_id = '206123451'`);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(saleDocuments);
  await seedMonth(db, SMALL_MONTH_ORDERS, 4, 1_000_000 + n);
  await seedMonth(db, MONTH_ORDERS, 3, 2_000_000 + n);
  await db.execute(sql`analyze`);
  // One run to warm the statements and the code up, then the measured ones.
  await measureFile(db, 4);
  const small = await measureFile(db, 4);
  const large = await measureFile(db, 3);
  const smallLive = await measureFile(db, 4, true);
  const largeLive = await measureFile(db, 3, true);
  const constant = largeLive.growthMb <= Math.max(8, smallLive.growthMb * 2);
  const [documents] = await db
    .select({ n: count() })
    .from(saleDocuments)
    .where(eq(saleDocuments.eShopNumber, 'RF0001234'));
  return [
    {
      section: 'records',
      figure: `audit file, a month of ${MONTH_ORDERS.toLocaleString('en')} orders`,
      value: round(large.ms, 0),
      unit: 'ms',
      target: '≤ 2000 ms',
      pass: large.ms <= 2000,
      detail: `${round(large.bytes / 2 ** 20, 1)} MB of XML, ${documents?.n ?? 0} documents seeded`,
    },
    {
      section: 'records',
      figure: `audit file live heap growth, ${MONTH_ORDERS.toLocaleString('en')} vs ${SMALL_MONTH_ORDERS.toLocaleString('en')} orders`,
      value: `${round(largeLive.growthMb, 2)} vs ${round(smallLive.growthMb, 2)}`,
      unit: 'MB',
      target: 'constant (≤ 8 MB or ≤ 2× the small month)',
      pass: constant,
      detail: `${SMALL_MONTH_ORDERS.toLocaleString('en')} orders: ${round(small.ms, 0)} ms, ${round(small.bytes / 2 ** 20, 1)} MB of XML`,
    },
  ];
}

const INVOICE_RENDERS = 200;

/** An invoice of three lines and delivery, to a Bulgarian company, as issue.ts records it. */
function benchInvoice(): InvoiceRow {
  const line = (name: string, nameBg: string, valueCents: number) => ({
    name,
    nameBg,
    quantity: 1,
    unitNetCents: Math.round(valueCents / 1.2),
    valueCents,
    netCents: Math.round(valueCents / 1.2),
    vatCents: valueCents - Math.round(valueCents / 1.2),
    vatRate: 20,
  });
  const lines = [
    line('Noir Silk Bomber, Onyx, M', 'Копринен бомбър Noir, Оникс, M', 28900),
    line('Pump Cover Hoodie, Slate Blue, L', 'Суитшърт Pump Cover, Синьо-сиво, L', 8900),
    line('Stride Training Short, Black, M', 'Тренировъчни шорти Stride, Черно, M', 4500),
    line('Delivery', 'Доставка', 499),
  ];
  const netCents = lines.reduce((sum, each) => sum + each.netCents, 0);
  const vatCents = lines.reduce((sum, each) => sum + each.vatCents, 0);
  const now = new Date();
  return {
    id: 1,
    kind: 'invoice',
    number: '0000000042',
    orderId: 1,
    invoiceId: null,
    refundId: null,
    issuedAt: now,
    taxEventAt: now,
    recipient: {
      companyName: 'Ноар Трейдинг ООД',
      companyId: '020469788',
      vatId: 'BG020469788',
      address: 'ул. „Раковски“ 12',
      city: 'София',
      country: 'BG',
    },
    totalCents: netCents + vatCents,
    vatCents,
    createdAt: now,
    data: {
      seller: {
        legalName: 'Ателие Ноар ЕООД',
        address: 'ул. „Граф Игнатиев“ 12, 1000 София',
        companyId: '206123451',
        vatId: 'BG206123451',
        email: 'hello@atelier-noir.example',
        phone: '+359 2 000 0000',
      },
      orderReference: '94F5B058CA5A',
      currency: 'EUR',
      paymentMethod: 'card',
      lines,
      rates: [{ rate: 20, netCents, vatCents }],
    },
  };
}

/** An invoice's PDF rendered one after another (TRADE.md section 7: p99 ≤ 150 ms), after ten to warm up. */
async function invoicePdfs(): Promise<Figure[]> {
  const invoice = benchInvoice();
  for (let warm = 0; warm < 10; warm += 1) await invoicePdf(invoice);
  const times: number[] = [];
  for (let index = 0; index < INVOICE_RENDERS; index += 1) {
    const started = performance.now();
    await invoicePdf(invoice);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p99 = percentile(times, 99);
  return [
    {
      section: 'records',
      figure: 'invoice PDF rendered (p99)',
      value: round(p99, 1),
      unit: 'ms',
      target: '≤ 150 ms',
      pass: p99 <= 150,
      detail: `${INVOICE_RENDERS} renders: p50 ${round(percentile(times, 50), 1)} ms, max ${round(times.at(-1)!, 1)} ms`,
    },
  ];
}
