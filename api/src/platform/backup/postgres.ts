import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * PostgreSQL is copied by its own tools: `pg_dump` (custom format, one REPEATABLE READ snapshot,
 * so consistent while the shop writes) and `pg_restore`, both found on the PATH. They must be of
 * the server's major version or newer.
 */
export function findTool(name: 'pg_dump' | 'pg_restore', path = process.env.PATH ?? ''): string {
  for (const dir of path.split(delimiter).filter(Boolean)) {
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  throw new Error(
    `${name} was not found on the PATH: install PostgreSQL's client tools (the server's major version or newer), ` +
      `e.g. apt-get install postgresql-client`,
  );
}

/** Runs a PostgreSQL tool with the URL's password in the environment, never on its command line. */
export async function runTool(tool: string, args: string[], url: string): Promise<void> {
  const parsed = new URL(url);
  const env: Record<string, string> = { PATH: process.env.PATH ?? '' };
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  parsed.password = '';
  const child = spawn(tool, [...args, '--dbname', parsed.toString()], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`${tool} failed (exit ${code}): ${errors.trim().split('\n').slice(-3).join(' ')}`);
}

/** Writes a custom-format dump of the database at `url` to `file` (uncompressed: the archive is gzip). */
export async function dumpDatabase(url: string, file: string): Promise<void> {
  await runTool(findTool('pg_dump'), ['--format=custom', '--compress=0', '--no-owner', '--file', file], url);
}

/** Restores a custom-format dump into the database at `url`, all or nothing. */
export async function restoreDump(url: string, file: string): Promise<void> {
  await runTool(
    findTool('pg_restore'),
    ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', file],
    url,
  );
}
