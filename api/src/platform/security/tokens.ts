import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256-bit opaque token for sessions, 128+ bits for reset links: base64url, from the CSPRNG. */
export const generateToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Tokens and codes are stored as SHA-256: a database leak does not leak usable secrets. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A numeric code of `length` digits, uniformly drawn. */
export const generateCode = (length: number): string =>
  Array.from({ length }, () => randomInt(0, 10).toString()).join('');

export const safeEqualHex = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
