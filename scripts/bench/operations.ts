import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { openDatabase } from '../../api/src/db/client.js';
import { queryRows } from '../../api/src/db/rows.js';
import { TEST_DELIVERY } from '../../api/src/modules/payments/test-support.js';
import { emptyPostgresDatabase } from '../../api/src/robustness/support/postgres.js';
import { createUser } from '../../api/src/test/factories.js';
import { startBenchServer, stopBenchServer } from './fixture.js';
import { httpClient, percentile, round, rssMb, sleep, type Figure } from './lib.js';

/**
 * Running the shop at scale (docs/performance.md), on a PostgreSQL database of its own:
 * 5,000 products (search, sitemap), 100,000 orders (the admin's list and CSV export), and the
 * last 10 of a jacket wanted by 100 shoppers at once (no oversell, and how long it takes).
 */
const PRODUCTS = 5000;
const ORDERS = 100_000;
const WORDS = ['jacket', 'hoodie', 'tee', 'coat', 'trousers', 'яке', 'суитшърт', 'тениска', 'палто', 'панталон'];
/** An order's delivery as the checkout stores it (every field, null where it does not apply). */
const ORDER_DELIVERY = { ...TEST_DELIVERY, office: null, note: null };
const FABRICS = ['wool', 'silk', 'linen', 'cotton', 'вълна', 'коприна', 'лен', 'памук'];

async function seed(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  await db.execute(sql`
    insert into products (category_id, price_cents, image_url, published_at, stock_tracked)
    select 1 + i % 3, 2000 + (i * 37) % 30000, '/files/' || repeat('a', 64), now(), true
    from generate_series(1, ${PRODUCTS}) i`);
  await db.execute(sql`
    insert into product_translations (product_id, language, name, description, image_url)
    select p.id, l.language,
      case l.language when 'en' then initcap(${sql.raw(`(array['${FABRICS.slice(0, 4).join("','")}'])`)}[1 + p.id % 4]) || ' '
          || ${sql.raw(`(array['${WORDS.slice(0, 5).join("','")}'])`)}[1 + p.id % 5] || ' ' || p.id
        else initcap(${sql.raw(`(array['${WORDS.slice(5).join("','")}'])`)}[1 + p.id % 5]) || ' от '
          || ${sql.raw(`(array['${FABRICS.slice(4).join("','")}'])`)}[1 + p.id % 4] || ' ' || p.id end,
      'A piece of the benchmark catalogue, number ' || p.id || '.', p.image_url
    from products p cross join (values ('en'), ('bg')) l(language)`);
  await db.execute(sql`
    insert into product_colors (product_id, color_name, image_url, hover_image, position)
    select p.id, c.name, p.image_url, p.image_url, c.position
    from products p cross join (values ('Onyx', 0), ('Bone', 1)) c(name, position)`);
  await db.execute(sql`
    insert into product_sizes (product_id, size)
    select p.id, s.size from products p cross join (values ('S'), ('M'), ('L'), ('XL')) s(size)`);
  await db.execute(sql`
    insert into product_stock (product_id, color_id, size, on_hand)
    select c.product_id, c.id, s.size, (c.id * 7 + length(s.size)) % 12
    from product_colors c join product_sizes s on s.product_id = c.product_id`);
  const buyers = await Promise.all(Array.from({ length: 20 }, () => createUser(db)));
  const ids = `{${buyers.map((buyer) => buyer.id).join(',')}}`;
  await db.execute(sql`
    insert into orders (user_id, email, status, payment_method, fulfilment, currency, subtotal_cents, delivery_cents,
      total_cents, payment_provider, created_at, paid_at, delivery)
    select (${ids}::int[])[1 + i % 20], 'buyer' || i % 20 || '@example.com',
      (array['paid', 'paid', 'placed', 'cancelled', 'refunded'])[1 + i % 5],
      case when i % 5 = 2 then 'cod' else 'card' end,
      (array['unfulfilled', 'shipped', 'delivered'])[1 + i % 3],
      'EUR', 5000 + i % 9000, 690, 5690 + i % 9000, 'local',
      now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval,
      ${JSON.stringify(ORDER_DELIVERY)}::jsonb
    from generate_series(1, ${ORDERS}) i`);
  await db.execute(sql`
    insert into order_items (order_id, product_id, color_id, name, color_name, size, unit_price_cents, quantity, image_url)
    select o.id, 1 + o.id % ${PRODUCTS}, null, 'Benchmark piece ' || o.id % 97, 'Onyx', 'M', o.subtotal_cents, 1, ''
    from orders o`);
  // 100,000 orders come over months, and autovacuum has long since passed over them (visibility map, statistics).
  await db.execute(sql`vacuum analyze`);
  return buyers;
}

/** Latencies of `count` requests, `concurrency` at a time; the statuses seen. */
async function timed(
  count: number,
  concurrency: number,
  send: (index: number) => Promise<{ status: number; ms: number }>,
) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const answer = await send((next += 1));
        latencies.push(answer.ms);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const bad = [...statuses].filter(([status]) => status !== 200).reduce((sum, [, n]) => sum + n, 0);
  return { p50: round(percentile(latencies, 50), 1), p99: round(percentile(latencies, 99), 1), bad, statuses };
}

export async function operations(): Promise<Figure[]> {
  const postgres = await emptyPostgresDatabase();
  const database = await openDatabase({ url: postgres.url });
  const figures: Figure[] = [];
  try {
    console.log(`  seeding ${PRODUCTS.toLocaleString('en')} products and ${ORDERS.toLocaleString('en')} orders…`);
    await seed(database.db);
    const admin = await createUser(database.db, { role: 'ADMIN' });
    const server = await startBenchServer('API on PostgreSQL', { DATABASE_URL: postgres.url });
    const client = httpClient(server.url);
    const asAdmin = { authorization: `Bearer ${admin.token}` };
    try {
      // Search: 600 reads over 200 different searches (a third of them build their answer).
      const variations = ['', '&sort=price_asc', '&size=M', '&sort=name'];
      const searches = Array.from({ length: 200 }, (_, index) => {
        const q = encodeURIComponent(`${WORDS[index % WORDS.length]} ${index % 50}`);
        return `/api/products?lang=${index % 2 ? 'bg' : 'en'}&limit=48&q=${q}${variations[index % 4]}`;
      });
      // Each language's search index is built once per catalogue change: warm both, as a shop running
      // for a minute has.
      await client.send('GET', searches[0]!);
      await client.send('GET', searches[1]!);
      const search = await timed(600, 4, (index) => client.send('GET', searches[index % searches.length]!));
      figures.push({
        section: 'operations',
        figure: `search, ${PRODUCTS} products: p50 / p99`,
        value: `${search.p50} / ${search.p99} ms`,
        target: 'p99 ≤ 50 ms',
        pass: search.p99 <= 50 && search.bad === 0,
        detail: JSON.stringify(Object.fromEntries(search.statuses)),
      });

      // The sitemap, built afresh after a catalogue change (the cached one answers in microseconds).
      const builds: number[] = [];
      for (let round = 0; round < 5; round += 1) {
        await database.db.execute(sql`update products set updated_at = now() where id = ${round + 1}`);
        await sleep(300);
        const answer = await client.send('GET', '/sitemap.xml');
        if (answer.status !== 200) throw new Error(`sitemap.xml answered ${answer.status}`);
        builds.push(answer.ms);
      }
      builds.sort((a, b) => a - b);
      figures.push({
        section: 'operations',
        figure: `sitemap.xml, ${PRODUCTS} products, built afresh: median / worst of 5`,
        value: `${round(builds[2]!, 0)} / ${round(builds[4]!, 0)} ms`,
        target: '≤ 300 ms',
        pass: builds[4]! <= 300,
      });

      // The admin's order list: filtered pages deep into 100,000 orders.
      const filters = ['', '&status=paid', '&fulfilment=shipped', '&status=placed&fulfilment=unfulfilled'];
      const pages = (index: number) =>
        `/api/admin/orders?page=${1 + ((index * 37) % 200)}&limit=50${filters[index % filters.length]}`;
      // Each filter's total is counted once until an order is written (the change feed drops them):
      // warm them, as a shop between two orders has; the recount is timed on its own below.
      for (const filter of filters) await client.send('GET', `/api/admin/orders?limit=50${filter}`, asAdmin);
      const list = await timed(250, 4, (index) => client.send('GET', pages(index), asAdmin));
      figures.push({
        section: 'operations',
        figure: `admin orders page, ${ORDERS.toLocaleString('en')} orders: p50 / p99`,
        value: `${list.p50} / ${list.p99} ms`,
        target: 'p99 ≤ 100 ms',
        pass: list.p99 <= 100 && list.bad === 0,
        detail: JSON.stringify(Object.fromEntries(list.statuses)),
      });

      // An order is written: every filter's first page counts its total afresh.
      await database.db.execute(sql`update orders set fulfilment = fulfilment where id = 1`);
      await sleep(300);
      const recounts: number[] = [];
      for (const filter of filters) {
        const answer = await client.send('GET', `/api/admin/orders?limit=50${filter}`, asAdmin);
        if (answer.status !== 200) throw new Error(`the admin orders list answered ${answer.status}`);
        recounts.push(answer.ms);
      }
      figures.push({
        section: 'operations',
        figure: `admin orders first page after an order is written (total counted afresh): worst of ${filters.length} filters`,
        value: `${round(Math.max(...recounts), 1)} ms`,
        pass: null,
      });

      // Finding an order by the shopper's email, name or phone reads them all: reported, without a target.
      const found = await timed(20, 2, (index) =>
        client.send('GET', `/api/admin/orders?q=${encodeURIComponent(`buyer${index % 20}@`)}`, asAdmin),
      );
      figures.push({
        section: 'operations',
        figure: `admin orders search by email, ${ORDERS.toLocaleString('en')} orders: p50 / p99`,
        value: `${found.p50} / ${found.p99} ms`,
        pass: found.bad === 0 ? null : false,
      });

      // The CSV export of all of them streams: the server's memory hardly grows.
      const before = rssMb(server.child.pid!);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.child.pid!))), 25);
      const exported = await client.send('GET', '/api/admin/orders/export.csv', asAdmin);
      clearInterval(sampler);
      figures.push({
        section: 'operations',
        figure: `CSV export of ${ORDERS.toLocaleString('en')} orders: time, RSS growth`,
        value: `${round(exported.ms / 1000, 1)} s, +${round(peak - before, 1)} MB`,
        target: 'RSS grows < 50 MB',
        pass: exported.status === 200 && peak - before < 50,
      });

      // The last 10 of a jacket, 100 shoppers checking out at once.
      figures.push(await contention(database.db, client));
    } finally {
      client.close();
      await stopBenchServer(server);
    }
  } finally {
    await database.close();
    await postgres.drop();
  }
  return figures;
}

async function contention(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  client: ReturnType<typeof httpClient>,
): Promise<Figure> {
  const [variant] = await queryRows(
    db,
    z.object({ product_id: z.number(), color_id: z.number(), size: z.string() }),
    sql`
      update product_stock set on_hand = 10, reserved = 0
      where (color_id, size) = (select color_id, size from product_stock order by color_id, size limit 1)
      returning product_id, color_id, size`,
  );
  if (!variant) throw new Error('no stock row');
  const shoppers = await Promise.all(Array.from({ length: 100 }, () => createUser(db)));
  await db.execute(sql`
    insert into cart_items (user_id, product_id, color_id, size, quantity)
    select unnest(${`{${shoppers.map((shopper) => shopper.id).join(',')}}`}::int[]), ${variant.product_id},
      ${variant.color_id}, ${variant.size}, 1`);
  const body = JSON.stringify({ delivery: TEST_DELIVERY, paymentMethod: 'cod' });
  const started = performance.now();
  const answers = await Promise.all(
    shoppers.map((shopper) =>
      client.send('POST', '/api/checkout/session', { authorization: `Bearer ${shopper.token}` }, body),
    ),
  );
  const ms = performance.now() - started;
  const placed = answers.filter((answer) => answer.status === 201).length;
  const refused = answers.filter((answer) => answer.status === 409).length;
  return {
    section: 'operations',
    figure: '100 concurrent checkouts for the last 10: time (placed / out of stock)',
    value: `${round(ms, 0)} ms (${placed} / ${refused})`,
    target: 'exactly 10 placed',
    pass: placed === 10 && refused === 90,
  };
}
