// @module-tag engine: each driver has its own transaction wrapper.
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { emptyPostgresDatabase } from '../robustness/support/postgres.js';
import { testDbKind } from '../test/database.js';
import { useTestApp } from '../test/harness.js';
import { openDatabase } from './client.js';
import { assertOutsideTransaction } from './transaction-scope.js';

const t = useTestApp();

const mail = { to: 'someone@example.com', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' };

describe('calls out of the process', () => {
  it('are refused inside a database transaction: mail, the payment provider and the courier', async () => {
    await expect(t.db.transaction(async () => t.app.mailer.send(mail))).rejects.toThrow(
      /mailer\.send was called inside a database transaction/,
    );
    await expect(t.db.transaction(async () => t.app.payments.closeSession('cs_none'))).rejects.toThrow(
      /payments\.closeSession was called inside a database transaction/,
    );
    await expect(t.db.transaction(async () => t.app.couriers.gateway.track([]))).rejects.toThrow(
      /courier\.track was called inside a database transaction/,
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
    await expect(t.app.couriers.gateway.track([])).resolves.toEqual(new Map());
  });

  it('are not watched on a database opened without the guard, as a production server opens it', async () => {
    const postgres = testDbKind === 'postgres' ? await emptyPostgresDatabase() : undefined;
    const unguarded = postgres
      ? await openDatabase({ url: postgres.url, guardTransactions: false })
      : await openDatabase({ guardTransactions: false, template: new Blob([readFileSync(inject('pgliteTemplate'))]) });
    try {
      await expect(
        unguarded.db.transaction(async () => assertOutsideTransaction('mailer.send')),
      ).resolves.toBeUndefined();
    } finally {
      await unguarded.close();
      await postgres?.drop();
    }
  });
});
