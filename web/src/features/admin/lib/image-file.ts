import { useEffect, useState } from 'react';
import { UPLOAD_ACCEPT, UPLOAD_MAX_BYTES, UPLOAD_REQUEST_MAX_BYTES } from '@shop/contract';

/** For the file inputs' `accept`: the types the server takes. */
export const IMAGE_ACCEPT = UPLOAD_ACCEPT.join(',');

export type ImageProblem = 'fileType' | 'fileSize';

/**
 * The checks the server makes first, done before a byte is sent. The server still decodes every
 * image: a renamed text file passes here and is refused there.
 */
export function imageProblem(file: File): ImageProblem | null {
  if (!(UPLOAD_ACCEPT as readonly string[]).includes(file.type)) return 'fileType';
  if (file.size > UPLOAD_MAX_BYTES) return 'fileSize';
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
