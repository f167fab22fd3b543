import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { effects } from '../db/schema.js';
import { addCartLine, TEST_DELIVERY } from '../modules/payments/test-support.js';
import { bearer, createProduct, createUser } from '../test/factories.js';
import { startSmtpServer } from '../test/smtp.js';
import { migratedDataDir } from './support/data-dir.js';
import { startServer } from './support/server.js';

/** An SMTP server that takes a mail's data and never answers: the send hangs as it would on a stuck relay. */
async function stuckSmtpServer() {
  let received = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream) {
      stream.on('data', () => undefined);
      stream.on('end', () => (received += 1));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// The embedded database: one process holds it, so a restarted shop takes back what the dead one held.
describe('effects after a crash', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-effects-crash-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('mails an order placed just before SIGKILL after the restart, exactly once', async () => {
    // A shopper with a cart, written before the shop starts.
    await migratedDataDir(dataDir);
    const seed = await openDatabase({ dataDir });
    const shopper = await createUser(seed.db, { email: 'crash@example.com' });
    await addCartLine(seed.db, shopper, await createProduct(seed.db), { quantity: 1 });
    await seed.close();

    const stuck = await stuckSmtpServer();
    const first = await startServer({ DATA_DIR: dataDir, MAIL: 'smtp', SMTP_URL: stuck.url });
    const placed = await fetch(`${first.url}/api/checkout/session`, {
      method: 'POST',
      headers: { ...bearer(shopper), 'content-type': 'application/json' },
      body: JSON.stringify({ delivery: TEST_DELIVERY, paymentMethod: 'cod' }),
    });
    expect(placed.status).toBe(201);
    // The order committed; its confirmation is on its way when the process dies.
    await until(() => stuck.received() > 0, 20_000, 'the mail to reach the stuck relay');
    first.child.kill('SIGKILL');
    await first.exited;
    await stuck.close();

    const smtp = await startSmtpServer();
    const second = await startServer({ DATA_DIR: dataDir, MAIL: 'smtp', SMTP_URL: smtp.url });
    try {
      const mail = await smtp.waitFor(shopper.email);
      expect(mail.subject).toMatch(/is confirmed$/);
    } finally {
      // A graceful stop lets the outbox finish: a second send would have happened by then.
      second.child.kill('SIGTERM');
      await second.exited;
      await smtp.close();
    }
    expect(smtp.messages.filter((sent) => sent.to.includes(shopper.email))).toHaveLength(1);
    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.db.select().from(effects).where(eq(effects.kind, 'mail.order'));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.doneAt).toBeInstanceOf(Date);
      expect(rows[0]?.attempts).toBe(2);
    } finally {
      await database.close();
    }
  }, 120_000);
});
