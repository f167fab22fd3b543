import { type Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { SIZES } from '@shop/contract';
import { openDatabase, type Db } from '../../api/src/db/client.js';
import { queryRows } from '../../api/src/db/rows.js';
import { exportCatalogueCsv } from '../../api/src/modules/catalogue-io/export.js';
import { googleFeed, metaFeed } from '../../api/src/modules/catalogue-io/feeds.js';
import { ATELIER_COLUMNS, type AtelierRow } from '../../api/src/modules/catalogue-io/formats.js';
import { applyImport, dryRunImport } from '../../api/src/modules/catalogue-io/import-service.js';
import { createUser } from '../../api/src/test/factories.js';
import { round, type Figure } from './lib.js';

/** 10,000 rows: 1,000 products × 2 colours × 5 sizes (YEAR.md section 7). */
const PRODUCTS = Number(process.env.BENCH_CATALOGUE_PRODUCTS ?? 1_000);
const COLOURS = [
  ['Onyx', 'Оникс'],
  ['Bone', 'Слонова кост'],
] as const;
const ROW_SIZES = SIZES.slice(0, 5);
const ROWS = PRODUCTS * COLOURS.length * ROW_SIZES.length;
const PUBLIC_URL = 'http://shop.test';

// A full collection before each stream, so the heap's baseline is what is live.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** This shop's format: every column filled as an owner's spreadsheet would (texts in both languages, a sale on every fifth). */
function catalogueCsv(): string {
  const rows: string[][] = [];
  for (let product = 1; product <= PRODUCTS; product += 1) {
    const code = `BENCH-${String(product).padStart(5, '0')}`;
    for (const [colorEn, colorBg] of COLOURS)
      for (const size of ROW_SIZES) {
        const row: Partial<AtelierRow> = {
          style_code: code,
          name_en: `Wool coat ${product}`,
          name_bg: `Вълнено палто ${product}`,
          description_en: 'A coat of the benchmark catalogue, cut long, lined, with two pockets.',
          description_bg: 'Палто от каталога за измерване: дълго, с подплата и два джоба.',
          category: 'elegance',
          price: `${100 + (product % 50)},90`,
          sale_price: product % 5 === 0 ? '79,90' : '',
          composition_en: '80% wool, 20% polyamide',
          composition_bg: '80% вълна, 20% полиамид',
          care_en: 'Dry clean only.',
          care_bg: 'Само химическо чистене.',
          fit: 'regular',
          color_en: colorEn,
          color_bg: colorBg,
          size,
          sku: `${code}-${colorEn.toUpperCase()}-${size}`,
          stock: String((product + size.length) % 9),
        };
        rows.push(ATELIER_COLUMNS.map((column) => row[column] ?? ''));
      }
  }
  return stringify(rows, { header: true, columns: [...ATELIER_COLUMNS] });
}

/** This process's CPU time (user and system) since `from`, in ms: what a loaded machine does not stretch. */
const cpuMs = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
};

/** Runs `work`: its wall-clock time and its CPU time, in ms. */
async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; cpu: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started, cpu: cpuMs(cpu) };
}

/**
 * Reads a stream to its end twice: once timed, then once more with a full collection every 4
 * chunks, for the live heap's highest growth over its baseline (garbage left between
 * collections is not memory the stream holds).
 */
async function drain(open: () => Readable) {
  let bytes = 0;
  const { ms, cpu } = await timed(async () => {
    for await (const chunk of open()) bytes += (chunk as Buffer | string).length;
  });
  gc();
  const baseline = process.memoryUsage().heapUsed;
  let peak = baseline;
  let chunks = 0;
  for await (const _chunk of open()) {
    chunks += 1;
    if (chunks % 4 === 0) {
      gc();
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
  }
  return { ms, cpu, bytes, heapGrowthMb: (peak - baseline) / 2 ** 20 };
}

/** Streamed in constant memory: the live heap grew by at most 8 MB (the body of 10,000 variants is 3–10 MB). */
const streamedFigure = (name: string, result: Awaited<ReturnType<typeof drain>>, targetMs: number): Figure => {
  const bodyMb = result.bytes / 2 ** 20;
  const constant = result.heapGrowthMb <= 8;
  return {
    section: 'catalogue',
    figure: name,
    value: round(result.ms, 0),
    unit: 'ms',
    target: `≤ ${targetMs} ms, heap ≤ +8 MB`,
    pass: result.ms <= targetMs && constant,
    detail: `CPU ${round(result.cpu, 0)} ms; ${round(bodyMb, 1)} MB sent; live heap's highest growth ${round(result.heapGrowthMb, 1)} MB (${constant ? 'streamed' : 'NOT streamed'})`,
  };
};

/**
 * The catalogue in and out (YEAR.md sections 5 and 7, decision 0058), in this process on an
 * in-memory PGlite: the import of 10,000 rows (dry run, then apply), then the export of the
 * 10,000 variants it made and each feed of them (published), read as a client reads a stream.
 */
export async function catalogue(): Promise<Figure[]> {
  const database = await openDatabase({});
  try {
    const db: Db = database.db;
    const admin = await createUser(db, { role: 'ADMIN' });
    const csv = catalogueCsv();

    const dryRun = await timed(() => dryRunImport(db, admin.id, { csv, format: 'atelier', lang: 'en' }));
    const summary = dryRun.result;
    if (summary.errors.length > 0) throw new Error(`the dry run found errors: ${summary.errors[0]!.message}`);
    const apply = await timed(() => applyImport(db, admin.id, summary.importId));
    const applied = apply.result;

    await db.execute(sql`update products set published_at = now() where style_code like 'BENCH-%'`);
    // A picture on every colour: the Google feed leaves out an item without one (decision 0066).
    await db.execute(
      sql`update product_colors c set image_url = '/files/' || repeat('b', 64) from products p where p.id = c.product_id and p.style_code like 'BENCH-%'`,
    );
    const [counted] = await queryRows(
      db,
      z.object({ variants: z.number() }),
      sql`select count(*)::int as variants from product_colors c join product_sizes s on s.product_id = c.product_id`,
    );
    const variants = counted?.variants ?? 0;

    const exported = await drain(() =>
      exportCatalogueCsv(db, { format: 'atelier', dialect: 'bg', publicUrl: PUBLIC_URL }),
    );
    const context = { publicUrl: PUBLIC_URL, currency: 'EUR', lang: 'bg' as const };
    const google = await drain(() => googleFeed(db, context));
    const meta = await drain(() => metaFeed(db, context));

    return [
      {
        section: 'catalogue',
        figure: `import of ${ROWS.toLocaleString('en')} rows: dry run`,
        value: round(dryRun.ms, 0),
        unit: 'ms',
        target: '≤ 10000 ms',
        pass: dryRun.ms <= 10_000 && summary.create === PRODUCTS,
        detail: `CPU ${round(dryRun.cpu, 0)} ms; ${summary.rows} rows → ${summary.create} products to create, ${summary.errors.length} errors (PGlite in memory)`,
      },
      {
        section: 'catalogue',
        figure: `import of ${ROWS.toLocaleString('en')} rows: apply`,
        value: round(apply.ms, 0),
        unit: 'ms',
        target: '≤ 30000 ms',
        pass: apply.ms <= 30_000 && applied.created === PRODUCTS,
        detail: `CPU ${round(apply.cpu, 0)} ms; ${applied.created} products created with their snapshots for undo (PGlite in memory)`,
      },
      streamedFigure(`export of ${variants} variants (this shop's format, bg)`, exported, 2_000),
      streamedFigure(`Google feed of ${variants} variants`, google, 1_000),
      streamedFigure(`Meta feed of ${variants} variants`, meta, 1_000),
    ];
  } finally {
    await database.close();
  }
}
