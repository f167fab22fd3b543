import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * Where the bundles go: one level below the api package, as `api/dist/main.js` is, so that
 * `paths.ts` finds the migrations, fonts and images from a bundle as it does in production, and
 * the packages left external resolve from `node_modules`. Ignored by git, ESLint and Prettier.
 */
const outDir = join(repoRoot, 'api/.test-dist');
const dependencies = Object.keys(
  (JSON.parse(readFileSync(join(repoRoot, 'api/package.json'), 'utf8')) as { dependencies: Record<string, string> })
    .dependencies,
).filter((name) => name !== '@shop/contract');

const built = new Map<string, string>();

/** Whether a process runs (EPERM: it runs, as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the bundles of test processes that are gone without removing theirs (a worker is often ended, not exited). */
function removeOrphans() {
  let names: string[] = [];
  try {
    names = readdirSync(outDir);
  } catch {
    return; // no folder yet
  }
  for (const name of names) {
    const pid = Number(/-(\d+)-[a-z0-9]+\.js$/.exec(name)?.[1]);
    if (pid && !isRunning(pid)) rmSync(join(outDir, name), { force: true });
  }
}

/** The bundles this process wrote, removed when it exits (one list per process: test files share one). */
const LEFT = Symbol.for('shop.test.bundles');
const processState = process as unknown as Record<symbol, Set<string> | undefined>;
function removeAtExit(file: string) {
  let files = processState[LEFT];
  if (!files) {
    const created = new Set<string>();
    processState[LEFT] = files = created;
    process.once('exit', () => created.forEach((left) => rmSync(left, { force: true })));
  }
  files.add(file);
}

/**
 * A TypeScript entry (`api/src/main.ts`, `scripts/backup.ts`, …) bundled once per test file into
 * one JavaScript file, as `npm run build` bundles the server (api/build.mjs: the contract inlined,
 * every package external). A process started from it loads in about a quarter of the CPU time
 * that `tsx` takes to compile and load the same sources (0.55 s against 2.2 s a start), and the
 * robustness tests start over a dozen of them. Removed when the test process exits, or by the next
 * test process when it did not.
 */
export function bundled(entry: string): string {
  const known = built.get(entry);
  if (known) return known;
  removeOrphans();
  const file = join(outDir, `${basename(entry, '.ts')}-${process.pid}-${Date.now().toString(36)}.js`);
  buildSync({
    entryPoints: [join(repoRoot, entry)],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: dependencies,
    logLevel: 'warning',
  });
  built.set(entry, file);
  removeAtExit(file);
  return file;
}
