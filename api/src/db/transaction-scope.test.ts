// @module-tag engine: each driver has its own transaction wrapper.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.js';

const t = useTestApp();

const mail = { to: 'someone@example.com', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' };

describe('calls out of the process', () => {
  it('are refused inside a database transaction: mail and the payment provider', async () => {
    await expect(t.db.transaction(async () => t.app.mailer.send(mail))).rejects.toThrow(
      /mailer\.send was called inside a database transaction/,
    );
    await expect(t.db.transaction(async () => t.app.payments.closeSession('cs_none'))).rejects.toThrow(
      /payments\.closeSession was called inside a database transaction/,
    );
    // Nested deeper, and after an await, it is still inside.
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute('select 1');
        await Promise.resolve();
        await t.app.mailer.send(mail);
      }),
    ).rejects.toThrow(/inside a database transaction/);
  });

  it('run outside one', async () => {
    await expect(t.app.mailer.send(mail)).resolves.toBeUndefined();
    await t.db.transaction(async (tx) => void (await tx.execute('select 1')));
    await expect(t.app.payments.closeSession('cs_none')).resolves.toBeUndefined();
  });
});
