import { REQUIRED_FIELDS_MESSAGE } from '@shop/contract';
import { AppError } from '../../lib/errors.js';

/** The product forms answer the spec's overall message, with each field's own message beside it. */
export function formError(fields: Record<string, string>): AppError {
  return new AppError('VALIDATION_ERROR', REQUIRED_FIELDS_MESSAGE, fields);
}
