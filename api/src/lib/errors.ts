import type { ErrorBody, ErrorCode } from '@shop/contract';

/** The one error type services throw; the error handler turns it into `{ error, code }`. */
export class AppError extends Error {
  /** OUT_OF_STOCK at checkout: the lines above what is left (sent as `lines`). */
  lines?: ErrorBody['lines'];
  /** OUT_OF_STOCK on a cart change: what is left of the variant (sent as `available`). */
  available?: number;
  /** SIZE_IN_USE on a product edit: the sizes to remove that carts or wishlists hold (sent as `sizes`). */
  sizes?: ErrorBody['sizes'];

  constructor(
    public readonly status: number,
    public readonly code: ErrorCode,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'BAD_REQUEST', message, fields);
export const forbidden = (message = 'You are not allowed to do this.') => new AppError(403, 'FORBIDDEN', message);
export const unauthorized = (message = 'Please log in.') => new AppError(401, 'UNAUTHORIZED', message);
export const conflict = (code: ErrorCode, message: string) => new AppError(409, code, message);

/** 429 with the seconds after which the client may try again (sent as `Retry-After`). */
export class RateLimitError extends AppError {
  constructor(
    public readonly retryAfter: number,
    message = 'Too many requests. Please wait a moment and try again.',
  ) {
    super(429, 'RATE_LIMITED', message);
    this.name = 'RateLimitError';
  }
}
