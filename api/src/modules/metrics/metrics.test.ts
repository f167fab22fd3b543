import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createProduct, createUser } from '../../test/factories.js';

const TOKEN = 'metrics-token-for-the-test-0123';

/**
 * Prometheus' text format, strictly: every line a comment, `name{labels} value` or empty (ignored).
 * A sample's key lists its labels sorted by name (their order means nothing to Prometheus).
 */
function parse(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  const types = new Map<string, string>();
  expect(text.endsWith('\n')).toBe(true);
  for (const line of text.trimEnd().split('\n')) {
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram)$/.exec(line);
    if (type) {
      expect(types.has(type[1]!), `TYPE twice for ${type[1]}`).toBe(false);
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (line.startsWith('# HELP ') || line === '') continue;
    const sample =
      /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{((?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*",?)*)\})? (\S+)$/.exec(line);
    expect(sample, `not a Prometheus sample: ${line}`).not.toBeNull();
    const [, name, labels, text] = sample as unknown as [string, string, string | undefined, string];
    const value = /^[+-]?Inf$/.test(text) ? (text.startsWith('-') ? -Infinity : Infinity) : Number(text);
    // prom-client's event loop mean and deviation are NaN when no delay was sampled since the last scrape.
    expect(Number.isNaN(value) && !/^nodejs_eventloop_lag_(mean|stddev)_seconds$/.test(name), line).toBe(false);
    const family = name.replace(/_(bucket|sum|count)$/, '');
    expect(types.has(name) || types.get(family) === 'histogram', `no TYPE before ${line}`).toBe(true);
    const pairs = labels ? (labels.match(/[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*"/g) ?? []) : [];
    samples.set(pairs.length ? `${name}{${pairs.sort().join(',')}}` : name, value);
  }
  return samples;
}

describe('GET /api/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 404, with or without a token', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await t.app.inject({ url: '/api/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    }
  });
});

describe('GET /api/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const response = await t.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    return parse(response.body);
  };

  it('refuses a missing or wrong token with 401', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-of-the-same-size', TOKEN]) {
      const response = await t.app.inject({ url: '/api/metrics', headers: authorization ? { authorization } : {} });
      expect(response.statusCode).toBe(401);
    }
  });

  it('counts requests by route and status, with a latency histogram', async () => {
    const product = await createProduct(t.db);
    const before = await scrape();
    const key = `{method="GET",route="/api/products/:id",status="200"}`;
    for (let index = 0; index < 3; index += 1)
      expect((await t.app.inject({ url: `/api/products/${product.id}` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/products/999999' })).statusCode).toBe(404);
    const after = await scrape();
    expect(
      (after.get(`shop_http_requests_total${key}`) ?? 0) - (before.get(`shop_http_requests_total${key}`) ?? 0),
    ).toBe(3);
    expect(after.get(`shop_http_requests_total{method="GET",route="/api/products/:id",status="404"}`)).toBe(1);
    const histogram = `{method="GET",route="/api/products/:id"}`;
    expect(after.get(`shop_http_request_duration_seconds_count${histogram}`)).toBe(4);
    expect(
      after.get(`shop_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/products/:id"}`),
    ).toBe(4);
    expect(after.get(`shop_http_request_duration_seconds_sum${histogram}`)).toBeGreaterThan(0);
  });

  it('counts catalogue cache hits and misses and their ratio', async () => {
    const product = await createProduct(t.db);
    const before = await scrape();
    const hits = (samples: Map<string, number>, result: string) =>
      samples.get(`shop_cache_reads_total{cache="catalogue",result="${result}"}`) ?? 0;
    await t.app.inject({ url: `/api/products/${product.id}?lang=bg` }); // built: a miss
    await t.app.inject({ url: `/api/products/${product.id}?lang=bg` }); // a hit
    await t.app.inject({ url: `/api/products/${product.id}?lang=bg` });
    const after = await scrape();
    expect(hits(after, 'miss') - hits(before, 'miss')).toBe(1);
    expect(hits(after, 'hit') - hits(before, 'hit')).toBe(2);
    const ratio = after.get('shop_cache_hit_ratio{cache="catalogue"}')!;
    expect(ratio).toBeCloseTo(hits(after, 'hit') / (hits(after, 'hit') + hits(after, 'miss')), 6);
  });

  it('reports orders by status from the database, process memory and the database', { tags: ['engine'] }, async () => {
    const shopper = await createUser(t.db);
    const order = (status: string, index: number) => ({
      userId: shopper.id,
      status,
      currency: 'USD',
      totalCents: 1000,
      paymentProvider: 'local',
      paymentSessionId: `cs_metrics_${status}_${index}`,
    });
    await t.db.insert(orders).values([order('paid', 1), order('paid', 2), order('pending', 1)] as never);
    const samples = await scrape();
    expect(samples.get('shop_orders{status="paid"}')).toBe(2);
    expect(samples.get('shop_orders{status="pending"}')).toBe(1);
    expect(samples.get('process_memory_bytes{kind="rss"}')).toBeGreaterThan(10_000_000);
    expect(samples.get('process_uptime_seconds')).toBeGreaterThan(0);
    // prom-client's default metrics, in this app's own registry. Its CPU counters count from the
    // app's start, in the kernel's ticks: a scrape soon after it may rightly read 0.
    expect(samples.get('process_cpu_user_seconds_total')).toBeGreaterThanOrEqual(0);
    expect(samples.get('nodejs_heap_size_used_bytes')).toBeGreaterThan(1_000_000);
    expect(samples.get('shop_backup_last_success_timestamp_seconds')).toBe(0);
    if (t.database.kind === 'postgres')
      expect(samples.get('shop_db_pool_connections{state="total"}')).toBeGreaterThan(0);
  });
});
