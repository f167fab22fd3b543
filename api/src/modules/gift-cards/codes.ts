import { createHash, randomBytes } from 'node:crypto';

/**
 * Gift card codes (YEAR.md section 3): 16 characters of Crockford's base32 from 80 random bits,
 * shown grouped in fours. A code is read ignoring case, spaces and hyphens, with Crockford's
 * look-alikes (I and L for 1, O for 0). Look-ups compare its SHA-256, never the code itself, so
 * the time a wrong code takes says nothing of the right one; codes never reach a log.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 16;

/** A new code: 80 bits (10 random bytes), 5 bits a character. */
export function newCode(): string {
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let index = 0; index < CODE_LENGTH; index += 1) {
    code = ALPHABET[Number(bits & 31n)]! + code;
    bits >>= 5n;
  }
  return code;
}

/** The code as typed, normalized; null when it cannot be a code (a look-up is not even tried). */
export function normalizeCode(input: string): string | null {
  const code = input
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
  if (code.length !== CODE_LENGTH) return null;
  for (const character of code) if (!ALPHABET.includes(character)) return null;
  return code;
}

export const codeHash = (code: string): string => createHash('sha256').update(code).digest('hex');

/** `ABCD-EFGH-JKMN-PQRS`: how a person reads it. */
export const groupedCode = (code: string): string => code.match(/.{1,4}/g)!.join('-');

/** `•••• PQRS`: what lists and orders show. */
export const maskedCode = (last4: string): string => `•••• ${last4}`;
