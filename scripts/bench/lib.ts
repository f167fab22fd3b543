import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { Agent, request } from 'node:http';

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
