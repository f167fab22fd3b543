declare global {
  // Chromium's scheduler.yield(): a new task that runs before other queued work.
  var scheduler: { yield?: () => Promise<void> } | undefined;
}

/**
 * Ends the current task: the browser may paint or answer input before the work goes on. Each
 * step of the app's start is then a short task, where together they would hold the main thread
 * for the length of all of them (on a slow phone, several hundred milliseconds).
 */
export const nextTask = (): Promise<void> =>
  globalThis.scheduler?.yield?.() ?? new Promise((resolve) => setTimeout(resolve, 0));
