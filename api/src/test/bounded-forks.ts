import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ForksPoolWorker, type PoolOptions, type PoolRunnerInitializer } from 'vitest/node';

/**
 * Vitest's `forks` pool with a memory ceiling per worker (decision 0067). The API files share a
 * worker's process (`isolate: false`, decision 0049), and every file leaves some of its memory
 * behind: a closed app's PGlite and modules are not all collected, so a worker's resident memory
 * grew past 1.5 GB and a late file that allocates much crawled (the tar reader: 1.1 s alone, 33 s
 * there). After each file the pool asks `canReuse` before handing the worker the next one: past
 * the ceiling the worker is ended and the next file starts in a fresh one, as the first file did.
 * Vitest's own `vmMemoryLimit` does this for its `vm*` pools only.
 */
export function boundedForks(ceilingBytes: number): PoolRunnerInitializer {
  return {
    name: 'bounded-forks',
    createPoolWorker: (options) => new BoundedForksWorker(options, ceilingBytes),
  };
}

/** The resident memory of a process (Linux: /proc/<pid>/statm), or undefined where it cannot be read. */
function residentBytes(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]);
    return Number.isFinite(pages) ? pages * 4096 : undefined;
  } catch {
    return undefined;
  }
}

class BoundedForksWorker extends ForksPoolWorker {
  override readonly name = 'bounded-forks';
  /** The worker then reports its heap after each file (Vitest's `usedMemory`), where /proc is not there. */
  readonly reportMemory = true;
  private heapUsed = 0;
  private readonly ceiling: number;

  constructor(options: PoolOptions, ceilingBytes: number) {
    super(options);
    this.ceiling = ceilingBytes;
  }

  private readonly watch = (message: unknown) => {
    const finished = message as { type?: string; usedMemory?: number } | null;
    if (finished?.type === 'testfileFinished' && typeof finished.usedMemory === 'number')
      this.heapUsed = finished.usedMemory;
  };

  override async start() {
    await super.start();
    this.on('message', this.watch);
  }

  /** The worker's process (private in Vitest's types; read for its pid only). */
  private get child(): ChildProcess {
    return (this as unknown as { fork: ChildProcess }).fork;
  }

  /** Whether the worker may take another file: its resident memory (else its heap) under the ceiling. */
  canReuse() {
    const used = residentBytes(this.child.pid) ?? this.heapUsed;
    const reuse = used < this.ceiling;
    if (process.env.VITEST_POOL_MEMORY_LOG)
      process.stdout.write(
        `[bounded-forks] worker ${this.child.pid}: ${Math.round(used / 1e6)} MB, ${reuse ? 'reused' : 'replaced'}\n`,
      );
    return reuse;
  }
}
