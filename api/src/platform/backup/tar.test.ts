import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { entryBytes, readTar, TarWriter } from './tar.js';

const dir = mkdtempSync(join(tmpdir(), 'shop-tar-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function* from(bytes: Buffer) {
  yield bytes;
}

const LONG = `pgdata/${'deep/'.repeat(30)}file`;

async function archive(): Promise<Buffer> {
  const out = new PassThrough();
  const parts: Buffer[] = [];
  out.on('data', (chunk: Buffer) => parts.push(chunk));
  const tar = new TarWriter(out);
  await tar.directory('pgdata');
  await tar.file('pgdata/PG_VERSION', 3, [Buffer.from('17\n')]);
  await tar.file('pgdata/odd', 1000, [Buffer.from('short')]); // shrank while read: zeros after
  await tar.file(LONG, 2, [Buffer.from('ok')]);
  await tar.file('big', 700_000, [Buffer.alloc(300_000, 1), Buffer.alloc(400_000, 2)]);
  await tar.finish();
  out.end();
  return Buffer.concat(parts);
}

describe('tar', () => {
  it('writes what tar(1) lists and extracts', async () => {
    const file = join(dir, 'a.tar');
    const bytes = await archive();
    writeFileSync(file, bytes);
    const listing = execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).trim().split('\n');
    expect(listing).toEqual(['pgdata/', 'pgdata/PG_VERSION', 'pgdata/odd', LONG, 'big']);
    execFileSync('tar', ['-xf', file, '-C', dir]);
    expect(readFileSync(join(dir, LONG), 'utf8')).toBe('ok');
    expect(readFileSync(join(dir, 'pgdata/odd')).subarray(0, 6)).toEqual(Buffer.from('short\0'));
  });

  it('reads back every entry, in small chunks or large', async () => {
    const bytes = await archive();
    for (const size of [1, 511, 4096, bytes.length]) {
      async function* chunks() {
        for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
      }
      const seen: Record<string, number> = {};
      for await (const entry of readTar(chunks())) {
        if (entry.name === 'pgdata/odd') continue; // skipped unread
        seen[entry.name] = entry.type === 'directory' ? -1 : (await entryBytes(entry)).length;
      }
      expect(seen).toEqual({ pgdata: -1, 'pgdata/PG_VERSION': 3, [LONG]: 2, big: 700_000 });
    }
  });

  it('refuses a damaged header and a cut archive', async () => {
    const bytes = await archive();
    const damaged = Buffer.from(bytes);
    damaged[10] = damaged[10]! ^ 0xff;
    await expect(async () => {
      for await (const entry of readTar(from(damaged))) void entry;
    }).rejects.toThrow(/damaged/);
    await expect(async () => {
      for await (const entry of readTar(from(bytes.subarray(0, 3000)))) await entryBytes(entry);
    }).rejects.toThrow(/ends too early/);
  });
});
