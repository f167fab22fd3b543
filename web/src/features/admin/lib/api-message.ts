import type { TFunction } from 'i18next';
import { CLIENT_ERROR_CODES, isApiError } from '../../../lib/api-client';

/**
 * A failed call in the reader's language where we know the case (bad or too large images, no
 * connection, no longer allowed), else the server's own message.
 */
export function apiMessage(error: unknown, t: TFunction): string {
  if (!isApiError(error)) return t('admin.errors.unknown');
  switch (error.code) {
    case 'VALIDATION_ERROR':
      return t('admin.form.errors.required');
    case 'UNSUPPORTED_MEDIA_TYPE':
      return t('admin.form.errors.fileType');
    case 'PAYLOAD_TOO_LARGE':
      return t('admin.form.errors.tooLarge');
    case CLIENT_ERROR_CODES.network:
      return t('admin.errors.network');
    case 'UNAUTHORIZED':
      return t('admin.errors.unauthorized');
    case 'FORBIDDEN':
      return t('admin.errors.forbidden');
    case 'ROOT_PROTECTED':
      return t('admin.errors.rootProtected');
    case 'NOT_FOUND':
      return t('admin.errors.notFound');
    default:
      return error.message;
  }
}
