import type { ErrorBody, ErrorCode } from '@shop/contract';

/**
 * The one error type services throw: a code the contract names and a message for people. It
 * carries no HTTP status: the error handler gives each code its status in one table
 * (error-handler.ts `ERROR_STATUS`, docs/decisions/0036), so a service knows nothing of HTTP.
 */
export class AppError extends Error {
  /** OUT_OF_STOCK at checkout: the lines above what is left (sent as `lines`). */
  lines?: ErrorBody['lines'];
  /** OUT_OF_STOCK on a cart change: what is left of the variant (sent as `available`). */
  available?: number;
  /** SIZE_IN_USE on a product edit: the sizes to remove that carts or wishlists hold (sent as `sizes`). */
  sizes?: ErrorBody['sizes'];
  /**
   * CODE_MIN_SUBTOTAL: how much more of goods the discount code needs; a refund above what is left:
   * what can still be refunded. Sent as `remaining`, in the shop currency (error-handler.ts).
   */
  remainingCents?: number;
  /** CODE_NOT_FOUND of a discount code that has ended: when (sent as `expiredAt`). */
  expiredAt?: Date;

  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A service outside the shop that a request needed and that failed it. */
export type Dependency = 'mail' | 'payments';

/**
 * The mail server or the payment provider failed the request (INTERNAL): the fault is neither the
 * client's nor the shop's own, and the edge says which of the two it was (error-handler.ts).
 */
export class DependencyError extends AppError {
  constructor(
    public readonly dependency: Dependency,
    message: string,
  ) {
    super('INTERNAL', message);
    this.name = 'DependencyError';
  }
}

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError('BAD_REQUEST', message, fields);
export const forbidden = (message = 'You are not allowed to do this.') => new AppError('FORBIDDEN', message);
export const unauthorized = (message = 'Please log in.') => new AppError('UNAUTHORIZED', message);
/** A refusal because of how things stand (a taken email, no stock left), under its own code. */
export const conflict = (code: ErrorCode, message: string) => new AppError(code, message);

/** Too many requests, with the seconds after which the client may try again (sent as `Retry-After`). */
export class RateLimitError extends AppError {
  constructor(
    public readonly retryAfter: number,
    message = 'Too many requests. Please wait a moment and try again.',
  ) {
    super('RATE_LIMITED', message);
    this.name = 'RateLimitError';
  }
}
