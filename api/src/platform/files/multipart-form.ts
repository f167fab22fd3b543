import { UPLOAD_REQUEST_MAX_BYTES } from '@shop/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors.js';

export interface MultipartForm {
  /** Text fields by name. */
  fields: Record<string, string>;
  /** Uploaded files by field name (each at most 2 MB: the multipart plugin's file limit). */
  files: Map<string, Buffer>;
}

/** Headers and boundaries around the files: a form at the byte limit still fits. */
const FORM_OVERHEAD_BYTES = 256 * 1024;

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', 'The images of one request may be at most 8 MB together.');

/**
 * Reads a whole multipart form into memory, at most 8 MB of files (ARCHITECTURE section 9).
 * A request that announces more is refused before a byte is read; one that streams more is cut
 * off at the limit. Empty file inputs (a browser form sends them) are skipped; a field sent
 * twice is refused rather than guessed at.
 */
export async function readMultipartForm(request: FastifyRequest): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the form as multipart/form-data.');
  }
  const announced = Number(request.headers['content-length'] ?? 0);
  if (announced > UPLOAD_REQUEST_MAX_BYTES + FORM_OVERHEAD_BYTES) throw tooLarge();

  const form: MultipartForm = { fields: {}, files: new Map() };
  const seen = new Set<string>();
  let total = 0;
  for await (const part of request.parts()) {
    if (seen.has(part.fieldname)) throw badRequest(`The field ${part.fieldname} was sent twice.`);
    seen.add(part.fieldname);
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      total += bytes.length;
      if (total > UPLOAD_REQUEST_MAX_BYTES) throw tooLarge();
      if (bytes.length > 0 || part.filename) form.files.set(part.fieldname, bytes);
    } else {
      form.fields[part.fieldname] = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
    }
  }
  return form;
}
