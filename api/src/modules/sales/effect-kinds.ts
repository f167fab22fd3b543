import { z } from 'zod';
import { effectKind } from '../../platform/outbox/declare.js';
import { at } from '../../platform/outbox/timed.js';

/** After a sale's hour, by this much: a process's clock may run a little behind the database's. */
const MARGIN_MS = 1_000;

/**
 * A sale starts or ends at its hour with no write to announce it: an effect due then announces a
 * catalogue change to every process (effects.ts), so the catalogue answers, the rendered pages,
 * carts, the sitemap and their ETags follow within a second or two. Keyed by the instant: two sales
 * starting at once share one (decision 0052).
 */
export const SALE_BOUNDARY = effectKind('sale.boundary', z.object({ at: z.string() }));

/** The boundary effect of instant `when`. */
export const saleBoundary = (when: Date) =>
  at(SALE_BOUNDARY, new Date(when.getTime() + MARGIN_MS), { at: when.toISOString() }, { id: when.toISOString() });
