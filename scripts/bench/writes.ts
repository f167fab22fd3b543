import { TEST_DELIVERY } from '../../api/src/modules/payments/test-support.js';
import type { PostgresFixture } from './fixture.js';
import { httpClient, NOT_AVAILABLE, percentile, round, sleep, type Figure } from './lib.js';

/** Seconds of writes at the measured rate before each write figure (not measured). */
const WRITE_WARM_UP_SECONDS = 3;

type RateResult = Awaited<ReturnType<typeof fixedRate>>;

/** Requests at a fixed rate (open loop): each is sent on schedule, whatever the previous ones are doing. */
async function fixedRate(count: number, perSecond: number, send: (index: number) => Promise<number>) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let errors = 0;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let index = 0; index < count; index += 1) {
    const due = started + (index * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const sentAt = performance.now();
    pending.push(
      send(index).then(
        (status) => {
          latencies.push(performance.now() - sentAt);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status >= 400) errors += 1;
        },
        () => void (errors += 1),
      ),
    );
  }
  await Promise.all(pending);
  latencies.sort((a, b) => a - b);
  return { p50: round(percentile(latencies, 50), 1), p99: round(percentile(latencies, 99), 1), errors, statuses };
}

export async function writes(fixture: PostgresFixture): Promise<Figure[]> {
  const seconds = Number(process.env.BENCH_WRITE_SECONDS ?? 15);
  const rate = 100;
  const client = httpClient(fixture.server.url);
  const { shoppers, products } = fixture;
  const figures: Figure[] = [];
  const report = (name: string, result: RateResult, warm: RateResult) => {
    figures.push(
      {
        section: 'writes',
        figure: `${name} at ${rate}/s: p50 / p99`,
        value: `${result.p50} / ${result.p99} ms`,
        target: 'p99 ≤ 50 ms',
        pass: result.p99 <= 50,
        detail: `after a ${WRITE_WARM_UP_SECONDS} s warm-up at the same rate, whose p50 / p99 were ${warm.p50} / ${warm.p99} ms`,
      },
      {
        section: 'writes',
        figure: `${name}: errors`,
        value: result.errors,
        target: '0',
        pass: result.errors === 0 && warm.errors === 0,
        detail: JSON.stringify(Object.fromEntries(result.statuses)),
      },
    );
  };
  const addToCart = (index: number) => {
    const product = products[(index * 31) % products.length]!;
    const body = {
      productId: product.id,
      selectedColor: product.colors[index % product.colors.length]!.id,
      selectedSize: product.sizes[index % product.sizes.length],
      quantity: 1,
    };
    return client.send(
      'POST',
      '/api/cart',
      { authorization: `Bearer ${shoppers[index % shoppers.length]!.token}` },
      JSON.stringify(body),
    );
  };
  // As for the throughput figures, a warm-up first (not measured): the server has just started,
  // on a database the fixture has just written, and its first writes pay for compiling their code
  // and for the pages PostgreSQL logs whole on their first change after a checkpoint.
  const warmUp = async (send: (index: number) => Promise<number>) =>
    fixedRate(WRITE_WARM_UP_SECONDS * rate, rate, send);
  const coldAdd = await warmUp(async (index) => (await addToCart(index + seconds * rate)).status);
  report(
    'add to cart',
    await fixedRate(seconds * rate, rate, async (index) => (await addToCart(index)).status),
    coldAdd,
  );

  const checkoutBody = JSON.stringify({ delivery: TEST_DELIVERY });
  const probe = await client.send(
    'POST',
    '/api/checkout/session',
    { authorization: `Bearer ${shoppers[0]!.token}` },
    checkoutBody,
  );
  if (probe.status === 404) {
    figures.push({ section: 'writes', figure: 'checkout session', value: NOT_AVAILABLE, pass: null });
  } else {
    // Each checkout reserves its stock and opens a payment session; the route allows a shopper 10 a
    // minute, so spread them.
    const checkout = async (index: number) => {
      const shopper = shoppers[(index + 1) % shoppers.length]!;
      const headers = { authorization: `Bearer ${shopper.token}` };
      return (await client.send('POST', '/api/checkout/session', headers, checkoutBody)).status;
    };
    const coldCheckout = await warmUp((index) => checkout(index + seconds * rate));
    report('checkout session', await fixedRate(seconds * rate, rate, checkout), coldCheckout);
  }
  client.close();
  return figures;
}
