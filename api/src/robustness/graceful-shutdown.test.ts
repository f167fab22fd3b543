// @module-tag engine: in-flight requests finish on each engine's connections.
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { testDbKind } from '../test/database.js';
import { createProduct, createUser } from '../test/factories.js';
import { emptyPostgresDatabase } from './support/postgres.js';
import { migratedDataDir } from './support/data-dir.js';
import { startServer, stop, type ServerRun } from './support/server.js';

const LOAD_LOOPS = 24;
const SLOW_REQUESTS = 10;

/** A POST whose body is sent in two halves: the server is mid-request until `finish()` is called. */
function slowPost(url: string, path: string, token: string, body: string) {
  const half = Math.floor(body.length / 2);
  let finish!: () => void;
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = httpRequest(
      `${url}${path}`,
      {
        method: 'POST',
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    request.on('error', reject);
    request.write(body.slice(0, half));
    finish = () => request.end(body.slice(half));
  });
  return { response, finish: () => finish() };
}

describe('graceful shutdown', () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterAll(() => cleanup?.());

  it('finishes every in-flight request after SIGTERM, drops none, then exits 0', async () => {
    // Seed a shopper and a product, then hand the database to a real server process.
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-shutdown-'));
    const postgres = testDbKind === 'postgres' ? await emptyPostgresDatabase() : undefined;
    cleanup = async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await postgres?.drop();
    };
    if (!postgres) await migratedDataDir(dataDir);
    const database = await openDatabase(postgres ? { url: postgres.url } : { dataDir: join(dataDir) });
    const shopper = await createUser(database.db);
    const product = await createProduct(database.db);
    await database.close();
    const server: ServerRun = await startServer({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'debug', // a line per incoming request: how the test sees its slow requests arrive
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    });

    const auth = { authorization: `Bearer ${shopper.token}` };
    const line = (size: string) =>
      JSON.stringify({ productId: product.id, selectedColor: product.colors[0]!.id, selectedSize: size, quantity: 1 });

    // Steady load on keep-alive connections: catalogue, cart reads and cart writes.
    let signalled = false;
    const tally = { answered: 0, refusedWhileClosing: 0, dropped: 0, other: [] as string[] };
    const loop = async (index: number) => {
      for (let turn = 0; !signalled; turn += 1) {
        const kind = (index + turn) % 3;
        try {
          const response =
            kind === 0
              ? await fetch(`${server.url}/api/products/${product.id}`)
              : kind === 1
                ? await fetch(`${server.url}/api/cart`, { headers: auth })
                : await fetch(`${server.url}/api/cart`, {
                    method: 'POST',
                    headers: { ...auth, 'content-type': 'application/json' },
                    body: line('M'),
                  });
          await response.arrayBuffer();
          // A full line answers 409 MAX_QUANTITY: answered all the same.
          if (response.status < 500) tally.answered += 1;
          else if (response.status === 503) tally.refusedWhileClosing += 1;
          else tally.other.push(`${response.status}`);
        } catch {
          tally.dropped += 1;
        }
      }
    };
    const loops = Array.from({ length: LOAD_LOOPS }, (_, index) => loop(index));
    await new Promise((resolve) => setTimeout(resolve, 1500));

    // Requests the server is in the middle of when the signal comes.
    const slow = Array.from({ length: SLOW_REQUESTS }, (_, index) =>
      slowPost(server.url, `/api/cart?lang=en&slow=${index}`, shopper.token, line('L')),
    );
    // In flight for real: the server has logged each as an incoming request (not just queued in the kernel).
    const deadline = Date.now() + 30_000;
    while ((server.output().match(/slow=\d+/g) ?? []).length < SLOW_REQUESTS && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    signalled = true;
    server.child.kill('SIGTERM');
    // Past the 1 s drain: the process is closing now, and must still wait for these.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const request of slow) request.finish();

    const answers = await Promise.all(slow.map((request) => request.response));
    await Promise.all(loops);
    const code = await server.exited;

    expect(
      answers.map((answer) => answer.status).every((status) => status === 200 || status === 201),
      JSON.stringify(answers),
    ).toBe(true);
    expect(tally.dropped, JSON.stringify(tally)).toBe(0);
    expect(tally.other).toEqual([]);
    expect(tally.answered).toBeGreaterThan(50);
    expect(code, server.output()).toBe(0);
    await stop(server);
  }, 120_000);
});
