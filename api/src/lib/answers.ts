import type { FastifySerializerCompiler } from 'fastify';
import { jsonSchemaTransform, ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Answers are encoded, not parsed (docs/decisions/0049): a handler gives what the schema's
 * output names (money in integer cents), and `z.encode` writes what its input names (the shop
 * currency's decimals on the wire). Requests go the other way (the validator parses: decimals
 * into cents). An answer that does not fit its schema (a decimal where cents belong) is a 500,
 * logged by the error handler, never a wrong amount.
 */
export const answerSerializer: FastifySerializerCompiler<z.ZodType> =
  ({ schema, method, url }) =>
  (data) => {
    const result = z.safeEncode(schema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };

/** An answer as the wire carries it: what a kept body (etag.ts) or a file holds. */
export const encodeAnswer = <S extends z.ZodType>(schema: S, value: z.output<S>): z.input<S> => z.encode(schema, value);

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The OpenAPI document of a route: as the library writes it, but each answer's schema from its
 * input side (what the encoder writes: a decimal amount), not its output side (cents).
 */
export function documentAnswers(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const { schema } = input;
  const response = (schema as { response?: Record<string, unknown> } | undefined)?.response;
  if (!response || (schema as { hide?: boolean }).hide) return jsonSchemaTransform(input);
  const documented = jsonSchemaTransform({ ...input, schema: { ...schema, response: undefined } });
  const answers: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(response)) {
    // The library documents a request body from the schema's input side.
    const asBody = jsonSchemaTransform({ ...input, schema: { body: answer } }).schema as { body?: unknown };
    answers[status] = asBody.body;
  }
  return { ...documented, schema: { ...documented.schema, response: answers } };
}
