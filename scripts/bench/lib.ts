import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { Agent, request } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** One line of the results table. `pass` is null for a figure without a target. */
export interface Figure {
  section: string;
  figure: string;
  value: number | string;
  unit?: string;
  target?: string;
  pass: boolean | null;
  detail?: string;
}

export const NOT_AVAILABLE = 'not available';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** CPU time (user + system) a process has used so far, in seconds. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // Fields 14 and 15 of stat (utime, stime) in clock ticks; the split drops the first two.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** `taskset` is there and the machine has a second core: servers and load generator can be pinned. */
export const taskset =
  cpus().length >= 2 && spawnSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' }).status === 0;
/** The core of the load generator; servers get CPU 0. */
export const LOAD_CPU = '1';

/**
 * Runs `measure` with the server (every thread of it) on CPU 0, then lets it float again. Node
 * answers on one thread, so the server gets a whole core, and the load generator (on CPU 1, see
 * api.ts) never competes with it for that core: on a 2-core machine where they shared both, the
 * figure moved by ±15 % from one run to the next.
 */
export async function pinned<T>(serverPid: number, measure: () => Promise<T>): Promise<{ result: T; pinned: boolean }> {
  const pin = (cpu: string) =>
    spawnSync('taskset', ['-a', '-p', '-c', cpu, String(serverPid)], { stdio: 'ignore' }).status === 0;
  const ok = taskset && pin('0');
  try {
    return { result: await measure(), pinned: ok };
  } finally {
    if (ok) pin(`0-${cpus().length - 1}`);
  }
}

/** Resident memory of a process, in MB. */
export function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  ms: number;
}

/** A small HTTP client on keep-alive sockets; bodies are read and dropped (the load generator must stay cheap). */
export function httpClient(base: string, maxSockets = Infinity) {
  const agent = new Agent({ keepAlive: true, maxSockets });
  const url = new URL(base);
  const send = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
    new Promise<Answer>((resolve, reject) => {
      const started = performance.now();
      const outgoing = request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method,
          path,
          headers:
            body === undefined
              ? headers
              : { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          response.resume();
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, ms: performance.now() - started }),
          );
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  return { send, close: () => agent.destroy() };
}

/** Prints the figures as an aligned table. */
export function printTable(figures: Figure[]): void {
  const rows = figures.map((figure) => [
    figure.section,
    figure.figure,
    typeof figure.value === 'number' ? `${figure.value}${figure.unit ? ` ${figure.unit}` : ''}` : figure.value,
    figure.target ?? '',
    figure.pass === null ? '' : figure.pass ? 'pass' : 'FAIL',
  ]);
  const header = ['section', 'figure', 'value', 'target', 'result'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ');
  console.log(`\n${line(header)}\n${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const row of rows) console.log(line(row));
}

/**
 * The token the benchmark's servers are started with (SERVER_ENV), so that it may read their
 * `/api/metrics`: not a secret, these servers live for one run on a loopback port.
 */
export const METRICS_TOKEN = 'bench-metrics-token-of-one-run';

/** How often a watched server's event loop is read while a section runs: a stall is placed within this. */
const LOOP_SAMPLE_MS = 1000;

/**
 * The longest event-loop delay of a server since its previous scrape, in ms, from its
 * `nodejs_eventloop_delay_seconds{quantile="1"}` (the metrics' own histogram, which each scrape
 * resets); undefined when the server does not answer it.
 */
async function scrapeLoopMax(url: string): Promise<number | undefined> {
  try {
    const response = await fetch(`${url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    if (response.status !== 200) return undefined;
    const match = /^nodejs_eventloop_delay_seconds\{quantile="1"\} (\S+)$/m.exec(await response.text());
    return match ? Number(match[1]) * 1000 : undefined;
  } catch {
    return undefined;
  }
}

interface Watched {
  name: string;
  /** Longest delay read during the current section, and when (ms after the section began). */
  max: number;
  at: number;
  timer: NodeJS.Timeout;
}

/** The servers whose event loop is being watched, by URL. */
const watched = new Map<string, Watched>();
/** Servers stopped during the current section: their last reading. */
let gone: { name: string; max: number; at: number }[] = [];
let sectionStarted = performance.now();
/** The benchmark process's own loop (the load generator, and the app of the in-process sections). */
const ownLoop = monitorEventLoopDelay({ resolution: 10 });
ownLoop.enable();

async function readLoop(url: string, entry: Watched) {
  const max = await scrapeLoopMax(url);
  if (max !== undefined && max > entry.max) {
    entry.max = max;
    entry.at = performance.now() - sectionStarted;
  }
}

/**
 * Watches a server's event loop from now on (its start-up, seeding included, is left out: the
 * first scrape resets the histogram), reading it every second until `unwatchLoop`.
 */
export async function watchLoop(name: string, url: string): Promise<void> {
  await scrapeLoopMax(url);
  const entry: Watched = { name, max: 0, at: 0, timer: setInterval(() => void readLoop(url, entry), LOOP_SAMPLE_MS) };
  entry.timer.unref();
  watched.set(url, entry);
}

/** Reads a server's loop a last time before it stops. */
export async function unwatchLoop(url: string): Promise<void> {
  const entry = watched.get(url);
  if (!entry) return;
  clearInterval(entry.timer);
  watched.delete(url);
  await readLoop(url, entry);
  gone.push({ name: entry.name, max: entry.max, at: entry.at });
}

/** Begins a section: every watched server's longest delay and the benchmark's own start again. */
export async function beginLoopSection(): Promise<void> {
  sectionStarted = performance.now();
  gone = [];
  await Promise.all(
    [...watched].map(async ([url, entry]) => {
      await scrapeLoopMax(url);
      entry.max = 0;
      entry.at = 0;
    }),
  );
  ownLoop.reset();
}

/**
 * The section's line: the longest event-loop delay of the servers it measured (each read every
 * second, so a stall is placed to the second after the section began) and of the benchmark's own
 * process (the load generator: a stall there would lengthen the latencies it measures).
 */
export async function endLoopSection(section: string, { besides }: { besides?: string } = {}): Promise<Figure> {
  await Promise.all([...watched].map(async ([url, entry]) => readLoop(url, entry)));
  // `besides`: a server that stayed up through the section without being measured by it (the fixture's).
  const measured = [...watched].filter(([url]) => url !== besides).map(([, entry]) => entry);
  const servers = [...gone, ...measured.map(({ name, max, at }) => ({ name, max, at }))];
  const worst = servers.reduce((top, server) => (server.max > top ? server.max : top), 0);
  const own = ownLoop.max / 1e6;
  return {
    section,
    figure: 'event loop: longest delay (servers; benchmark process)',
    value: `${servers.length > 0 ? `${round(worst, 0)} ms` : '—'}; ${round(own, 0)} ms`,
    pass: null,
    detail: servers
      .map((server) => `${server.name} ${round(server.max, 0)} ms at +${round(server.at / 1000, 0)} s`)
      .join('; '),
  };
}
