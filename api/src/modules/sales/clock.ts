import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { nextSaleBoundary } from './service.js';

/** After a sale's hour, by this much: another process's clock may run a little behind the database's. */
const MARGIN_MS = 1_000;
/** Never wait longer than this in one go (timers hold 2^31 ms at most); then look again. */
const MAX_WAIT_MS = 3_600_000;

/**
 * Sales start and end by themselves, with no write to announce them: this process's clock
 * announces a catalogue change at each sale's start and end, so the catalogue answers, the
 * rendered pages, carts, the sitemap and their ETags follow within a second, here and in every
 * other process (each runs this clock). It plans the next instant again after every catalogue
 * change, that of its own announcement included.
 */
export const saleClock = fp(async (app: FastifyInstance) => {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let planning: Promise<void> | undefined;
  let again = false;

  const wake = (at: Date) => {
    if (Date.now() + MARGIN_MS >= at.getTime()) app.caches.feed.announce({ kind: 'catalogue' });
    else plan();
  };

  const planNext = async () => {
    const next = await nextSaleBoundary(app.db);
    clearTimeout(timer);
    if (closed || !next) return;
    const wait = Math.min(Math.max(next.getTime() + MARGIN_MS - Date.now(), 0), MAX_WAIT_MS);
    timer = setTimeout(() => wake(next), wait);
    timer.unref();
  };

  /** Plans once at a time; a change heard meanwhile plans once more after it. */
  function plan(): void {
    if (planning) {
      again = true;
      return;
    }
    planning = planNext()
      .catch((error: unknown) => app.log.error({ err: error }, 'sale clock: could not read the next sale boundary'))
      .finally(() => {
        planning = undefined;
        if (again && !closed) {
          again = false;
          plan();
        }
      });
  }

  app.caches.feed.subscribe((change) => {
    if (change.kind === 'catalogue' || change.kind === 'all') plan();
  });
  app.addHook('onReady', async () => plan());
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
    await planning;
  });
});
