import type { ErrorWording } from './error-text';

/**
 * A refused admin call: the admin screens' words where they know the case (bad or too large
 * images, no connection, no longer allowed), else "the server message" (spec section 8, Admin:
 * "Role update failed: ..."), which in Bulgarian is the shared table's or "Something went wrong".
 */
export const ADMIN_FAILED = {
  fallback: 'admin.errors.unknown',
  codes: {
    VALIDATION_ERROR: 'admin.form.errors.required',
    UNSUPPORTED_MEDIA_TYPE: 'admin.form.errors.fileType',
    PAYLOAD_TOO_LARGE: 'admin.form.errors.tooLarge',
    NETWORK_ERROR: 'admin.errors.network',
    UNAUTHORIZED: 'admin.errors.unauthorized',
    FORBIDDEN: 'admin.errors.forbidden',
    ROOT_PROTECTED: 'admin.errors.rootProtected',
    ROOT_ADMIN_ONLY: 'admin.errors.rootAdminOnly',
    NOT_FOUND: 'admin.errors.notFound',
    SIZE_RESERVED: 'admin.sizes.reserved',
  },
  serverMessage: true,
} satisfies ErrorWording;

/** A refused stock save: the grid's own words for refused counts, else as any admin call. */
export const STOCK_FAILED = {
  ...ADMIN_FAILED,
  codes: { ...ADMIN_FAILED.codes, VALIDATION_ERROR: 'adminStock.errors.rejected' },
} satisfies ErrorWording;
