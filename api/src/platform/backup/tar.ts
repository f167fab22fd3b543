import { once } from 'node:events';
import { extract, pack, type Extract, type Header, type Pack } from 'tar-stream';

/**
 * A backup's tar (POSIX ustar, through tar-stream): regular files and folders only. Written and
 * read as streams, so a backup never sits in memory; any `tar` reads what this writes
 * (`tar -tzf backup.tar.gz`), and this reads what the shop's own writer wrote before tar-stream
 * (plain ustar too; tar.test.ts keeps one).
 */
export interface TarHeader {
  name: string;
  type: 'file' | 'directory';
  size: number;
  mode: number;
  mtime: Date;
}

/** Waits for an entry tar-stream has taken: its callback comes once the entry is all in the archive. */
function entered(
  archive: Pack,
  header: Partial<Header> & Pick<Header, 'name'>,
): { sink: ReturnType<Pack['entry']>; done: Promise<void> } {
  let sink!: ReturnType<Pack['entry']>;
  const done = new Promise<void>((resolve, reject) => {
    sink = archive.entry(header, (error) => (error ? reject(error) : resolve()));
  });
  sink.on('error', () => {}); // its error fails the entry's callback and the archive's stream
  done.catch(() => {}); // awaited by the caller; a failure while it writes must not go unhandled
  return { sink, done };
}

/** Writes entries to `stream` (pipe it into gzip), waiting whenever the reader asks to. */
export class TarWriter {
  readonly stream: Pack = pack();

  async directory(name: string, mtime = new Date()): Promise<void> {
    // tar-stream leaves a folder's name as given: the trailing slash is what tar(1) shows.
    const { done } = entered(this.stream, {
      name: `${name.replace(/\/$/, '')}/`,
      type: 'directory',
      mode: 0o700,
      mtime,
    });
    await done;
  }

  /** A file of exactly `size` bytes: `chunks` may bring fewer (the rest is zeros) but never more. */
  async file(name: string, size: number, chunks: Iterable<Buffer> | AsyncIterable<Buffer>, mtime = new Date()) {
    const { sink, done } = entered(this.stream, { name, type: 'file', size, mode: 0o600, mtime });
    const write = async (chunk: Buffer) => {
      if (!sink.write(chunk)) await once(sink, 'drain');
    };
    let written = 0;
    try {
      for await (const chunk of chunks) {
        if (written + chunk.length > size) throw new Error(`${name}: more than the ${size} bytes announced`);
        await write(chunk);
        written += chunk.length;
      }
      for (let left = size - written; left > 0; left -= Math.min(left, 65_536))
        await write(Buffer.alloc(Math.min(left, 65_536)));
    } catch (error) {
      sink.destroy(error as Error);
      throw error;
    }
    sink.end(null);
    await done;
  }

  /** The two zero blocks that end an archive; the stream ends after them. */
  finish(): void {
    this.stream.finalize();
  }
}

export interface TarEntry extends TarHeader {
  /** The entry's bytes: read them (or not) before asking for the next entry. */
  chunks(): AsyncIterable<Buffer>;
}

/** tar-stream's words for a damaged or cut archive, in the words the restore command prints. */
function explained(error: unknown): Error {
  const message = (error as Error).message ?? String(error);
  if (/Unexpected end of data/.test(message)) return new Error('the archive ends too early (it is incomplete)');
  if (/Invalid (tar )?header/.test(message)) return new Error('the archive is damaged (a tar header is invalid)');
  return error as Error;
}

/** Once `stream` takes writes again, or is gone (destroyed while the feed waited). */
function drainedOrClosed(stream: Extract): Promise<void> {
  return new Promise((resolve) => {
    const go = () => {
      stream.off('drain', go);
      stream.off('close', go);
      resolve();
    };
    stream.on('drain', go);
    stream.on('close', go);
  });
}

/** Entries of a tar stream, one at a time; an entry's bytes not read are skipped. */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const archive = extract();
  // An entry's stream destroyed before anyone listened says only "Stream was destroyed": the
  // cause is the archive's error, which comes by its close at the latest.
  let failure: Error | undefined;
  archive.on('error', (error: Error) => (failure = error));
  const closed = new Promise<void>((resolve) => archive.once('close', () => resolve()));
  async function* explaining<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
    try {
      yield* source;
    } catch (error) {
      if (!failure) await closed;
      throw explained(failure ?? error);
    }
  }
  // Fed by hand (not piped): a source that fails (gunzip's "unexpected end of file") fails the reading.
  void (async () => {
    for await (const chunk of source) {
      if (archive.destroyed) return;
      if (!archive.write(chunk)) await drainedOrClosed(archive);
    }
    archive.end(null);
  })().catch((error: Error) => archive.destroy(error));
  try {
    for await (const stream of explaining(archive)) {
      const { header } = stream;
      if (header.type !== 'file' && header.type !== 'directory')
        throw new Error(`unsupported tar entry type "${header.type}" (${header.name})`);
      const chunks = () => explaining(stream as AsyncIterable<Buffer>);
      yield {
        name: header.name.replace(/\/$/, ''),
        type: header.type,
        size: header.size,
        mode: header.mode,
        mtime: header.mtime,
        chunks,
      };
      for await (const part of chunks()) void part;
    }
  } finally {
    archive.destroy();
  }
}

/** Everything an entry holds, for the small ones (the manifest). */
export async function entryBytes(entry: TarEntry): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of entry.chunks()) parts.push(part);
  return Buffer.concat(parts);
}
