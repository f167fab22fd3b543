import { writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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
async function bareServer(body: string | Buffer, contentType: string, contentEncoding?: string) {
  const file = join(tmpdir(), `bench-bare-${process.pid}.json`);
  writeFileSync(file, body);
  const port = await freePort();
  const args = [String(port), file, contentType, ...(contentEncoding ? [contentEncoding] : [])];
  const run = runNode('scripts/bench/bare-server.mjs', args, {});
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

/**
 * An answer's status, headers and bytes as they came over the wire (fetch would decompress them):
 * what a bare server must send to send the same bytes.
 */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    httpGet(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    }).on('error', reject);
  });
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
  const probe = await rawGet(`${fixture.server.url}${path}`, headers);
  const contentType = probe.headers['content-type'] ?? 'application/json';
  // A page the server cannot render (no web build) is the browser's index.html: no figure then.
  const unrendered = contentType.startsWith('text/html') && !/<div id="root">\s*<[a-z]/.test(await text(probe));
  if (probe.status === 404 || unrendered) {
    return [
      { section, figure: `${name}: ratio to bare node:http`, value: NOT_AVAILABLE, target: `≥ ${target}`, pass: null },
    ];
  }
  const body = probe.body;
  if (probe.status !== 200) throw new Error(`${path} answered ${probe.status}: ${(await text(probe)).slice(0, 200)}`);
  const pid = fixture.server.child.pid!;
  const apiUrl = `${fixture.server.url}${path}`;
  const bare = await bareServer(body, contentType, probe.headers['content-encoding']);
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
          .join(', ')}); ${body.length} bytes${
          probe.headers['content-encoding'] ? ` (${probe.headers['content-encoding']})` : ''
        }; ${median.pinned ? 'each server on CPU 0, the load generator on CPU 1' : 'processes not pinned (no taskset)'}`,
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

/** The body of a raw answer, decompressed, as text. */
async function text(answer: { headers: IncomingHttpHeaders; body: Buffer }): Promise<string> {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(answer.body).toString('utf8');
  return answer.body.toString('utf8');
}

/** What a shopper's browser sends for a page (Chromium's Accept and Accept-Encoding). */
const BROWSER_PAGE_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
};

/** `BENCH_CASES=<regular expression>`: only the figures whose name matches (e.g. `products|product page`). */
const only = process.env.BENCH_CASES ? new RegExp(process.env.BENCH_CASES, 'i') : null;

export async function throughput(fixture: PostgresFixture): Promise<Figure[]> {
  const product = fixture.products[fixture.products.length - 1]!;
  const shopper = fixture.shoppers[0]!;
  const cases: [string, string, Record<string, string>, number][] = [
    ['GET /api/products (500)', '/api/products', {}, 0.6],
    ['GET /api/products/:id', `/api/products/${product.id}`, {}, 0.6],
    ['GET /api/cart (PostgreSQL)', '/api/cart', { authorization: `Bearer ${shopper.token}` }, 0.25],
    // The server-rendered product page (8 photos, a page of reviews) as a browser asks for it: compressed.
    ['GET /product/:id (server-rendered page, compressed)', `/product/${product.id}`, BROWSER_PAGE_HEADERS, 0.3],
  ];
  const figures: Figure[] = [];
  for (const [name, path, headers, target] of cases) {
    if (only && !only.test(name)) continue;
    figures.push(...(await ratio('api', name, fixture, path, headers, target)));
  }
  return figures;
}
