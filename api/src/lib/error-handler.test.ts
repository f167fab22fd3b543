import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from './error-handler.js';
import { AppError, DependencyError, RateLimitError, badRequest, conflict, notFound } from './errors.js';

/** A bare app whose routes throw the errors a service throws: the edge alone gives the status. */
const app = Fastify();
const thrown: Record<string, () => Error> = {
  'not-found': () => notFound('No such order.'),
  fields: () => badRequest('Check the phone.', { 'delivery.phone': 'Check the phone.' }),
  taken: () => conflict('EMAIL_TAKEN', 'This email is taken.'),
  stock: () => Object.assign(new AppError('OUT_OF_STOCK', 'Sold out.'), { available: 0 }),
  expired: () => new AppError('TOKEN_EXPIRED', 'The link has expired.'),
  limited: () => new RateLimitError(42),
  mail: () => new DependencyError('mail', 'We could not send the email.'),
  payments: () => new DependencyError('payments', 'The payment provider is not available.'),
};

beforeAll(async () => {
  installErrorHandler(app);
  app.get<{ Params: { name: string } }>('/:name', async (request) => {
    throw thrown[request.params.name]!();
  });
  await app.ready();
});
afterAll(() => app.close());

const get = (name: string) => app.inject({ url: `/${name}` });

describe('the error handler: a code becomes a status at the edge', () => {
  it('answers each code with its status and the body `{ error, code }` and the details', async () => {
    const answers = await Promise.all(
      ['not-found', 'fields', 'taken', 'stock', 'expired'].map(async (name) => {
        const response = await get(name);
        return [response.statusCode, response.json()];
      }),
    );
    expect(answers).toEqual([
      [404, { error: 'No such order.', code: 'NOT_FOUND' }],
      [400, { error: 'Check the phone.', code: 'BAD_REQUEST', fields: { 'delivery.phone': 'Check the phone.' } }],
      [409, { error: 'This email is taken.', code: 'EMAIL_TAKEN' }],
      [409, { error: 'Sold out.', code: 'OUT_OF_STOCK', available: 0 }],
      [410, { error: 'The link has expired.', code: 'TOKEN_EXPIRED' }],
    ]);
  });

  it('sends Retry-After with RATE_LIMITED', async () => {
    const response = await get('limited');
    expect([response.statusCode, response.headers['retry-after'], response.json().code]).toEqual([
      429,
      '42',
      'RATE_LIMITED',
    ]);
  });

  it('tells a failed outside service by its kind: 503 for the mail server, 502 for the payment provider', async () => {
    const [mail, payments] = await Promise.all([get('mail'), get('payments')]);
    expect([mail.statusCode, mail.json()]).toEqual([503, { error: 'We could not send the email.', code: 'INTERNAL' }]);
    expect([payments.statusCode, payments.json().code]).toEqual([502, 'INTERNAL']);
  });
});
