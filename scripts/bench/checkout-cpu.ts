// `node --import tsx scripts/bench/checkout-cpu.ts [--profile <file.cpuprofile>]`: the CPU time and
// the statements one checkout takes, in this process (the API built from source as production runs
// it, on a fresh PostgreSQL database of TEST_DATABASE_URL's server), CPU time and not wall time: the
// host is shared (decision 0085). The outbox is stopped: the effects the checkouts write are not run.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SIZES } from '@shop/contract';
import { buildApp } from '../../api/src/app.js';
import { loadConfig } from '../../api/src/config.js';
import { openDatabase } from '../../api/src/db/client.js';
import { cartItems } from '../../api/src/db/schema.js';
import { TEST_DELIVERY } from '../../api/src/modules/payments/test-support.js';
import { emptyPostgresDatabase } from '../../api/src/robustness/support/postgres.js';
import { createProduct, createUser, type CreatedProduct, type CreatedUser } from '../../api/src/test/factories.js';
import { SERVER_ENV } from './fixture.js';

/** Checkouts per measured phase, and before them (not measured) to warm the code up. */
const COUNT = Number(process.env.CHECKOUT_CPU_COUNT ?? 400);
const WARM_UP = 300;
/** Requests at once (the pool has 10 connections). */
const AT_ONCE = 8;

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
await app.outbox.stop();

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

/** Each shopper's checkout, AT_ONCE at a time: CPU µs (the process's, the main thread's) and statements per checkout. */
async function phase(group: CreatedUser[], paymentMethod: 'card' | 'cod') {
  const threadBefore = threadCpuUs();
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
  const used = process.cpuUsage(before);
  const threadAfter = threadCpuUs();
  return {
    cpuUs: Math.round((used.user + used.system) / group.length),
    mainThreadUs:
      threadBefore === null || threadAfter === null ? null : Math.round((threadAfter - threadBefore) / group.length),
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
