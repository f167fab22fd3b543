import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { askShop } from '../../api/src/platform/backup/control.js';
import { startBenchServer, stopBenchServer } from './fixture.js';
import { httpClient, percentile, round, sleep, type Figure } from './lib.js';

const PRODUCT_RATE = 200;
const DATABASE_RATE = 50;
const ROUNDS = 3;

interface Latencies {
  products: number[];
  database: number[];
  errors: number;
}

/** Product reads and database reads (`/api/health`: one `select 1`) at fixed rates, open loop. */
async function load(url: string, productIds: number[], seconds: number): Promise<Latencies> {
  const client = httpClient(url);
  const result: Latencies = { products: [], database: [], errors: 0 };
  const pending: Promise<void>[] = [];
  const started = performance.now();
  const send = (path: string, into: number[]) =>
    pending.push(
      client.send('GET', path).then(
        (answer) => {
          if (answer.status >= 400) result.errors += 1;
          else into.push(answer.ms);
        },
        () => void (result.errors += 1),
      ),
    );
  const ticks = seconds * PRODUCT_RATE;
  for (let tick = 0; tick < ticks; tick += 1) {
    const wait = started + (tick * 1000) / PRODUCT_RATE - performance.now();
    if (wait > 1) await sleep(wait);
    send(`/api/products/${productIds[tick % productIds.length]}`, result.products);
    if (tick % (PRODUCT_RATE / DATABASE_RATE) === 0) send('/api/health', result.database);
  }
  await Promise.all(pending);
  client.close();
  result.products.sort((a, b) => a - b);
  result.database.sort((a, b) => a - b);
  return result;
}

/**
 * Reads while the running embedded shop takes backups (asked through its control socket, as
 * `npm run backup` asks), beside the same reads without one: product reads (answered from the
 * catalogue cache) and database reads, whose wait shows how long a backup holds PGlite's one
 * connection.
 */
export async function backup(): Promise<Figure[]> {
  const seconds = Number(process.env.BENCH_BACKUP_SECONDS ?? 5);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-backup-'));
  const server = await startBenchServer(
    'API on PGlite',
    { SEED_DEMO: 'true', DATA_DIR: dataDir, BACKUP_INTERVAL_HOURS: '0' },
    { timeoutMs: 180_000 },
  );
  try {
    const products = (await (await fetch(`${server.url}/api/products`)).json()) as { id: number }[];
    const ids = products.map((product) => product.id);
    await load(server.url, ids, 3); // warm-up: caches filled, connections open

    // Three rounds of each, alternating: the machine's speed drifts within a minute (see "Why ratios").
    const pauses: number[] = [];
    const sizes: number[] = [];
    const durations: number[] = [];
    const quietRounds: Latencies[] = [];
    const busyRounds: Latencies[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      quietRounds.push(await load(server.url, ids, seconds));
      let backingUp = true;
      const backups = (async () => {
        while (backingUp) {
          const started = performance.now();
          const answer = await askShop(dataDir, { command: 'backup', out: join(dataDir, 'bench.tar.gz') });
          if (!answer?.ok) throw new Error(`backup failed: ${JSON.stringify(answer)}`);
          durations.push(performance.now() - started);
          sizes.push(Number(answer.bytes));
          const held = answer.pauses as { checkpointMs: number; startMs: number; stopMs: number };
          pauses.push(held.checkpointMs, held.startMs, held.stopMs);
        }
      })();
      busyRounds.push(await load(server.url, ids, seconds));
      backingUp = false;
      await backups;
    }
    pauses.sort((a, b) => a - b);

    const p = (values: number[], at: number) => round(percentile(values, at), 1);
    /** The round with the median p99 of `pick`, and every round's p99 for the detail. */
    const median = (rounds: Latencies[], pick: (latencies: Latencies) => number[]) => {
      const sorted = [...rounds].sort((a, b) => percentile(pick(a), 99) - percentile(pick(b), 99));
      return { round: sorted[1]!, all: rounds.map((r) => p(pick(r), 99)).join(' / ') };
    };
    const quiet = median(quietRounds, (r) => r.products);
    const busy = median(busyRounds, (r) => r.products);
    const quietDb = median(quietRounds, (r) => r.database);
    const busyDb = median(busyRounds, (r) => r.database);
    const errors = [...quietRounds, ...busyRounds].reduce((sum, r) => sum + r.errors, 0);
    return [
      {
        section: 'backup',
        figure: `product reads at ${PRODUCT_RATE}/s without a backup, p50 / p99 (median of ${ROUNDS} rounds)`,
        value: `${p(quiet.round.products, 50)} / ${p(quiet.round.products, 99)} ms`,
        pass: null,
        detail: `p99 of each round: ${quiet.all} ms`,
      },
      {
        section: 'backup',
        figure: `product reads while backups run back to back, p50 / p99 (median of ${ROUNDS} rounds)`,
        value: `${p(busy.round.products, 50)} / ${p(busy.round.products, 99)} ms`,
        target: 'p99 ≤ 50 ms',
        pass: percentile(busy.round.products, 99) <= 50,
        detail: `p99 of each round: ${busy.all} ms`,
      },
      {
        section: 'backup',
        figure: `database reads (/api/health) at ${DATABASE_RATE}/s, p99 / max: without / with backups`,
        value: `${p(quietDb.round.database, 99)} / ${p(quietDb.round.database, 100)} ms, ${p(busyDb.round.database, 99)} / ${p(busyDb.round.database, 100)} ms`,
        pass: null,
        detail: `p99 of each round without: ${quietDb.all} ms; with: ${busyDb.all} ms`,
      },
      {
        section: 'backup',
        figure: 'database held per statement: median / max (statements in backups)',
        value: `${p(pauses, 50)} / ${p(pauses, 100)} ms (${pauses.length} in ${durations.length})`,
        target: 'max ≤ 50 ms',
        pass: percentile(pauses, 100) <= 50,
        detail: pauses.map((ms) => round(ms, 1)).join(' '),
      },
      {
        section: 'backup',
        figure: 'one backup of the demo shop: time / size',
        value: `${Math.round(
          percentile(
            durations.sort((a, b) => a - b),
            50,
          ),
        )} ms / ${round((sizes[0] ?? 0) / 1e6, 1)} MB`,
        pass: null,
      },
      {
        section: 'backup',
        figure: 'errors (both phases)',
        value: errors,
        target: '0',
        pass: errors === 0,
      },
    ];
  } finally {
    await stopBenchServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
