/** How long work waits for an idle moment at the most (requestIdleCallback's `timeout`). */
const IDLE_AT_THE_LATEST_MS = 2000;
/** Where the browser has no requestIdleCallback (Safari before 18): a plain delay. */
const IDLE_FALLBACK_MS = 1000;

/** Runs `work` once the browser is idle (or after two seconds at the latest); returns a cancel. */
export function whenIdle(work: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(work, { timeout: IDLE_AT_THE_LATEST_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(work, IDLE_FALLBACK_MS);
  return () => clearTimeout(id);
}
