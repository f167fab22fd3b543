import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './client.js';

const scope = new AsyncLocalStorage<true>();

/**
 * Marks the code run inside each of `db`'s transactions, so that a call out of the process (a
 * mail, the payment provider) can refuse to run there: it would hold the rows the transaction
 * locked for as long as the other service takes, and happen even if the transaction rolls back.
 * What must follow a change is an effect, run after commit (platform/outbox).
 */
export function markTransactions(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = (run, config) => transaction((tx) => scope.run(true, () => run(tx)), config);
  return db;
}

/** Throws when called inside a database transaction (see markTransactions). */
export function assertOutsideTransaction(what: string): void {
  if (scope.getStore()) {
    throw new Error(`${what} was called inside a database transaction: write an effect instead (platform/outbox)`);
  }
}

/** `target`'s methods, each refusing to run inside a database transaction. */
export function outsideTransactions<T extends object>(name: string, target: T): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        assertOutsideTransaction(`${name}.${String(property)}`);
        return (value as (...parameters: unknown[]) => unknown).apply(object, args);
      };
    },
  });
}
