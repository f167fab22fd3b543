import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import type autocannon from 'autocannon';
import { runNode, stop, freePort } from '../../api/src/robustness/support/server.js';
import type { PostgresFixture } from './fixture.js';
import { cpuSeconds, LOAD_CPU, NOT_AVAILABLE, pinned, round, sleep, taskset, type Figure } from './lib.js';

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
