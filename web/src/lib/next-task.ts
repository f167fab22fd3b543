/**
 * Chromium's scheduler.yield(): a new task that runs before other queued work. Other browsers may
 * have no `scheduler`, or one without `yield`; TypeScript's newer DOM types declare the global, the
 * older ones do not, so it is read through this type rather than declared again.
 */
interface YieldingScheduler {
  yield?: () => Promise<void>;
}

/**
 * Ends the current task: the browser may paint or answer input before the work goes on. Each
 * step of the app's start is then a short task, where together they would hold the main thread
 * for the length of all of them (on a slow phone, several hundred milliseconds).
 */
export const nextTask = (): Promise<void> =>
  (globalThis as { scheduler?: YieldingScheduler }).scheduler?.yield?.() ??
  new Promise((resolve) => setTimeout(resolve, 0));
