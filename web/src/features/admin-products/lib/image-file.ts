import { useEffect, useState } from 'react';
import { UPLOAD_ACCEPT, UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS, UPLOAD_REQUEST_MAX_BYTES } from '@shop/contract';

/** For the file inputs' `accept`: the types the server takes. */
export const IMAGE_ACCEPT = UPLOAD_ACCEPT.join(',');

/** Each has its message under `admin.form.errors`. */
export type ImageProblem = 'fileType' | 'fileSize' | 'pixels';

/**
 * The checks the server makes, done when a file is chosen rather than when the form is sent (the
 * create form sends its images only at Publish): the type the browser gives (from the file's
 * name), the size, then the content itself, as the server reads it: a JPEG, PNG or WebP by its
 * first bytes (a text file named `.png` is none), of at most 25 megapixels by its header. The
 * server still decodes every image; a file whose header is sound but whose body is broken is
 * refused there.
 */
export async function imageProblem(file: File): Promise<ImageProblem | null> {
  if (!(UPLOAD_ACCEPT as readonly string[]).includes(file.type)) return 'fileType';
  if (file.size > UPLOAD_MAX_BYTES) return 'fileSize';
  const size = imageSize(await readBytes(file));
  if (!size) return 'fileType';
  if (size.width * size.height > UPLOAD_MAX_PIXELS) return 'pixels';
  return null;
}

/** The file's bytes (through FileReader, which every browser and the test DOM have). */
function readBytes(file: File): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsArrayBuffer(file);
  });
}

const ascii = (bytes: Uint8Array, at: number, text: string) =>
  [...text].every((char, i) => bytes[at + i] === char.charCodeAt(0));
const uint16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const uint32be = (b: Uint8Array, at: number) => uint16be(b, at) * 65536 + uint16be(b, at + 2);
const uint16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const uint24le = (b: Uint8Array, at: number) => uint16le(b, at) | (b[at + 2]! << 16);

/**
 * Width and height from a JPEG, PNG or WebP header, or null when the bytes are none of these
 * (or too short to say). Only the header is read: nothing is decoded.
 */
export function imageSize(b: Uint8Array): { width: number; height: number } | null {
  // PNG: signature, then the IHDR chunk.
  if (b.length >= 24 && ascii(b, 0, '\x89PNG\r\n\x1a\n') && ascii(b, 12, 'IHDR'))
    return { width: uint32be(b, 16), height: uint32be(b, 20) };
  // WebP: a RIFF container with a lossy (VP8), lossless (VP8L) or extended (VP8X) first chunk.
  if (b.length >= 30 && ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP')) {
    if (ascii(b, 12, 'VP8 ')) return { width: uint16le(b, 26) & 0x3fff, height: uint16le(b, 28) & 0x3fff };
    if (ascii(b, 12, 'VP8L')) {
      const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    if (ascii(b, 12, 'VP8X')) return { width: uint24le(b, 24) + 1, height: uint24le(b, 27) + 1 };
    return null;
  }
  // JPEG: SOI, then segments up to the frame header (SOF0–SOF15 but DHT, JPG and DAC).
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    let at = 2;
    while (at + 9 < b.length) {
      if (b[at] !== 0xff) return null;
      const marker = b[at + 1]!;
      if (marker === 0xff) {
        at += 1; // fill byte
        continue;
      }
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { width: uint16be(b, at + 7), height: uint16be(b, at + 5) };
      at += 2 + uint16be(b, at + 2);
    }
  }
  return null;
}

/** True when these files together exceed what one request may carry. */
export const overRequestLimit = (files: (File | null | undefined)[]) =>
  files.reduce((sum, file) => sum + (file?.size ?? 0), 0) > UPLOAD_REQUEST_MAX_BYTES;

/**
 * A preview (data URL) of a chosen file, read off the main thread; null until it is read and
 * whenever there is no file. A stale reading never shows for a newer file.
 */
export function usePreview(file: File | null | undefined): string | null {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setPreview({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return file && preview?.file === file ? preview.url : null;
}
