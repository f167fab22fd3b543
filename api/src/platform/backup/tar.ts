import { once } from 'node:events';
import type { Writable } from 'node:stream';

/**
 * The little of POSIX tar (ustar) a backup needs: regular files and folders, names up to 255
 * bytes, sizes below 8 GiB. Written and read as streams, so a backup never sits in memory; any
 * `tar` reads what this writes (`tar -tzf backup.tar.gz`).
 */
const BLOCK = 512;
const ZEROS = Buffer.alloc(BLOCK * 2);
const MAX_SIZE = 8 ** 11 - 1;

export interface TarHeader {
  name: string;
  type: 'file' | 'directory';
  size: number;
  mode: number;
  mtime: Date;
}

function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  for (let cut = name.indexOf('/'); cut !== -1; cut = name.indexOf('/', cut + 1)) {
    const prefix = name.slice(0, cut);
    const base = name.slice(cut + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return { prefix, base };
  }
  throw new Error(`name too long for a tar archive: ${name}`);
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

export function encodeHeader(header: TarHeader): Buffer {
  if (header.size > MAX_SIZE || header.size < 0) throw new Error(`bad size for ${header.name}: ${header.size}`);
  const block = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(header.type === 'directory' ? `${header.name.replace(/\/$/, '')}/` : header.name);
  block.write(base, 0, 100, 'utf8');
  block.write(octal(header.mode & 0o7777, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(header.type === 'directory' ? 0 : header.size, 12), 124, 'ascii');
  block.write(octal(Math.floor(header.mtime.getTime() / 1000), 12), 136, 'ascii');
  block.write(' '.repeat(8), 148, 'ascii');
  block.write(header.type === 'directory' ? '5' : '0', 156, 'ascii');
  block.write('ustar\0' + '00', 257, 'ascii');
  block.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

function decodeHeader(block: Buffer): TarHeader | null {
  if (block.every((byte) => byte === 0)) return null;
  const text = (start: number, length: number) => {
    const field = block.subarray(start, start + length);
    const end = field.indexOf(0);
    return field.subarray(0, end === -1 ? length : end).toString('utf8');
  };
  const number = (start: number, length: number) => parseInt(text(start, length).trim() || '0', 8);
  let sum = 0;
  for (let index = 0; index < BLOCK; index += 1) sum += index >= 148 && index < 156 ? 32 : block[index]!;
  if (sum !== number(148, 8)) throw new Error('the archive is damaged (a tar header checksum does not match)');
  const flag = text(156, 1);
  if (flag !== '0' && flag !== '' && flag !== '5') throw new Error(`unsupported tar entry type "${flag}"`);
  const prefix = text(345, 155);
  const name = (prefix ? `${prefix}/` : '') + text(0, 100);
  return {
    name: name.replace(/\/$/, ''),
    type: flag === '5' || name.endsWith('/') ? 'directory' : 'file',
    size: number(124, 12),
    mode: number(100, 8),
    mtime: new Date(number(136, 12) * 1000),
  };
}

/** Writes entries to `out` (a gzip stream, usually), waiting whenever it asks to. */
export class TarWriter {
  constructor(private readonly out: Writable) {}

  private async write(chunk: Buffer): Promise<void> {
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }

  async directory(name: string, mtime = new Date()): Promise<void> {
    await this.write(encodeHeader({ name, type: 'directory', size: 0, mode: 0o700, mtime }));
  }

  /** A file of exactly `size` bytes: `chunks` may bring fewer (the rest is zeros) but never more. */
  async file(name: string, size: number, chunks: Iterable<Buffer> | AsyncIterable<Buffer>, mtime = new Date()) {
    await this.write(encodeHeader({ name, type: 'file', size, mode: 0o600, mtime }));
    let written = 0;
    for await (const chunk of chunks) {
      if (written + chunk.length > size) throw new Error(`${name}: more than the ${size} bytes announced`);
      await this.write(chunk);
      written += chunk.length;
    }
    for (let left = size - written; left > 0; left -= Math.min(left, 65_536))
      await this.write(Buffer.alloc(Math.min(left, 65_536)));
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    if (padding > 0) await this.write(ZEROS.subarray(0, padding));
  }

  /** The two zero blocks that end an archive; the caller ends the stream. */
  async finish(): Promise<void> {
    await this.write(ZEROS);
  }
}

/** Bytes of a stream, taken exactly `n` at a time. */
class ByteReader {
  private buffered: Buffer[] = [];
  private length = 0;
  private readonly iterator: AsyncIterator<Buffer>;
  constructor(source: AsyncIterable<Buffer>) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  /** Up to `max` bytes (at least one), or null at the end of the stream. */
  async some(max: number): Promise<Buffer | null> {
    if (this.length === 0) {
      const next = await this.iterator.next();
      if (next.done) return null;
      this.buffered.push(next.value);
      this.length += next.value.length;
    }
    const first = this.buffered[0]!;
    const taken = first.subarray(0, max);
    if (taken.length === first.length) this.buffered.shift();
    else this.buffered[0] = first.subarray(taken.length);
    this.length -= taken.length;
    return taken;
  }

  async exactly(n: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    for (let left = n; left > 0;) {
      const part = await this.some(left);
      if (!part) throw new Error('the archive ends too early (it is incomplete)');
      parts.push(part);
      left -= part.length;
    }
    return Buffer.concat(parts);
  }
}

export interface TarEntry extends TarHeader {
  /** The entry's bytes: read them (or not) before asking for the next entry. */
  chunks(): AsyncIterable<Buffer>;
}

/** Entries of a tar stream, one at a time; an entry's bytes not read are skipped. */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(source);
  for (;;) {
    const header = decodeHeader(await reader.exactly(BLOCK));
    if (!header) return;
    let left = header.type === 'file' ? header.size : 0;
    async function* chunks() {
      while (left > 0) {
        const part = await reader.some(Math.min(left, 1 << 20));
        if (!part) throw new Error('the archive ends too early (it is incomplete)');
        left -= part.length;
        yield part;
      }
    }
    yield { ...header, chunks };
    for await (const part of chunks()) void part;
    const padding = (BLOCK - (header.size % BLOCK)) % BLOCK;
    if (header.type === 'file' && padding > 0) await reader.exactly(padding);
  }
}

/** Everything an entry holds, for the small ones (the manifest). */
export async function entryBytes(entry: TarEntry): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of entry.chunks()) parts.push(part);
  return Buffer.concat(parts);
}
