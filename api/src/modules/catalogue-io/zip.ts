import { crc32, inflateRawSync } from 'node:zlib';

/**
 * ZIP archives of images, written and read here (no dependency): written stored (WebP is
 * compressed already), one entry at a time, so a catalogue's pictures stream out without being
 * held together; read with the bounds an upload has (entries, each one's size, the whole), stored
 * or deflated entries only, names without folders.
 */

const u16 = (value: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(value);
  return b;
};
const u32 = (value: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(value >>> 0);
  return b;
};

/** The date every entry carries (1 January 2000): the archive of the same images is the same bytes. */
const DOS_DATE = ((2000 - 1980) << 9) | (1 << 5) | 1;

export async function* zipEntries(entries: AsyncIterable<{ name: string; bytes: Buffer }>): AsyncGenerator<Buffer> {
  const central: Buffer[] = [];
  let offset = 0;
  let count = 0;
  for await (const { name, bytes } of entries) {
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(bytes);
    const common = Buffer.concat([
      u16(20), // version needed
      u16(0x0800), // UTF-8 names
      u16(0), // stored
      u16(0), // time
      u16(DOS_DATE),
      u32(crc),
      u32(bytes.length),
      u32(bytes.length),
      u16(fileName.length),
      u16(0),
    ]);
    const local = Buffer.concat([u32(0x04034b50), common, fileName]);
    central.push(
      Buffer.concat([u32(0x02014b50), u16(20), common, u16(0), u16(0), u16(0), u32(0), u32(offset), fileName]),
    );
    yield local;
    yield bytes;
    offset += local.length + bytes.length;
    count += 1;
  }
  const directory = Buffer.concat(central);
  yield Buffer.concat([
    directory,
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(count),
    u16(count),
    u32(directory.length),
    u32(offset),
    u16(0),
  ]);
}

export class ZipError extends Error {}

/** The entries of a ZIP archive by name, each at most `maxEntryBytes`, `maxEntries` of them. */
export function readZip(
  archive: Buffer,
  { maxEntries, maxEntryBytes }: { maxEntries: number; maxEntryBytes: number },
): Map<string, Buffer> {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > archive.length) throw new ZipError('The file is not a ZIP archive.');
  const count = archive.readUInt16LE(end + 10);
  if (count > maxEntries) throw new ZipError(`The archive holds more than ${maxEntries} files.`);
  let at = archive.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > archive.length || archive.readUInt32LE(at) !== 0x02014b50)
      throw new ZipError('The archive is damaged.');
    const method = archive.readUInt16LE(at + 10);
    const compressed = archive.readUInt32LE(at + 20);
    const size = archive.readUInt32LE(at + 24);
    const nameLength = archive.readUInt16LE(at + 28);
    const extra = archive.readUInt16LE(at + 30);
    const comment = archive.readUInt16LE(at + 32);
    const localAt = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    at += 46 + nameLength + extra + comment;
    if (name.endsWith('/')) continue;
    if (size > maxEntryBytes || compressed > maxEntryBytes)
      throw new ZipError(`${name} is larger than an upload may be.`);
    if (localAt + 30 > archive.length || archive.readUInt32LE(localAt) !== 0x04034b50)
      throw new ZipError('The archive is damaged.');
    const dataAt = localAt + 30 + archive.readUInt16LE(localAt + 26) + archive.readUInt16LE(localAt + 28);
    const data = archive.subarray(dataAt, dataAt + compressed);
    let bytes: Buffer;
    if (method === 0) bytes = data;
    else if (method === 8) {
      try {
        bytes = inflateRawSync(data, { maxOutputLength: maxEntryBytes });
      } catch {
        throw new ZipError(`${name} could not be read from the archive.`);
      }
    } else throw new ZipError(`${name} is compressed in a way this shop does not read.`);
    // Only the file's own name counts: a folder in the archive is not a place on this server.
    files.set(name.replace(/^.*[\\/]/, ''), bytes);
  }
  return files;
}
