// `node --import tsx scripts/bench/mail-cpu.ts [--profile <file.cpuprofile>]`: the CPU time and the
// statements an order's mails take (the shopper's confirmation, the owner's notice), run by the
// outbox as production runs them (the API built from source, on a fresh PostgreSQL database of
// TEST_DATABASE_URL's server, its SMTP mailer handing them to a mail server). CPU time and not wall
// time: the host is shared (decision 0092). The mail server is another process, so that its CPU is
// not counted; the orders are placed while the outbox is stopped, and not counted either.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { SIZES } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../api/src/app.js';
import { loadConfig } from '../../api/src/config.js';
import { openDatabase } from '../../api/src/db/client.js';
import { cartItems, effects, shopSettings } from '../../api/src/db/schema.js';
import { effectHandlers } from '../../api/src/effect-handlers.js';
import { failureEffectsOf } from '../../api/src/effect-subscriptions.js';
import { TEST_DELIVERY } from '../../api/src/modules/payments/test-support.js';
import type { Mailer } from '../../api/src/platform/mail/mailer.js';
import { Outbox } from '../../api/src/platform/outbox/outbox.js';
import { emptyPostgresDatabase } from '../../api/src/robustness/support/postgres.js';
import { createProduct, createUser, type CreatedProduct, type CreatedUser } from '../../api/src/test/factories.js';
import { SERVER_ENV } from './fixture.js';

/** Orders per measured round, rounds, and the orders run first (not measured) to warm the code up. */
const COUNT = Number(process.env.MAIL_CPU_COUNT ?? 300);
const ROUNDS = 3;
const WARM_UP = 300;

const profileAt = process.argv.indexOf('--profile');
const profileFile = profileAt > 0 ? process.argv[profileAt + 1] : undefined;

/** An SMTP server in a process of its own: it says its port, then a line for every mail it took. */
const CATCHER = `
import { SMTPServer } from 'smtp-server';
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS'], disableReverseLookup: true, authOptional: true, logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => { process.stdout.write('mail\\n'); callback(); });
  },
});
smtp.listen(0, '127.0.0.1', () => process.stdout.write('port ' + smtp.server.address().port + '\\n'));
`;
const catcher = spawn(process.execPath, ['--input-type=module', '-e', CATCHER], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
let caught = 0;
const port = await new Promise<number>((resolve) =>
  createInterface({ input: catcher.stdout }).on('line', (line) => {
    if (line === 'mail') caught += 1;
    else if (line.startsWith('port ')) resolve(Number(line.slice(5)));
  }),
);

const postgres = await emptyPostgresDatabase();
let statements = 0;
const database = await openDatabase({
  url: postgres.url,
  guardTransactions: false,
  logger: { logQuery: () => void (statements += 1) },
});
const dataDir = mkdtempSync(join(tmpdir(), 'mail-cpu-'));
const { BENCH_PROFILE_DIR: _, ...env } = { BENCH_PROFILE_DIR: '', ...SERVER_ENV };
const config = loadConfig({
  ...env,
  MAIL: 'smtp',
  SMTP_URL: `smtp://127.0.0.1:${port}`,
  DATABASE_URL: postgres.url,
  DATA_DIR: dataDir,
  PUBLIC_URL: 'https://shop.test',
  LOG_LEVEL: 'warn',
});
const app = await buildApp({ config, database, logger: false, serveWebApp: false });
await app.ready();
// A shop with a seller's address: its mails to shoppers name it to reply to, and the owner hears of each order.
await database.db.update(shopSettings).set({ sellerEmail: 'owner@atelier.test' }).where(eq(shopSettings.id, 1));
// Each round's orders are placed first, then their effects run by an outbox of the round's own.
await app.outbox.stop();

const db = database.db;
const products: CreatedProduct[] = [];
for (let index = 0; index < 20; index += 1)
  products.push(await createProduct(db, { sizes: [...SIZES], stock: 1_000_000, priceCents: 2000 + index * 7 }));
const shoppers: CreatedUser[] = [];
for (let index = 0; index < WARM_UP + ROUNDS * COUNT; index += 1) shoppers.push(await createUser(db));
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

let sent = 0;
const mailer: Mailer = {
  kind: app.mailer.kind,
  send: async (mail) => {
    await app.mailer.send(mail);
    sent += 1;
  },
  close: () => undefined,
};
const handlers = effectHandlers({
  db: database.background,
  mailer,
  payments: app.payments,
  config,
  log: app.log,
  couriers: app.couriers,
});

/**
 * The group's cash-on-delivery orders (8 checkouts at once, not measured), then their effects run by
 * an outbox (`measure` wraps that run: the profiler): CPU µs and statements per mail.
 */
async function round(group: CreatedUser[], measure = (run: () => Promise<void>) => run()) {
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < group.length) {
        const shopper = group[next++]!;
        const answer = await app.inject({
          method: 'POST',
          url: '/api/checkout/session',
          headers: { authorization: `Bearer ${shopper.token}` },
          payload: { delivery: TEST_DELIVERY, paymentMethod: 'cod' },
        });
        if (answer.statusCode !== 201) throw new Error(`checkout answered ${answer.statusCode}: ${answer.body}`);
      }
    }),
  );
  const [sentBefore, statementsBefore, before] = [sent, statements, process.cpuUsage()];
  const outbox = new Outbox(database.background, app.log, handlers, { onFailure: failureEffectsOf });
  await measure(async () => {
    outbox.wake();
    await outbox.settled();
    await outbox.stop();
  });
  const used = process.cpuUsage(before);
  const mails = sent - sentBefore;
  return {
    mails,
    'CPU µs per mail': Math.round((used.user + used.system) / mails),
    'statements per mail': Math.round(((statements - statementsBefore) / mails) * 100) / 100,
  };
}

/** Runs `measure` under the inspector's sampling profiler, written to `--profile`'s file when it names one. */
async function profiled(measure: () => Promise<void>): Promise<void> {
  if (!profileFile) return measure();
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  await measure();
  const { profile } = (await post('Profiler.stop')) as { profile: unknown };
  writeFileSync(profileFile, JSON.stringify(profile));
  session.disconnect();
}

try {
  await round(shoppers.slice(0, WARM_UP));
  const figures = [];
  for (let index = 0; index < ROUNDS; index += 1) {
    const group = shoppers.slice(WARM_UP + index * COUNT, WARM_UP + (index + 1) * COUNT);
    // The last round's effects are profiled (the profiler's own cost is in its figure).
    figures.push(await round(group, index === ROUNDS - 1 ? profiled : undefined));
  }
  console.log(
    `${COUNT} cash-on-delivery orders per round, their effects run by the outbox, after ${WARM_UP} not measured`,
  );
  console.table(figures);
  console.table(
    await db
      .select({ kind: effects.kind, effects: sql<number>`count(*)::int` })
      .from(effects)
      .groupBy(effects.kind)
      .orderBy(effects.kind),
  );
  console.log(`the mail server took ${caught} mails, the mailer handed over ${sent}`);
} finally {
  await app.close();
  await database.close();
  await postgres.drop();
  catcher.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
