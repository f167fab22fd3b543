import { TEST_DELIVERY } from '../../api/src/modules/payments/test-support.js';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import type autocannon from 'autocannon';
import { runNode, stop, freePort } from '../../api/src/robustness/support/server.js';
import type { PostgresFixture } from './fixture.js';
import {
  cpuSeconds,
  httpClient,
  LOAD_CPU,
  NOT_AVAILABLE,
  percentile,
  pinned,
  round,
  rssMb,
  sleep,
  taskset,
  type Figure,
} from './lib.js';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = 3;
/** Measured runs of each server per endpoint, alternating; the figure is the median round's. */
const ROUNDS = 3;

interface CannonResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU time the server process used per request, in µs: unlike req/s, hardly moved by other load. */
  cpuUs: number;
}

/** autocannon's command line, run as a process of its own. */
const AUTOCANNON_BIN = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/**
 * autocannon against `url` from a process of its own (on CPU 1 when `pinned` pins the servers to
 * CPU 0), not from inside this one: run in the benchmark's own process it sent a third fewer
 * requests, the servers waited for it, and each request cost the API a third more CPU.
 */
async function cannon(
  url: string,
  headers: Record<string, string>,
  duration: number,
  serverPid: number,
): Promise<CannonResult> {
  const cpuBefore = cpuSeconds(serverPid);
  const args = [AUTOCANNON_BIN, '--json', '-c', String(CONNECTIONS), '-d', String(duration)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  const command = taskset ? ['taskset', '-c', LOAD_CPU, process.execPath, ...args] : [process.execPath, ...args];
  const output = await new Promise<string>((resolve, reject) => {
    execFile(command[0]!, [...command.slice(1), url], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout) =>
      error ? reject(new Error(`autocannon failed: ${error.message}`, { cause: error })) : resolve(stdout),
    );
  });
  const result = JSON.parse(output) as autocannon.Result;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuUs: ((cpuSeconds(serverPid) - cpuBefore) * 1e6) / Math.max(1, result.requests.total),
  };
}

/** A bare node:http server in its own process, answering every request with the given bytes. */
async function bareServer(body: string, contentType: string) {
  const file = join(tmpdir(), `bench-bare-${process.pid}.json`);
  writeFileSync(file, body);
  const port = await freePort();
  const run = runNode('scripts/bench/bare-server.mjs', [String(port), file, contentType], {});
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 100; tries += 1) {
    try {
      await fetch(url);
      return { url, pid: run.child.pid!, stop: () => stop(run) };
    } catch {
      await sleep(50);
    }
  }
  throw new Error('bare server did not start');
}

/** Throughput of one endpoint against a bare server sending the same bytes, in the same run. */
async function ratio(
  section: string,
  name: string,
  fixture: PostgresFixture,
  path: string,
  headers: Record<string, string>,
  target: number,
) {
  const probe = await fetch(`${fixture.server.url}${path}`, { headers });
  if (probe.status === 404) {
    return [
      { section, figure: `${name}: ratio to bare node:http`, value: NOT_AVAILABLE, target: `≥ ${target}`, pass: null },
    ];
  }
  const body = await probe.text();
  if (probe.status !== 200) throw new Error(`${path} answered ${probe.status}: ${body.slice(0, 200)}`);
  const pid = fixture.server.child.pid!;
  const apiUrl = `${fixture.server.url}${path}`;
  const bare = await bareServer(body, probe.headers.get('content-type') ?? 'application/json');
  try {
    // Warm both up, then alternate them: the machine's speed drifts within a minute, and a ratio
    // of two runs taken side by side drifts far less than one of runs taken a minute apart.
    await pinned(pid, () => cannon(apiUrl, headers, WARMUP_S, pid));
    await pinned(bare.pid, () => cannon(bare.url, {}, WARMUP_S, bare.pid));
    const rounds: { api: CannonResult; baseline: CannonResult; pinned: boolean; ratio: number }[] = [];
    for (let index = 0; index < ROUNDS; index += 1) {
      const measured = await pinned(pid, () => cannon(apiUrl, headers, DURATION_S, pid));
      const { result: baseline } = await pinned(bare.pid, () => cannon(bare.url, {}, DURATION_S, bare.pid));
      rounds.push({
        api: measured.result,
        baseline,
        pinned: measured.pinned,
        ratio: measured.result.rps / baseline.rps,
      });
    }
    const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(ROUNDS / 2)]!;
    const { api, baseline } = median;
    const errors = rounds.reduce((sum, run) => sum + run.api.errors, 0);
    const value = round(median.ratio);
    return [
      {
        section,
        figure: `${name}: ratio to bare node:http`,
        value,
        target: `≥ ${target}`,
        pass: value >= target && errors === 0,
        detail: `median of ${ROUNDS} rounds, API then bare in each (${rounds
          .map((run) => `${round(run.ratio)}: ${Math.round(run.api.rps)} / ${Math.round(run.baseline.rps)} req/s`)
          .join(', ')}); ${
          body.length
        } bytes; ${median.pinned ? 'each server on CPU 0, the load generator on CPU 1' : 'processes not pinned (no taskset)'}`,
      },
      {
        section,
        figure: `${name}: req/s (bare)`,
        value: `${Math.round(api.rps)} (${Math.round(baseline.rps)})`,
        pass: null,
      },
      { section, figure: `${name}: p50 / p99`, value: `${api.p50} / ${api.p99} ms`, pass: null },
      {
        section,
        figure: `${name}: server CPU per request (bare)`,
        value: `${Math.round(api.cpuUs)} (${Math.round(baseline.cpuUs)}) µs`,
        pass: null,
        detail: 'user + system time of the server process over the measured run, divided by its requests',
      },
      { section, figure: `${name}: errors (all rounds)`, value: errors, target: '0', pass: errors === 0 },
    ] satisfies Figure[];
  } finally {
    await bare.stop();
  }
}

export async function throughput(fixture: PostgresFixture): Promise<Figure[]> {
  const product = fixture.products[fixture.products.length - 1]!;
  const shopper = fixture.shoppers[0]!;
  return [
    ...(await ratio('api', 'GET /api/products (500)', fixture, '/api/products', {}, 0.6)),
    ...(await ratio('api', 'GET /api/products/:id', fixture, `/api/products/${product.id}`, {}, 0.6)),
    ...(await ratio(
      'api',
      'GET /api/cart (PostgreSQL)',
      fixture,
      '/api/cart',
      { authorization: `Bearer ${shopper.token}` },
      0.25,
    )),
  ];
}

/** Polling before the measured minute: every shopper connects and gets its first answers. */
const POLL_WARMUP_S = 10;

/**
 * 1,000 logged-in shoppers polling as the spec's clients do: profile and wishlist every 3 s,
 * products every 5 s, each with the ETag of its last answer. As for the throughput figures, a
 * warm-up comes first (10 s: each poller's first request leaves at a random moment of its first
 * period, 3,000 connections open within 5 s); the figures with targets are of the minute after
 * it. The warm-up's first answers, a freshly started server's worst moment, are reported too.
 */
export async function polling(fixture: PostgresFixture): Promise<Figure[]> {
  const seconds = Number(process.env.BENCH_POLL_SECONDS ?? 60);
  const client = httpClient(fixture.server.url);
  const available = await Promise.all(
    ['/api/profile', '/api/wishlist'].map(async (path) => {
      const answer = await client.send('GET', path, { authorization: `Bearer ${fixture.shoppers[0]!.token}` });
      return answer.status === 200;
    }),
  );
  if (!available.every(Boolean)) {
    client.close();
    return [{ section: 'polling', figure: '1,000 shoppers polling', value: NOT_AVAILABLE, pass: null }];
  }
  /** The measured minute's requests (those sent after the warm-up). */
  const latencies: number[] = [];
  const byPath = new Map<string, number[]>();
  /** Each poller's first answer: a new connection to a server that has not seen the shopper yet. */
  const firsts: number[] = [];
  /** Errors by kind, warm-up included: an HTTP status or the socket error's code. */
  const failures = new Map<string, number>();
  const fail = (kind: string) => failures.set(kind, (failures.get(kind) ?? 0) + 1);
  let notModified = 0;
  const pid = fixture.server.child.pid!;
  const measureFrom = Date.now() + POLL_WARMUP_S * 1000;
  const until = measureFrom + seconds * 1000;
  let maxRss = rssMb(pid);
  const sampler = setInterval(() => (maxRss = Math.max(maxRss, rssMb(pid))), 500);
  let cpuBefore = 0;
  let clientCpuBefore = process.cpuUsage();
  let rssBefore = 0;
  const steady = setTimeout(() => {
    cpuBefore = cpuSeconds(pid);
    clientCpuBefore = process.cpuUsage();
    rssBefore = rssMb(pid);
  }, POLL_WARMUP_S * 1000);

  const poll = async (token: string, path: string, everyMs: number) => {
    let etag: string | undefined;
    let first = true;
    await sleep(Math.random() * everyMs);
    while (Date.now() < until) {
      const due = Date.now() + everyMs;
      const measured = Date.now() >= measureFrom;
      try {
        const answer = await client.send('GET', path, {
          authorization: `Bearer ${token}`,
          // What a browser sends: the catalogue comes compressed.
          'accept-encoding': 'gzip, deflate, br',
          ...(etag ? { 'if-none-match': etag } : {}),
        });
        if (first) firsts.push(answer.ms);
        if (measured) {
          latencies.push(answer.ms);
          byPath.set(path, [...(byPath.get(path) ?? []), answer.ms]);
          if (answer.status === 304) notModified += 1;
        }
        if (answer.status === 200) etag = (answer.headers.etag as string | undefined) ?? etag;
        else if (answer.status !== 304) fail(String(answer.status));
      } catch (error) {
        fail((error as { code?: string }).code ?? 'error');
      }
      first = false;
      await sleep(Math.max(0, due - Date.now()));
    }
  };
  await Promise.all(
    fixture.shoppers.flatMap((shopper) => [
      poll(shopper.token, '/api/profile', 3000),
      poll(shopper.token, '/api/wishlist', 3000),
      poll(shopper.token, '/api/products', 5000),
    ]),
  );
  clearInterval(sampler);
  clearTimeout(steady);
  const elapsedS = (Date.now() - measureFrom) / 1000;
  const cpu = ((cpuSeconds(pid) - cpuBefore) / elapsedS) * 100;
  const clientCpuUsed = process.cpuUsage(clientCpuBefore);
  const clientCpu = ((clientCpuUsed.user + clientCpuUsed.system) / 1e6 / elapsedS) * 100;
  client.close();
  latencies.sort((a, b) => a - b);
  firsts.sort((a, b) => a - b);
  const errors = [...failures.values()].reduce((sum, count) => sum + count, 0);
  const perPath = [...byPath].map(([path, times]) => {
    times.sort((a, b) => a - b);
    return `${path} p50 ${round(percentile(times, 50), 1)} p99 ${round(percentile(times, 99), 1)} ms`;
  });
  const p99 = round(percentile(latencies, 99), 1);
  const section = 'polling';
  return [
    {
      section,
      figure: `requests in ${seconds} s after a ${POLL_WARMUP_S} s warm-up (304 share)`,
      value: `${latencies.length} (${Math.round((notModified / latencies.length) * 100)} %)`,
      pass: null,
    },
    {
      section,
      figure: 'errors (warm-up included)',
      value: errors,
      target: '0',
      pass: errors === 0,
      detail: JSON.stringify(Object.fromEntries(failures)),
    },
    {
      section,
      figure: 'p50 / p99',
      value: `${round(percentile(latencies, 50), 1)} / ${p99} ms`,
      target: 'p99 ≤ 50 ms',
      pass: p99 <= 50,
      detail: perPath.join('; '),
    },
    {
      section,
      figure: "p50 / p99 of each poller's first answer (warm-up)",
      value: `${round(percentile(firsts, 50), 1)} / ${round(percentile(firsts, 99), 1)} ms`,
      pass: null,
      detail: `${firsts.length} requests, each on a new connection, within 5 s of the server's first request`,
    },
    {
      section,
      figure: 'server CPU (one core)',
      value: round(cpu, 0),
      unit: '%',
      target: '≤ 50 %',
      pass: cpu <= 50,
      detail: `the load generator itself used ${round(clientCpu, 0)} % of one core`,
    },
    {
      section,
      figure: 'server RSS (max, warm-up included)',
      value: round(maxRss, 0),
      unit: 'MB',
      target: '≤ 300 MB',
      pass: maxRss <= 300,
      detail: `${round(rssBefore, 0)} MB when the measured minute began`,
    },
  ];
}

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
