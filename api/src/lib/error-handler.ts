import { Money, type ErrorBody, type ErrorCode } from '@shop/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, DependencyError, RateLimitError, type Dependency } from './errors.js';

/**
 * The one place that turns an error's code into an HTTP status (docs/decisions/0036): services
 * throw codes, the edge answers them. A new code in the contract needs its row here.
 */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  IMPORT_SUPERSEDED: 409,
  IMPORT_HAS_ERRORS: 409,
  EMAIL_TAKEN: 409,
  EMAIL_NOT_VERIFIED: 403,
  INVALID_CODE: 400,
  CODE_EXPIRED: 400,
  INVALID_TOKEN: 400,
  TOKEN_EXPIRED: 410,
  WEAK_PASSWORD: 400,
  MAX_QUANTITY: 409,
  OUT_OF_STOCK: 409,
  IN_STOCK: 409,
  CART_EMPTY: 400,
  TOO_MANY_OPEN_ORDERS: 409,
  QUANTITY_LIMIT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  // Not thrown by the API today (the web's own codes, or kept for the provider's answers).
  PAYMENT_DECLINED: 402,
  SESSION_CLOSED: 409,
  TIMEOUT: 504,
  ROOT_PROTECTED: 403,
  ROOT_ADMIN_ONLY: 403,
  INVALID_TRANSITION: 409,
  ALREADY_WITHDRAWN: 409,
  WITHDRAWAL_PERIOD_OVER: 409,
  SEAL_BROKEN: 409,
  GUARANTEE_OVER: 409,
  COMPLAINT_DECIDED: 409,
  ALREADY_REPAIRED: 409,
  RECALL_EXISTS: 409,
  RECALL_CLOSED: 409,
  SIZE_IN_USE: 409,
  SIZE_RESERVED: 409,
  // The monthly audit file (TRADE.md section 2).
  RECORDS_SETTINGS_MISSING: 409,
  CURRENCY_NOT_EUR: 409,
  TEST_PAYMENTS: 409,
  NOTHING_TO_FILE: 404,
  // Discount codes (TRADE.md section 4).
  CODE_NOT_FOUND: 404,
  CODE_USED_UP: 409,
  CODE_MIN_SUBTOTAL: 409,
  CODE_ALREADY_USED: 409,
  // Reviews from buyers (TRADE.md section 5).
  NOT_A_BUYER: 403,
  ALREADY_REVIEWED: 409,
  TOO_MANY_IMAGES: 409,
  // Invoices (TRADE.md section 3).
  INVOICE_EXISTS: 409,
  // Couriers (TRADE.md section 6): their service failed the request.
  COURIER_UNAVAILABLE: 502,
  // Gift cards (YEAR.md section 3).
  GIFT_CARD_NOT_FOUND: 404,
  GIFT_CARD_EXPIRED: 409,
  GIFT_CARD_EMPTY: 409,
  RETURN_WINDOW_OVER: 409,
  NOTHING_TO_RETURN: 409,
  FINAL_SALE: 409,
  INTERNAL: 500,
};

/** INTERNAL because a service outside the shop failed: the mail server is unavailable, the provider a bad gateway. */
const DEPENDENCY_STATUS: Record<Dependency, number> = { mail: 503, payments: 502 };

export const statusOf = (error: AppError): number =>
  error instanceof DependencyError ? DEPENDENCY_STATUS[error.dependency] : ERROR_STATUS[error.code];

/** Fastify's own error codes that are the client's fault, with what we tell the client. */
const CLIENT_ERRORS: Record<string, [ErrorCode, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ['PAYLOAD_TOO_LARGE', 'The request body is too large.'],
  FST_REQ_FILE_TOO_LARGE: ['PAYLOAD_TOO_LARGE', 'Images may be at most 2 MB.'],
  FST_FILES_LIMIT: ['PAYLOAD_TOO_LARGE', 'Too many files in one request.'],
  FST_PARTS_LIMIT: ['PAYLOAD_TOO_LARGE', 'Too many parts in one request.'],
  FST_FIELDS_LIMIT: ['PAYLOAD_TOO_LARGE', 'Too many fields in one request.'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: ['UNSUPPORTED_MEDIA_TYPE', 'Send the form as multipart/form-data.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['BAD_REQUEST', 'Invalid Content-Length.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['BAD_REQUEST', 'The JSON body is empty.'],
  FST_ERR_CTP_INVALID_JSON_BODY: ['BAD_REQUEST', 'The body is not valid JSON.'],
  FST_ERR_VALIDATION: ['VALIDATION_ERROR', 'Invalid input.'],
};

const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data)$/;

export function fieldPath(path: string): string {
  return path.replace(/^\//, '').replace(/\//g, '.') || 'body';
}

/** One handler: every error leaves as `{ error, code }`; a 5xx never leaks internals. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError | AppError>((error, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof RateLimitError) reply.header('retry-after', String(error.retryAfter));
      const body: ErrorBody = { error: error.message, code: error.code };
      if (error.fields) body.fields = error.fields;
      if (error.lines) body.lines = error.lines;
      if (error.available !== undefined) body.available = error.available;
      if (error.sizes) body.sizes = error.sizes;
      if (error.remainingCents !== undefined) body.remaining = z.encode(Money, error.remainingCents);
      if (error.expiredAt) body.expiredAt = error.expiredAt.toISOString();
      return reply.code(statusOf(error)).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = fieldPath(issue.instancePath) || 'body';
        fields[key] ??= issue.message ?? 'Invalid value.';
      }
      const first = Object.values(fields)[0];
      return reply
        .code(ERROR_STATUS.VALIDATION_ERROR)
        .send({ error: first ?? 'Invalid input.', code: 'VALIDATION_ERROR', fields });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.code(ERROR_STATUS.INTERNAL).send({ error: 'Something went wrong.', code: 'INTERNAL' });
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.code(ERROR_STATUS[known[0]]).send({ error: known[1], code: known[0] });
    if (error.statusCode === 429) {
      return reply
        .code(ERROR_STATUS.RATE_LIMITED)
        .send({ error: 'Too many requests. Please wait a moment and try again.', code: 'RATE_LIMITED' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.code(error.statusCode).send({ error: 'The request could not be processed.', code: 'BAD_REQUEST' });
    }
    // PostgreSQL refuses a NUL character in text (22021): the input was bad, not the server.
    if ((error as { cause?: { code?: unknown } }).cause?.code === '22021') {
      return reply
        .code(ERROR_STATUS.BAD_REQUEST)
        .send({ error: 'The request contains characters that are not allowed.', code: 'BAD_REQUEST' });
    }
    // The multipart parser (busboy) throws plain Errors for a broken form body.
    if (MALFORMED_MULTIPART.test(error.message)) {
      return reply.code(ERROR_STATUS.BAD_REQUEST).send({ error: 'The form data is malformed.', code: 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .code(ERROR_STATUS.INTERNAL)
      .send({ error: 'Something went wrong. Please try again later.', code: 'INTERNAL' });
  });
}
