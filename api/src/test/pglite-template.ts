import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';

/**
 * Global set-up of the PGlite pass: one database migrated once, dumped to a file. Every test
 * file's fresh database starts as a copy of it: PGlite's own start (an `initdb` in WebAssembly)
 * is most of the 2.5 s a new database took, and the pass makes over a hundred of them.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const database = await openDatabase({});
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const file = join(mkdtempSync(join(tmpdir(), 'shop-pglite-template-')), 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dirname(file), { recursive: true, force: true });
}
