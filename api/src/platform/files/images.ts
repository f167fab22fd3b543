import { createHash } from 'node:crypto';
import {
  AVATAR_SIZE,
  IMAGE_VARIANT_WIDTHS,
  PRODUCT_IMAGE_SIZE,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_PIXELS,
} from '@shop/contract';
import { createRequire } from 'node:module';
import type { default as SharpFactory, OutputInfo, Sharp } from 'sharp';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';

export type ImageKind = 'product' | 'avatar';

export interface StoredImage {
  id: string;
  url: string;
  width: number;
  height: number;
}

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

export const fileUrl = (id: string) => `/files/${id}`;

/** libvips is loaded with the first image, not at start-up: a restarted shop answers before it needs it. */
const loadCommonJs = createRequire(import.meta.url);
let sharpModule: typeof SharpFactory | undefined;
const sharp = (...args: Parameters<typeof SharpFactory>) =>
  (sharpModule ??= loadCommonJs('sharp') as typeof SharpFactory)(...args);

/**
 * Takes an upload as untrusted bytes: the type is decided by decoding (never by name or
 * header), pixel floods are refused before decoding, EXIF orientation is applied, all metadata
 * is dropped, and the result is re-encoded as WebP under a content-hashed id.
 */
export async function storeImage(db: Db, input: Buffer, kind: ImageKind): Promise<StoredImage> {
  if (input.length === 0) throw new AppError('BAD_REQUEST', 'The file is empty.');
  if (input.length > UPLOAD_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'Images may be at most 2 MB.');

  let format: string | undefined;
  let pixels = 0;
  try {
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    format = meta.format;
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only JPEG, PNG and WebP images are accepted.');
  }
  if (pixels > UPLOAD_MAX_PIXELS) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'Images may be at most 25 megapixels.');
  }

  const pipeline = sharp(input, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' }).rotate();
  return saveImage(db, await encodeImage(pipeline, kind));
}

/** One encoded WebP and its size in pixels. */
export interface EncodedWebp {
  bytes: Buffer;
  width: number;
  height: number;
}

/** An image as the shop stores it: the WebP, and for a product the narrower copies pages ask for. */
export interface EncodedImage {
  main: EncodedWebp;
  variants: EncodedWebp[];
}

/**
 * Encodes an image the way the shop stores it (size, quality, variants). The demo catalogue's art
 * is encoded here too, ahead of time (scripts/demo-art), with the slowest, smallest effort.
 */
export async function encodeImage(pipeline: Sharp, kind: ImageKind, effort = 4): Promise<EncodedImage> {
  let main: { data: Buffer; info: OutputInfo };
  try {
    main = await (
      kind === 'avatar'
        ? pipeline.resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
        : pipeline.resize(PRODUCT_IMAGE_SIZE.width, PRODUCT_IMAGE_SIZE.height, {
            fit: 'inside',
            withoutEnlargement: true,
          })
    )
      .webp({ quality: 82, effort })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The image could not be read. It may be damaged.');
  }
  const variants: EncodedWebp[] = [];
  if (kind === 'product') {
    for (const width of IMAGE_VARIANT_WIDTHS) {
      if (width >= main.info.width) continue;
      const variant = await sharp(main.data)
        .resize(width)
        .webp({ quality: 80, effort })
        .toBuffer({ resolveWithObject: true });
      variants.push({ bytes: variant.data, width: variant.info.width, height: variant.info.height });
    }
  }
  return { main: { bytes: main.data, width: main.info.width, height: main.info.height }, variants };
}

/** Stores an encoded image under content-hashed ids, its variants pointing at it (`source_id`). */
export async function saveImage(db: Db, image: EncodedImage): Promise<StoredImage> {
  const { main } = image;
  const stored = await saveWebp(db, main.bytes, main.width, main.height, null);
  for (const variant of image.variants) {
    await saveWebp(db, variant.bytes, variant.width, variant.height, stored.id);
  }
  return stored;
}

async function saveWebp(
  db: Db,
  bytes: Buffer,
  width: number,
  height: number,
  sourceId: string | null,
): Promise<StoredImage> {
  const id = createHash('sha256').update(bytes).digest('hex');
  await db
    .insert(files)
    .values({ id, contentType: 'image/webp', bytes, width, height, sourceId })
    // The same bytes uploaded again are a new upload: collect.ts leaves it a day from now.
    .onConflictDoUpdate({ target: files.id, set: { createdAt: sql`now()` } });
  return { id, url: fileUrl(id), width, height };
}

/**
 * A stored image (`/files/<id>`) as a JPEG at most `width` wide, for a PDF (pdfkit reads JPEG and
 * PNG, not the WebP we store); undefined for any other address or a file that is gone.
 */
export async function storedImageAsJpeg(db: Db, url: string, width: number): Promise<Buffer | undefined> {
  const id = /^\/files\/([0-9a-f]{64})$/.exec(url)?.[1];
  if (!id) return undefined;
  const [row] = await db.select({ bytes: files.bytes }).from(files).where(eq(files.id, id));
  if (!row) return undefined;
  return sharp(row.bytes)
    .resize({ width, withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg()
    .toBuffer();
}
