import { decimalText, type DiscountTerms } from '@shop/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { discountCodes } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { countedTry, type Limiter } from '../../platform/security/limiter.js';
import { codeUses, earliestCodeHold } from '../orders/reads.js';

/** A code a checkout may use: its terms, and what the order keeps of it. */
export interface ApplicableCode extends DiscountTerms {
  id: number;
  code: string;
}

/** Wrong codes one shopper may try a minute, the quote and the checkout counted together. */
export const WRONG_CODES_PER_MINUTE = 10;

const CODE_REFUSALS = new Set(['CODE_NOT_FOUND', 'CODE_USED_UP', 'CODE_MIN_SUBTOTAL', 'CODE_ALREADY_USED']);

/**
 * Runs `use` for a shopper who typed a code, counting the try first (atomically, across
 * processes): the eleventh try within a minute is refused with 429 before any code is looked at.
 * A code that turns out good gives its try back: only refused codes count.
 */
export function countedCodeTry<T>(limiter: Limiter, userId: number, use: () => Promise<T>): Promise<T> {
  return countedTry(limiter, `codes:${userId}`, WRONG_CODES_PER_MINUTE, CODE_REFUSALS, use);
}

/** CODE_MIN_SUBTOTAL: how much more of goods the code needs (sent as `remaining`). */
export class MinSubtotalError extends AppError {
  constructor(remainingCents: number) {
    super('CODE_MIN_SUBTOTAL', `Add ${decimalText(remainingCents)} more to use this code.`);
    this.remainingCents = remainingCents;
  }
}

/**
 * The code `typed` as shopper `userId` may use it on goods of `subtotalCents`, or the refusal: 404
 * CODE_NOT_FOUND (unknown, switched off, before or after its dates), 409 CODE_MIN_SUBTOTAL, 409
 * CODE_USED_UP (every use held or taken), 409 CODE_ALREADY_USED (this customer's uses: their
 * account's, their address's, and at checkout the delivery `phone`'s). Uses are
 * the orders that hold the code, but the shopper's own open checkout: their next checkout
 * replaces it (and gives back its holds first), so the quote of a shopper back from the payment
 * page answers as that checkout will. With `lock` (the checkout) the code's row is locked until
 * the order is written: checkouts racing for its last use take turns, and one of them gets it.
 */
export async function applicableCode(
  tx: Db | Tx,
  typed: string,
  {
    userId,
    subtotalCents,
    lock,
    phone,
  }: { userId: number; subtotalCents: number; lock: boolean; phone?: string | undefined },
): Promise<ApplicableCode> {
  const query = tx
    .select()
    .from(discountCodes)
    .where(
      and(
        sql`lower(${discountCodes.code}) = lower(${typed})`,
        eq(discountCodes.active, true),
        sql`(${discountCodes.startsAt} is null or ${discountCodes.startsAt} <= now())`,
        sql`(${discountCodes.endsAt} is null or ${discountCodes.endsAt} > now())`,
      ),
    );
  const [code] = lock ? await query.for('update') : await query;
  if (!code) throw await notFound(tx, typed);
  if (code.minSubtotalCents !== null && subtotalCents < code.minSubtotalCents) {
    throw new MinSubtotalError(code.minSubtotalCents - subtotalCents);
  }
  const held = await codeUses(tx, code.id, { userId, phone });
  if (code.maxUses !== null && held.all >= code.maxUses) {
    throw new AppError('CODE_USED_UP', 'This code has been used up.');
  }
  if (held.mine >= code.maxUsesPerCustomer) {
    throw new AppError('CODE_ALREADY_USED', 'You have already used this code.');
  }
  return {
    id: code.id,
    code: code.code,
    kind: code.kind,
    value: code.value,
    includeSaleItems: code.includeSaleItems,
  };
}

/** When a code ended, as the shop's English messages write it: "30 November 2026 at 23:59" (Sofia). */
const ENDED = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Sofia',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * 404 CODE_NOT_FOUND for a code no checkout may use: a switched-on code whose end has passed says
 * it expired and when (`expiredAt`; issue 45), not "does not exist", which reads like a typo. The
 * contract keeps the one code for every date refusal (TRADE.md section 4).
 */
async function notFound(tx: Db | Tx, typed: string): Promise<AppError> {
  const [ended] = await tx
    .select({ endsAt: discountCodes.endsAt })
    .from(discountCodes)
    .where(
      and(
        sql`lower(${discountCodes.code}) = lower(${typed})`,
        eq(discountCodes.active, true),
        sql`${discountCodes.endsAt} <= now()`,
      ),
    );
  if (!ended?.endsAt) return new AppError('CODE_NOT_FOUND', 'This code does not exist or is not active.');
  const refused = new AppError('CODE_NOT_FOUND', `This code expired on ${ENDED.format(ended.endsAt)}.`);
  refused.expiredAt = ended.endsAt;
  return refused;
}

/**
 * When a shopper's new checkout holds code `codeId` until: no later than `fresh`, and no later
 * than the end of any earlier hold of theirs on it that had not yet lapsed (a checkout they
 * replaced, cancelled or failed to pay), as stock's hold does (checkout/limits.ts): checking
 * out again and again never holds a code past the first hold's expiry.
 */
export async function codeHoldUntil(tx: Tx, userId: number, codeId: number, fresh: Date): Promise<Date> {
  const at = await earliestCodeHold(tx, userId, codeId);
  return at && at < fresh ? at : fresh;
}
