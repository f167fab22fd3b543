import { AddColorBodySchema } from '@shop/contract';
import type { FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { fieldPath } from '../../lib/error-handler.js';
import type { MultipartForm } from '../../platform/files/multipart-form.js';
import { formError } from './form-errors.js';

/*
 * The product forms at the edge: the routes turn a request's fields and files into the plain
 * values the services take, or answer the form's error (each field's message beside the spec's).
 */

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

/** The add-colour modal's form: `colorName`, `colorImage` and `colorHoverImage` required, `colorNameBg` optional. */
export function readAddColorForm(form: MultipartForm) {
  const problems: Record<string, string> = {};
  const names = AddColorBodySchema.safeParse(form.fields);
  for (const issue of names.error?.issues ?? []) problems[String(issue.path[0] ?? 'colorName')] ??= issue.message;
  const colorImage = form.files.get('colorImage');
  const colorHoverImage = form.files.get('colorHoverImage');
  if (!colorImage) problems.colorImage = 'Image is required';
  if (!colorHoverImage) problems.colorHoverImage = 'Hover image is required';
  for (const field of form.files.keys()) {
    if (field !== 'colorImage' && field !== 'colorHoverImage') problems[field] = 'There is no color for this image';
  }
  if (!names.success || !colorImage || !colorHoverImage || Object.keys(problems).length > 0) throw formError(problems);
  return { names: names.data, images: { colorImage, colorHoverImage } };
}

/** A colour's added picture: the form's one file, `image`. */
export function readColorImageForm(form: MultipartForm): Buffer {
  const bytes = form.files.get('image');
  const unexpected = [...form.files.keys()].filter((name) => name !== 'image');
  if (!bytes || unexpected.length > 0) {
    throw formError({
      ...(bytes ? {} : { image: 'Image is required' }),
      ...Object.fromEntries(unexpected.map((name) => [name, 'Send the image as "image"'])),
    });
  }
  return bytes;
}
