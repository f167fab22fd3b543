// `node --import tsx scripts/bench/checkout-cpu.ts [--profile <file.cpuprofile>]`: the CPU time and
// the statements one checkout takes, in this process (the API built from source as production runs
// it, on a fresh PostgreSQL database of TEST_DATABASE_URL's server), CPU time and not wall time: the
// host is shared (decision 0085), with this host's PostgreSQL processes' CPU beside it (decision 0102).
// The outbox is stopped, so the effects the checkouts write are not run, unless `--effects` is given.
// CHECKOUT_CPU_AT_ONCE=1: one checkout at a time (its statements' cost without the others').
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SIZES } from '@shop/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { buildApp } from '../../api/src/app.js';
import { loadConfig } from '../../api/src/config.js';
import { openDatabase } from '../../api/src/db/client.js';
import { queryRows } from '../../api/src/db/rows.js';
import { cartItems } from '../../api/src/db/schema.js';
import { TEST_DELIVERY } from '../../api/src/modules/payments/test-support.js';
import { emptyPostgresDatabase } from '../../api/src/robustness/support/postgres.js';
import { createProduct, createUser, type CreatedProduct, type CreatedUser } from '../../api/src/test/factories.js';
import { SERVER_ENV } from './fixture.js';

/** Checkouts per measured phase, and before them (not measured) to warm the code up. */
const COUNT = Number(process.env.CHECKOUT_CPU_COUNT ?? 400);
const WARM_UP = 300;
/** Requests at once (the pool has 10 connections). */
const AT_ONCE = Number(process.env.CHECKOUT_CPU_AT_ONCE ?? 8);

const profileAt = process.argv.indexOf('--profile');
const profileFile = profileAt > 0 ? process.argv[profileAt + 1] : undefined;

const postgres = await emptyPostgresDatabase();
let statements = 0;
/** `--statements`: the statements of one checkout of each phase are printed. */
const shown = process.argv.includes('--statements') ? new Map<string, string[]>() : undefined;
let showing: string[] | undefined;
const database = await openDatabase({
  url: postgres.url,
  guardTransactions: false,
  logger: {
    logQuery: (query) => {
      statements += 1;
      showing?.push(query.replace(/\s+/g, ' ').slice(0, 110));
    },
  },
});
const dataDir = mkdtempSync(join(tmpdir(), 'checkout-cpu-'));
const { BENCH_PROFILE_DIR: _, ...env } = { BENCH_PROFILE_DIR: '', ...SERVER_ENV };
const config = loadConfig({
  ...env,
  DATABASE_URL: postgres.url,
  DATA_DIR: dataDir,
  PUBLIC_URL: 'https://shop.test',
  LOG_LEVEL: 'warn',
});
const app = await buildApp({ config, database, logger: false, serveWebApp: false });
await app.ready();
/** `--effects`: the outbox runs, and each phase counts the effects its checkouts wrote (run to the end). */
const withEffects = process.argv.includes('--effects');
if (!withEffects) await app.outbox.stop();

const db = database.db;
const products: CreatedProduct[] = [];
for (let index = 0; index < 20; index += 1)
  products.push(await createProduct(db, { sizes: [...SIZES], stock: 1_000_000, priceCents: 2000 + index * 7 }));
const shoppers: CreatedUser[] = [];
for (let index = 0; index < 2 * WARM_UP + 2 * COUNT; index += 1) shoppers.push(await createUser(db));
await db.insert(cartItems).values(
  shoppers.flatMap((shopper, index) =>
    [0, 1, 2].map((line) => {
      const product = products[(index * 7 + line * 13) % products.length]!;
      return {
        userId: shopper.id,
        productId: product.id,
        colorId: product.colors[0]!.id,
        size: SIZES[line]!,
        quantity: 1,
      };
    }),
  ),
);

const checkout = async (shopper: CreatedUser, paymentMethod: 'card' | 'cod') => {
  const answer = await app.inject({
    method: 'POST',
    url: '/api/checkout/session',
    headers: { authorization: `Bearer ${shopper.token}` },
    payload: { delivery: TEST_DELIVERY, paymentMethod },
  });
  if (answer.statusCode !== 201) throw new Error(`checkout answered ${answer.statusCode}: ${answer.body}`);
};

/**
 * This thread's CPU time in µs (Linux: /proc, in clock ticks of 10 ms), or null. The process's
 * (`process.cpuUsage`) also counts V8's helper threads (the collector's, the compiler's): 0.5 to
 * 1.4 ms a checkout on a loaded host, which moves with the host more than with our code (decision 0099).
 */
const ownThread = `/proc/self/task/${process.pid}/stat`;
function threadCpuUs(): number | null {
  if (!existsSync(ownThread)) return null;
  const fields = readFileSync(ownThread, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/**
 * The CPU time in µs of this host's PostgreSQL processes (Linux: /proc), or null: a checkout's
 * statements cost the database as much CPU as the server, on the same 2 cores.
 */
function postgresCpuUs(): number | null {
  if (!existsSync('/proc/self/stat')) return null;
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks * 10_000;
}

/** Waits until no effect is due or running (the outbox's own wake-ups run them). */
async function effectsDone() {
  for (;;) {
    await app.outbox.settled();
    const [row] = await queryRows(
      db,
      z.object({ due: z.number() }),
      sql`select count(*)::int as due from effects where done_at is null and failed_at is null and run_after <= now()`,
    );
    if (row?.due === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Each shopper's checkout, AT_ONCE at a time: CPU µs (the process's, the main thread's) and statements per checkout. */
async function phase(group: CreatedUser[], paymentMethod: 'card' | 'cod') {
  const threadBefore = threadCpuUs();
  const postgresBefore = postgresCpuUs();
  const before = process.cpuUsage();
  if (shown) {
    showing = [];
    await checkout(group[0]!, paymentMethod);
    shown.set(`${paymentMethod} ${shown.size}`, showing);
    showing = undefined;
  }
  const statementsBefore = statements;
  let next = shown ? 1 : 0;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next < group.length) await checkout(group[next++]!, paymentMethod);
    }),
  );
  if (withEffects) await effectsDone();
  const used = process.cpuUsage(before);
  const threadAfter = threadCpuUs();
  const postgresAfter = postgresCpuUs();
  return {
    cpuUs: Math.round((used.user + used.system) / group.length),
    mainThreadUs:
      threadBefore === null || threadAfter === null ? null : Math.round((threadAfter - threadBefore) / group.length),
    postgresUs:
      postgresBefore === null || postgresAfter === null
        ? null
        : Math.round((postgresAfter - postgresBefore) / group.length),
    statements: Math.round(((statements - statementsBefore) / group.length) * 100) / 100,
  };
}

const warm = shoppers.slice(0, 2 * WARM_UP);
const card = shoppers.slice(2 * WARM_UP, 2 * WARM_UP + COUNT);
const cod = shoppers.slice(2 * WARM_UP + COUNT);
try {
  await phase(warm.slice(0, WARM_UP), 'card');
  await phase(warm.slice(0, WARM_UP), 'card');
  await phase(warm.slice(WARM_UP), 'cod');
  // The statistics a running shop's autovacuum keeps, its first orders counted (this host runs
  // PostgreSQL without it: the planner would take every table for nearly empty, decision 0102).
  await db.execute(sql`vacuum analyze`);
  const session = new Session();
  if (profileFile) {
    session.connect();
    session.post('Profiler.enable');
    session.post('Profiler.setSamplingInterval', { interval: 200 });
    session.post('Profiler.start');
  }
  const figures = {
    'card, new': await phase(card, 'card'),
    'card, replacing the earlier': await phase(card, 'card'),
    'cash on delivery': await phase(cod, 'cod'),
  };
  if (profileFile) {
    await new Promise<void>((resolve, reject) =>
      session.post('Profiler.stop', (error, result) => {
        if (error) reject(error);
        else resolve(writeFileSync(profileFile, JSON.stringify(result.profile)));
      }),
    );
  }
  console.log(`${COUNT} checkouts per phase, ${AT_ONCE} at once, after ${3 * WARM_UP} not measured`);
  console.table(figures);
  for (const [name, list] of shown ?? []) console.log(`${name}:\n  ${list.join('\n  ')}`);
} finally {
  await app.close();
  await database.close();
  await postgres.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
