/**
 * A small Prometheus registry (text exposition format 0.0.4): counters, gauges and histograms
 * with labels, and collectors that fill gauges when scraped. Enough for one shop; no client library.
 */
type Labels = Record<string, string>;

const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');

function labelText(labels: Labels, extra?: [string, string]): string {
  const pairs = Object.entries(labels);
  if (extra) pairs.push(extra);
  if (pairs.length === 0) return '';
  return `{${pairs.map(([key, value]) => `${key}="${escapeLabel(value)}"`).join(',')}}`;
}

const number = (value: number) =>
  Number.isFinite(value) ? String(value) : value > 0 ? '+Inf' : value < 0 ? '-Inf' : 'NaN';

interface Metric {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram';
  lines(): string[];
}

/** One series per distinct label set; the key is the labels' text, so lookups are one Map get. */
class Series<T> {
  readonly values = new Map<string, { labels: Labels; value: T }>();
  constructor(private readonly initial: () => T) {}
  get(labels: Labels): { labels: Labels; value: T } {
    const key = labelText(labels);
    let entry = this.values.get(key);
    if (!entry) this.values.set(key, (entry = { labels, value: this.initial() }));
    return entry;
  }
}

export class Counter implements Metric {
  readonly type = 'counter';
  private readonly series = new Series(() => 0);
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}
  inc(labels: Labels = {}, by = 1): void {
    this.series.get(labels).value += by;
  }
  value(labels: Labels = {}): number {
    return this.series.values.get(labelText(labels))?.value ?? 0;
  }
  lines(): string[] {
    return [...this.series.values.values()].map(({ labels, value }) => `${this.name}${labelText(labels)} ${value}`);
  }
}

export class Gauge implements Metric {
  readonly type = 'gauge';
  private series = new Series(() => 0);
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}
  set(labels: Labels, value: number): void {
    this.series.get(labels).value = value;
  }
  /** Forgets every series (a collector that sets the whole set again, e.g. orders by status). */
  reset(): void {
    this.series = new Series(() => 0);
  }
  lines(): string[] {
    return [...this.series.values.values()].map(
      ({ labels, value }) => `${this.name}${labelText(labels)} ${number(value)}`,
    );
  }
}

export class Histogram implements Metric {
  readonly type = 'histogram';
  private readonly series: Series<{ counts: number[]; sum: number; count: number }>;
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly buckets: number[],
  ) {
    this.series = new Series(() => ({ counts: buckets.map(() => 0), sum: 0, count: 0 }));
  }
  observe(labels: Labels, value: number): void {
    const { value: state } = this.series.get(labels);
    for (let index = 0; index < this.buckets.length; index += 1)
      if (value <= this.buckets[index]!) state.counts[index]! += 1;
    state.sum += value;
    state.count += 1;
  }
  lines(): string[] {
    const lines: string[] = [];
    for (const { labels, value } of this.series.values.values()) {
      this.buckets.forEach((bound, index) =>
        lines.push(`${this.name}_bucket${labelText(labels, ['le', String(bound)])} ${value.counts[index]}`),
      );
      lines.push(`${this.name}_bucket${labelText(labels, ['le', '+Inf'])} ${value.count}`);
      lines.push(`${this.name}_sum${labelText(labels)} ${value.sum}`);
      lines.push(`${this.name}_count${labelText(labels)} ${value.count}`);
    }
    return lines;
  }
}

export class Registry {
  private readonly metrics: Metric[] = [];
  private readonly collectors: (() => Promise<void> | void)[] = [];

  private add<T extends Metric>(metric: T): T {
    this.metrics.push(metric);
    return metric;
  }
  counter(name: string, help: string): Counter {
    return this.add(new Counter(name, help));
  }
  gauge(name: string, help: string): Gauge {
    return this.add(new Gauge(name, help));
  }
  histogram(name: string, help: string, buckets: number[]): Histogram {
    return this.add(new Histogram(name, help, buckets));
  }
  /** Runs before every scrape, to set gauges from the database and the process. */
  collect(collector: () => Promise<void> | void): void {
    this.collectors.push(collector);
  }

  async render(): Promise<string> {
    await Promise.all(this.collectors.map(async (collector) => collector()));
    const out: string[] = [];
    for (const metric of this.metrics) {
      out.push(`# HELP ${metric.name} ${metric.help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}`);
      out.push(`# TYPE ${metric.name} ${metric.type}`);
      out.push(...metric.lines());
    }
    return `${out.join('\n')}\n`;
  }
}

/** What a cache counts: a cache that is handed one increments it on every read. */
export interface CacheCounter {
  hit(): void;
  miss(): void;
}
