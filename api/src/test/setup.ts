// Each API test file runs in a worker that earlier files used (vitest.config.ts: `isolate: false`):
// Node, the packages and PGlite's WebAssembly stay loaded, and only the shop's own modules start
// afresh for every file, as they did in a process of its own, so no module state of the app
// crosses from one file to the next (decision 0049, "Files share a worker").
import { afterEach, vi } from 'vitest';

vi.resetModules();

// A console.error in a test is a bug somewhere: fail loudly instead of scrolling past it. The trap
// is set once per worker and its list emptied for each file.
const TRAP = Symbol.for('shop.test.console-errors');
type Trap = ((...args: unknown[]) => void) & { [TRAP]?: unknown[][] };
if (!(console.error as Trap)[TRAP]) {
  const original = console.error;
  const seen: unknown[][] = [];
  console.error = Object.assign(
    (...args: unknown[]) => {
      seen.push(args);
      original(...args);
    },
    { [TRAP]: seen },
  );
}
const errors = (console.error as Trap)[TRAP]!;
errors.length = 0;
afterEach(() => {
  const seen = errors.splice(0);
  vi.restoreAllMocks();
  if (seen.length > 0) throw new Error(`console.error was called: ${String(seen[0]?.[0])}`);
});
