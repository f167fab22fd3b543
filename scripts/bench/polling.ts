import type { PostgresFixture } from './fixture.js';
import { cpuSeconds, httpClient, NOT_AVAILABLE, percentile, round, rssMb, sleep, type Figure } from './lib.js';

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
          // Appended in place: copying the list on every answer (as until 28 November) made the
          // load generator allocate gigabytes in the minute and stall in its collections.
          let times = byPath.get(path);
          if (!times) byPath.set(path, (times = []));
          times.push(answer.ms);
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
