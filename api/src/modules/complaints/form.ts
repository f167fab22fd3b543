import { COMPLAINT_PHOTOS_MAX, CreateComplaintFieldsSchema } from '@shop/contract';
import { AppError } from '../../lib/errors.js';
import type { MultipartForm } from '../../platform/files/multipart-form.js';
import type { ComplaintFiling } from './service.js';

/** The photo fields a complaint form may send. */
const PHOTO_FIELDS = Array.from({ length: COMPLAINT_PHOTOS_MAX }, (_, index) => `photo${index + 1}`);

/**
 * The complaint form at the edge: its fields parsed with the contract's schema and its photos in
 * the form's order (photo1 … photo3), or 400 with each field's message.
 */
export function readComplaintForm(form: MultipartForm): ComplaintFiling {
  const parsed = CreateComplaintFieldsSchema.safeParse(form.fields);
  if (!parsed.success) {
    const fields = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
    throw new AppError('VALIDATION_ERROR', parsed.error.issues[0]!.message, fields);
  }
  const unknown = [...form.files.keys()].find((name) => !PHOTO_FIELDS.includes(name));
  if (unknown) {
    const message = `At most ${COMPLAINT_PHOTOS_MAX} photos, sent as photo1 … photo${COMPLAINT_PHOTOS_MAX}.`;
    throw new AppError('VALIDATION_ERROR', message, { [unknown]: message });
  }
  const photos = PHOTO_FIELDS.flatMap((name) => form.files.get(name) ?? []);
  return { ...parsed.data, photos };
}
