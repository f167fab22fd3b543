/**
 * A second process issuing sale documents (records.test.ts, on PostgreSQL): `node --import tsx
 * issue-worker.ts <database url> <order ids, comma-separated>` issues them all at once and prints
 * their numbers as JSON. What two servers on one database do when payments arrive together.
 */
import { openDatabase } from '../../db/client.js';
import { issueSaleDocument } from './sale-document.js';

const [url, ids] = process.argv.slice(2);
const database = await openDatabase({ url: url! });
try {
  const documents = await Promise.all(
    ids!.split(',').map((id) => issueSaleDocument(database.db, Number(id), 'stand-in')),
  );
  process.stdout.write(JSON.stringify(documents.map((document) => document?.number)));
} finally {
  await database.close();
}
