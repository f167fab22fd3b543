import type { ErrorBody } from '@shop/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, RateLimitError } from './errors.js';

/** Fastify's own error codes that are the client's fault, with what we tell the client. */
const CLIENT_ERRORS: Record<string, [number, ErrorBody['code'], string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.'],
  FST_REQ_FILE_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', 'Images may be at most 2 MB.'],
  FST_FILES_LIMIT: [413, 'PAYLOAD_TOO_LARGE', 'Too many files in one request.'],
  FST_PARTS_LIMIT: [413, 'PAYLOAD_TOO_LARGE', 'Too many parts in one request.'],
  FST_FIELDS_LIMIT: [413, 'PAYLOAD_TOO_LARGE', 'Too many fields in one request.'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the form as multipart/form-data.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'BAD_REQUEST', 'Invalid Content-Length.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'BAD_REQUEST', 'The JSON body is empty.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'BAD_REQUEST', 'The body is not valid JSON.'],
  FST_ERR_VALIDATION: [400, 'VALIDATION_ERROR', 'Invalid input.'],
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
      return reply.code(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = fieldPath(issue.instancePath) || 'body';
        fields[key] ??= issue.message ?? 'Invalid value.';
      }
      const first = Object.values(fields)[0];
      return reply.code(400).send({ error: first ?? 'Invalid input.', code: 'VALIDATION_ERROR', fields });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.code(500).send({ error: 'Something went wrong.', code: 'INTERNAL' });
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.code(known[0]).send({ error: known[2], code: known[1] });
    if (error.statusCode === 429) {
      return reply
        .code(429)
        .send({ error: 'Too many requests. Please wait a moment and try again.', code: 'RATE_LIMITED' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.code(error.statusCode).send({ error: 'The request could not be processed.', code: 'BAD_REQUEST' });
    }
    // PostgreSQL refuses a NUL character in text (22021): the input was bad, not the server.
    if ((error as { cause?: { code?: unknown } }).cause?.code === '22021') {
      return reply
        .code(400)
        .send({ error: 'The request contains characters that are not allowed.', code: 'BAD_REQUEST' });
    }
    // The multipart parser (busboy) throws plain Errors for a broken form body.
    if (MALFORMED_MULTIPART.test(error.message)) {
      return reply.code(400).send({ error: 'The form data is malformed.', code: 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: 'Something went wrong. Please try again later.', code: 'INTERNAL' });
  });
}
