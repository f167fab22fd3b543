import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client.js';
import type { BackupService } from '../../platform/backup/service.js';
import type { CacheStats } from '../../platform/cache/shared-cache.js';
import { ordersByStatus } from '../orders/reads.js';

/** Request latency buckets, in seconds: from a cached read (< 1 ms) to a slow upload. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** The data folder's size is walked at most this often (a scrape every few seconds stays cheap). */
const SIZE_EVERY_MS = 30_000;

async function folderBytes(path: string): Promise<number> {
  let total = 0;
  const entries = await readdir(path, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const child = join(path, entry.name);
    if (entry.isDirectory()) total += await folderBytes(child);
    else if (entry.isFile())
      total += await stat(child).then(
        (info) => info.size,
        () => 0,
      );
  }
  return total;
}

export interface ShopMetrics {
  registry: Registry;
  /** The registry in Prometheus' text format, its gauges set from the database and the process first. */
  render(): Promise<string>;
  /** Counts one answered request (the onResponse hook). */
  request(method: string, route: string, status: number, seconds: number): void;
  /** Counts a request the catalogue fast path answered before Fastify (decision 0014), as a request too. */
  fastPathAnswer(route: string, status: number, seconds: number): void;
  close(): void;
}

let processRegistry: Registry | undefined;

/**
 * prom-client's default process and Node.js metrics, registered once per process: they describe
 * the process, and their monitors (an event-loop histogram sampling every 10 ms, a GC observer)
 * cannot be stopped, so one set per app left every closed app of a test worker still sampling.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * The shop's metrics in a prom-client registry of its own (never the global one: every app of a
 * test file has its own), answered with prom-client's default process and Node.js metrics.
 */
export function createShopMetrics(
  database: Database,
  backups: BackupService,
  cacheStats: () => Record<string, CacheStats>,
): ShopMetrics {
  const registry = new Registry();
  const registers = [registry];
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Counter<L>({ name, help, labelNames, registers });
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Gauge<L>({ name, help, labelNames, registers });

  const requests = counter('shop_http_requests_total', 'HTTP requests answered, by method, route and status', [
    'method',
    'route',
    'status',
  ]);
  const latency = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Time to answer, by method and route',
    labelNames: ['method', 'route'],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const fastPath = counter(
    'shop_http_fast_path_answers_total',
    'Cached anonymous catalogue reads answered before Fastify (also counted in shop_http_requests_total)',
  );
  const cacheReads = counter('shop_cache_reads_total', 'Cache reads, by cache and result (hit or miss)', [
    'cache',
    'result',
  ]);
  const hitRatio = gauge('shop_cache_hit_ratio', 'Hits / reads since start, by cache', ['cache']);
  const orders = gauge('shop_orders', 'Orders in the database, by status', ['status']);
  const pool = gauge('shop_db_pool_connections', 'PostgreSQL pool connections, by state (total, idle, waiting)', [
    'state',
  ]);
  // Only with the embedded database: an unlabelled gauge would otherwise answer 0.
  const pgliteBytes = database.pglite
    ? gauge('shop_pglite_data_bytes', 'Size of the embedded database folder')
    : undefined;
  const memory = gauge('process_memory_bytes', 'Process memory, by kind (rss, heap_used, heap_total, external)', [
    'kind',
  ]);
  const uptime = gauge('process_uptime_seconds', 'Seconds since the process started');
  const loopDelay = gauge(
    'nodejs_eventloop_delay_seconds',
    'Event loop delay since the previous scrape, by quantile (0.5, 0.99, 1 = max)',
    ['quantile'],
  );
  const backupLast = gauge(
    'shop_backup_last_success_timestamp_seconds',
    'When the last successful backup was taken (0: none recorded)',
  );
  const backupBytes = gauge('shop_backup_last_bytes', 'Size of the last successful backup');
  const backupFailed = gauge('shop_backup_last_attempt_failed', '1 when the last backup attempt failed');
  const backupPause = gauge(
    'shop_backup_database_pause_seconds',
    "How long each statement of this process's last backup held the embedded database, by statement",
    ['statement'],
  );

  /** What each cache had counted at the last scrape: the counters grow by the difference. */
  const counted = new Map<string, CacheStats>();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let sized = { at: 0, bytes: 0 };

  /** Run before every scrape, together, to set gauges from the database and the process. */
  const collectors: (() => Promise<void> | void)[] = [
    async () => {
      const rows = await ordersByStatus(database.db);
      orders.reset();
      for (const row of rows) orders.set({ status: row.status }, row.count);
    },
    async () => {
      if (database.pool) {
        pool.set({ state: 'total' }, database.pool.totalCount);
        pool.set({ state: 'idle' }, database.pool.idleCount);
        pool.set({ state: 'waiting' }, database.pool.waitingCount);
      }
      const folder = database.pglite?.dataDir;
      if (folder && Date.now() - sized.at > SIZE_EVERY_MS) sized = { at: Date.now(), bytes: await folderBytes(folder) };
      pgliteBytes?.set(sized.bytes);
    },
    () => {
      const usage = process.memoryUsage();
      memory.set({ kind: 'rss' }, usage.rss);
      memory.set({ kind: 'heap_used' }, usage.heapUsed);
      memory.set({ kind: 'heap_total' }, usage.heapTotal);
      memory.set({ kind: 'external' }, usage.external);
      uptime.set(process.uptime());
      loopDelay.set({ quantile: '0.5' }, delay.percentile(50) / 1e9);
      loopDelay.set({ quantile: '0.99' }, delay.percentile(99) / 1e9);
      loopDelay.set({ quantile: '1' }, delay.max / 1e9);
      delay.reset();
      for (const [name, stats] of Object.entries(cacheStats())) {
        const before = counted.get(name) ?? { hits: 0, misses: 0 };
        cacheReads.inc({ cache: name, result: 'hit' }, stats.hits - before.hits);
        cacheReads.inc({ cache: name, result: 'miss' }, stats.misses - before.misses);
        counted.set(name, { ...stats });
        const reads = stats.hits + stats.misses;
        hitRatio.set({ cache: name }, reads === 0 ? 0 : stats.hits / reads);
      }
    },
    async () => {
      const overview = await backups.overview();
      backupLast.set(overview.last ? Date.parse(overview.last.at) / 1000 : 0);
      backupBytes.set(overview.last?.bytes ?? 0);
      backupFailed.set(overview.lastAttempt?.status === 'failed' ? 1 : 0);
      const pauses = backups.last?.pauses;
      if (pauses) {
        backupPause.set({ statement: 'checkpoint' }, pauses.checkpointMs / 1000);
        backupPause.set({ statement: 'pg_backup_start' }, pauses.startMs / 1000);
        backupPause.set({ statement: 'pg_backup_stop' }, pauses.stopMs / 1000);
      }
    },
  ];

  const request: ShopMetrics['request'] = (method, route, status, seconds) => {
    requests.inc({ method, route, status: String(status) });
    latency.observe({ method, route }, seconds);
  };
  return {
    registry,
    async render() {
      await Promise.all(collectors.map(async (collector) => collector()));
      return `${await processMetrics().metrics()}\n${await registry.metrics()}`;
    },
    request,
    fastPathAnswer(route, status, seconds) {
      fastPath.inc();
      request('GET', route, status, seconds);
    },
    close: () => delay.disable(),
  };
}
