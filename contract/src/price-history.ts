/**
 * The price-reduction rule of EU law (Directive 98/6/EC, Art. 6a, as the Omnibus Directive
 * 2019/2161 wrote it; the Court of Justice, C-330/23, Aldi Süd): an announced reduction shows as the
 * prior price the lowest price the product had in the 30 days before the reduction began, and any
 * percentage is computed from that prior price. TRADE.md section 4; issue 30.
 */

/** One change of the price a shopper pays: from `at` on, `priceCents`. A history is oldest first. */
export interface PricePoint {
  priceCents: number;
  at: Date;
}

/** The period before a reduction whose lowest price is its prior price. */
export const PRIOR_PRICE_DAYS = 30;

const DAY_MS = 86_400_000;

/**
 * The prior price of a reduction that begins at `startsAt`: the lowest of the prices in force at
 * any moment of the 30 days before it, the one already in force when that window opened included.
 * A product priced for less than 30 days: the lowest since its first price. null when it had no
 * price before `startsAt` (a price it starts with is no reduction).
 */
export function priorPriceCents(history: readonly PricePoint[], startsAt: Date): number | null {
  const opens = startsAt.getTime() - PRIOR_PRICE_DAYS * DAY_MS;
  const ends = startsAt.getTime();
  let lowest: number | null = null;
  for (const [index, point] of history.entries()) {
    const from = point.at.getTime();
    const until = history[index + 1]?.at.getTime() ?? Number.POSITIVE_INFINITY;
    // In force during [from, until): it counts when that overlaps [opens, ends).
    if (from < ends && until > opens && from < until) lowest = Math.min(lowest ?? point.priceCents, point.priceCents);
  }
  return lowest;
}

/**
 * How much lower `priceCents` is than the prior price, in whole percent rounded half up (the figure
 * a shop may show); 0 when it is not lower.
 */
export function percentOff(priorCents: number, priceCents: number): number {
  if (priorCents <= 0 || priceCents >= priorCents) return 0;
  return Math.floor(((priorCents - priceCents) * 200 + priorCents) / (2 * priorCents));
}

/** A sale as the shop keeps it: from `startsAt` until `endsAt` (null: until ended), `priceCents`. */
export interface SaleSpan {
  priceCents: number;
  startsAt: Date;
  endsAt: Date | null;
}

/**
 * The price a shopper paid, change by change, oldest first, up to `now`: the regular price's
 * changes (`regular`, oldest first) with the sales laid over them where they are lower (sales do
 * not overlap; if they did, the later start wins). A change to the same price is no change.
 */
export function paidPriceHistory(regular: readonly PricePoint[], sales: readonly SaleSpan[], now: Date): PricePoint[] {
  const instants = new Set<number>();
  for (const point of regular) instants.add(point.at.getTime());
  for (const sale of sales) {
    instants.add(sale.startsAt.getTime());
    if (sale.endsAt) instants.add(sale.endsAt.getTime());
  }
  const history: PricePoint[] = [];
  for (const time of [...instants].filter((t) => t <= now.getTime()).sort((a, b) => a - b)) {
    const price = priceAt(regular, sales, time);
    if (price !== null && price !== history.at(-1)?.priceCents) history.push({ priceCents: price, at: new Date(time) });
  }
  return history;
}

function priceAt(regular: readonly PricePoint[], sales: readonly SaleSpan[], time: number): number | null {
  let sale: SaleSpan | undefined;
  for (const candidate of sales) {
    const covers =
      candidate.startsAt.getTime() <= time && (candidate.endsAt === null || candidate.endsAt.getTime() > time);
    if (covers && (!sale || candidate.startsAt > sale.startsAt)) sale = candidate;
  }
  let price: number | null = null;
  for (const point of regular) if (point.at.getTime() <= time) price = point.priceCents;
  // A sale above the regular price is no sale: the lower price is what a shopper paid.
  return sale && (price === null || sale.priceCents < price) ? sale.priceCents : price;
}
