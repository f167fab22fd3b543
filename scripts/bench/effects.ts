import { sql } from 'drizzle-orm';
import { TEST_DELIVERY } from '../../api/src/modules/payments/test-support.js';
import { createProduct, createUser } from '../../api/src/test/factories.js';
import { builtServerWithSmtp, stopBenchServer } from './fixture.js';
import { httpClient, percentile, round, sleep, type Figure } from './lib.js';

/**
 * Orders placed, and their rate: 5 s at 100 a second, measured once the server is warm: after 3 s
 * of orders at the same rate whose mails are all sent first (not measured; decision 0085). A
 * server that has just started answers checkouts at half the rate for its first seconds (decision 0084).
 */
const RATE = 100;
const ORDERS = 5 * RATE;
const WARM_UP = 3 * RATE;

/**
 * From an order's commit to its confirmation mail handed to SMTP (decision 0032: the effect is
 * written with the order and run by the outbox after commit), at 100 cash-on-delivery orders a
 * second, on PostgreSQL, with an SMTP server in this process. The clock starts when the checkout's
 * answer arrives (the commit came before it) and stops when the SMTP server has the whole mail.
 */
export async function effects(): Promise<Figure[]> {
  const fixture = await builtServerWithSmtp();
  const { db, mails } = fixture;
  /** When each address's mail arrived. */
  const received = () => new Map(mails.flatMap((mail) => mail.to.map((to) => [to, mail.at] as const)));
  try {
    const product = await createProduct(db, { stock: 10_000 });
    const shoppers = await Promise.all(Array.from({ length: ORDERS + WARM_UP }, () => createUser(db)));
    await db.execute(sql`
      insert into cart_items (user_id, product_id, color_id, size, quantity)
      select unnest(${`{${shoppers.map((shopper) => shopper.id).join(',')}}`}::int[]), ${product.id},
        ${product.colors[0]!.id}, 'M', 1`);
    const server = await fixture.start();
    const client = httpClient(server.url);
    const body = JSON.stringify({ delivery: TEST_DELIVERY, paymentMethod: 'cod' });
    const answered = new Map<string, number>();
    let failed = 0;
    /** Each shopper's order at RATE a second, then every mail, or 10 s at most. */
    const place = async (group: typeof shoppers) => {
      const started = performance.now();
      const pending: Promise<void>[] = [];
      for (let index = 0; index < group.length; index += 1) {
        const wait = started + (index * 1000) / RATE - performance.now();
        if (wait > 1) await sleep(wait);
        const shopper = group[index]!;
        pending.push(
          client
            .send('POST', '/api/checkout/session', { authorization: `Bearer ${shopper.token}` }, body)
            .then((answer) => {
              if (answer.status === 201) answered.set(shopper.email, performance.now());
              else failed += 1;
            }),
        );
      }
      await Promise.all(pending);
      for (let waited = 0; waited < 10_000 && received().size < answered.size; waited += 50) await sleep(50);
    };
    try {
      await place(shoppers.slice(0, WARM_UP));
      await place(shoppers.slice(WARM_UP));
    } finally {
      client.close();
      await stopBenchServer(server);
    }
    const measured = shoppers.slice(WARM_UP).map((shopper) => shopper.email);
    const mailed = received();
    const delays = measured.flatMap((email) => {
      const at = answered.get(email);
      const arrived = mailed.get(email);
      return at === undefined || arrived === undefined ? [] : [Math.max(0, arrived - at)];
    });
    delays.sort((a, b) => a - b);
    const missing = measured.length - delays.length;
    const p99 = round(percentile(delays, 99), 1);
    return [
      {
        section: 'effects',
        figure: `order commit to its mail handed to SMTP, ${RATE} orders/s: p50 / p99`,
        value: `${round(percentile(delays, 50), 1)} / ${p99} ms`,
        target: 'p99 ≤ 1000 ms',
        pass: missing === 0 && failed === 0 && p99 <= 1000,
        detail: `${delays.length} mails of ${measured.length} orders measured, ${failed} checkouts refused`,
      },
    ];
  } finally {
    await fixture.close();
  }
}
