import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { entryBytes, readTar, TarWriter } from './tar.js';

const dir = mkdtempSync(join(tmpdir(), 'shop-tar-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function* from(bytes: Buffer) {
  yield bytes;
}

const LONG = `pgdata/${'deep/'.repeat(30)}file`;

async function archive(): Promise<Buffer> {
  const tar = new TarWriter();
  const parts: Buffer[] = [];
  const read = (async () => {
    for await (const chunk of tar.stream) parts.push(chunk as Buffer);
  })();
  await tar.directory('pgdata');
  await tar.file('pgdata/PG_VERSION', 3, [Buffer.from('17\n')]);
  await tar.file('pgdata/odd', 1000, [Buffer.from('short')]); // shrank while read: zeros after
  await tar.file(LONG, 2, [Buffer.from('ok')]);
  await tar.file('big', 700_000, [Buffer.alloc(300_000, 1), Buffer.alloc(400_000, 2)]);
  tar.finish();
  await read;
  return Buffer.concat(parts);
}

/**
 * A backup's tar as the shop's own writer wrote it before tar-stream (gzipped, base64): the
 * manifest, `pgdata/` with a name long enough for ustar's prefix field, and `outbox/` with a mail.
 */
const BEFORE_TAR_STREAM =
  'H4sIAAAAAAACA+2WTUsDMRRFs/ZXDLNve18+JupeSjdWFNxKymSk7UxTZlIQxP8uFjetICJMHJl3FsnyQS7n5jVut658F6ebLuxEPwBAARxvfL0BqQUZBYAMNAQI2hiRQSTg0EXXCiSZNUBe8yq0jYv5dR7qMouuzd8EMxr2z6WLbtbrjA/F7Xf+A6f+w0oqRGbY/1T5382fHm/uHxbL27/of6jz/i+05f5PAdkLLsERU3q/n/V3VOva/8B/eeq/VgD9c/8/i/V375Yu/7BlB8ZMOMRVeBne/md5/0uZP1klcVVcHsOYOFrJqW/qNPsfkTrLnyQkeP9LQcMwPcA/K8MwzLB5B1y/wM0AGgAA';

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
    // 7 divides no header (512 bytes): every header and every entry's end falls inside a chunk.
    // (Byte by byte, the 0.7 MB entry makes 700,000 chunks: 1 s alone, 33 s in a worker whose heap
    // earlier files had grown, decision 0049.)
    for (const size of [7, 511, 4096, bytes.length]) {
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

  it('reads an archive the shop wrote before tar-stream', async () => {
    const seen: [string, string, string][] = [];
    for await (const entry of readTar(from(gunzipSync(Buffer.from(BEFORE_TAR_STREAM, 'base64'))))) {
      const bytes = await entryBytes(entry);
      seen.push([entry.name, entry.type, entry.name.endsWith('.eml') ? `${bytes.length}` : bytes.toString()]);
      expect(entry.mtime).toEqual(new Date('2026-11-20T10:00:00Z'));
    }
    expect(seen).toEqual([
      ['manifest.json', 'file', '{"format":"old tar"}'],
      ['pgdata', 'directory', ''],
      ['pgdata/PG_VERSION', 'file', '17\n'],
      [LONG, 'file', 'ok'],
      ['outbox', 'directory', ''],
      ['outbox/1732096800000-a1b2.eml', 'file', '600'],
    ]);
  });

  it('refuses a file longer than it announced', async () => {
    const tar = new TarWriter();
    const failed = new Promise((resolve) => tar.stream.on('error', resolve));
    tar.stream.resume();
    await expect(tar.file('big', 2, [Buffer.from('too long')])).rejects.toThrow(/more than the 2 bytes/);
    // The archive's stream fails too: what it was piped into is not taken for a whole archive.
    expect(await failed).toMatchObject({ message: expect.stringMatching(/more than the 2 bytes/) });
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
