import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runNode, startServer, stop } from '../../api/src/robustness/support/server.js';
import { API_ENTRY, SERVER_ENV } from './fixture.js';
import { cpuSeconds, percentile, round, rssMb, sleep, type Figure } from './lib.js';

/** Process start to the first 200 on /api/health on an existing embedded database, and idle RSS. */
export async function startup(): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-startup-'));
  try {
    // First start: creates, migrates and seeds the embedded database (not timed).
    await stop(
      await startServer(
        { ...SERVER_ENV, SEED_DEMO: 'true', DATA_DIR: dataDir },
        { entry: API_ENTRY, timeoutMs: 180_000 },
      ),
    );
    const times: number[] = [];
    let idleRss = 0;
    let idleCpu = 0;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const port = 20_000 + Math.floor(Math.random() * 20_000);
      const started = performance.now();
      const run = runNode(API_ENTRY, [], {
        ...SERVER_ENV,
        SEED_DEMO: 'true',
        DATA_DIR: dataDir,
        PORT: String(port),
        ADMIN_PASSWORD: 'bench-root-password',
      });
      for (;;) {
        if (run.child.exitCode !== null) throw new Error(`server exited:\n${run.output()}`);
        const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (response) => response.status === 200,
          () => false,
        );
        if (ok) break;
        if (performance.now() - started > 60_000) throw new Error(`no answer within 60 s:\n${run.output()}`);
        await sleep(10);
      }
      times.push(performance.now() - started);
      if (attempt === 0) {
        await sleep(5000);
        const before = cpuSeconds(run.child.pid!);
        await sleep(5000);
        idleCpu = ((cpuSeconds(run.child.pid!) - before) / 5) * 100;
        idleRss = rssMb(run.child.pid!);
      }
      await stop(run);
    }
    times.sort((a, b) => a - b);
    const median = percentile(times, 50);
    return [
      {
        section: 'startup',
        figure: 'start to first 200 on /api/health (median of 3)',
        value: Math.round(median),
        unit: 'ms',
        target: '≤ 3000 ms',
        pass: median <= 3000,
      },
      {
        section: 'startup',
        figure: 'idle RSS / idle CPU',
        value: `${round(idleRss, 0)} MB / ${round(idleCpu, 1)} %`,
        pass: null,
      },
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
