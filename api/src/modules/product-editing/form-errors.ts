import { REQUIRED_FIELDS_MESSAGE } from '@shop/contract';
import type { FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { fieldPath } from '../../lib/error-handler.js';
import { AppError } from '../../lib/errors.js';

/** The product forms answer the spec's overall message, with each field's own message beside it. */
export function formError(fields: Record<string, string>): AppError {
  return new AppError('VALIDATION_ERROR', REQUIRED_FIELDS_MESSAGE, fields);
}

/** Parses form fields with a contract schema, or throws the form error. */
export function parseForm<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.map(String).join('.') || 'body'] ??= issue.message;
  throw formError(fields);
}

/** For routes declared with `attachValidation`: turns the body's validation error into the form error. */
export function assertValidForm(request: FastifyRequest): void {
  const error = request.validationError;
  if (!error) return;
  if (!hasZodFastifySchemaValidationErrors(error)) throw error;
  const fields: Record<string, string> = {};
  for (const issue of error.validation) fields[fieldPath(issue.instancePath)] ??= issue.message ?? 'Invalid value.';
  throw formError(fields);
}
