import type { PublicOrderKey, WithdrawalRequestView } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { withdrawalRequests } from '../../db/schema.js';
import { AppError, RateLimitError, conflict } from '../../lib/errors.js';
import type { WebLinks } from '../../lib/links.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { clientKey } from '../../platform/security/client-key.js';
import type { Limiter } from '../../platform/security/limiter.js';
import { generateToken, hashToken } from '../../platform/security/tokens.js';
import { confirmationMail } from './mail.js';
import { recordWithdrawal, type RecordedWithdrawal } from './service.js';
import { addresseeOf, readOrder, readWithShopper } from '../orders/store.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** How long a mailed confirmation link works. */
export const REQUEST_TTL_MS = DAY;

/**
 * Public requests, each counted whatever the order and email (so a limit tells nothing):
 * per client address, per order named and per email given. [max, window].
 */
export const REQUEST_LIMITS = {
  perClient: [10, HOUR],
  perOrder: [3, DAY],
  perEmail: [5, DAY],
} as const satisfies Record<string, readonly [number, number]>;

export const MESSAGES = {
  tooMany: 'Too many withdrawal requests. Please wait before trying again.',
  invalidLink: 'This withdrawal link is invalid. Please use the link in the mail, or fill in the form again.',
  expiredLink: 'This withdrawal link has expired. Please fill in the withdrawal form again.',
  usedLink: 'This withdrawal is already confirmed: you have withdrawn from this order.',
} as const;

export interface RequestDeps {
  db: Db;
  limiter: Limiter;
  mailer: Mailer;
  log: FastifyBaseLogger;
  links: WebLinks;
}

async function enforce(limiter: Limiter, key: string, [max, windowMs]: readonly [number, number]) {
  const result = await limiter.hit(key, max, windowMs);
  if (!result.allowed) throw new RateLimitError(result.retryAfter, MESSAGES.tooMany);
}

/**
 * The public form (docs/decisions/0024): when the order named exists and was placed with the
 * email given, keeps the request and mails a link to confirm it to the order's own address,
 * greeting the order's own name. Records no withdrawal, and answers (returns) the same in every
 * case: the mail goes out after the answer, so not even its time tells whether the order matched.
 */
export async function requestWithdrawal(
  deps: RequestDeps,
  input: { orderId: PublicOrderKey; email: string; name: string; reason?: string | undefined },
  ip: string,
): Promise<void> {
  const { db, limiter, log } = deps;
  const email = input.email.trim().toLowerCase();
  await enforce(limiter, `withdrawal:${clientKey(ip)}`, REQUEST_LIMITS.perClient);
  await enforce(limiter, `withdrawal:email:${email}`, REQUEST_LIMITS.perEmail);
  const found = await readWithShopper(db, 'reference' in input.orderId ? input.orderId : input.orderId.id);
  const order = found && { ...found.row, ...addresseeOf(found) };
  // By the order itself when it exists (its reference and its number are one order), else by what was typed.
  const orderKey = order ? `id:${order.id}` : JSON.stringify(input.orderId);
  await enforce(limiter, `withdrawal:order:${orderKey}`, REQUEST_LIMITS.perOrder);
  if (!order?.email || order.email.trim().toLowerCase() !== email) {
    log.info(
      { event: 'withdrawal.request_unmatched', ip },
      'public withdrawal: no order with this reference and email',
    );
    return;
  }
  const token = generateToken(32);
  const [request] = await db
    .insert(withdrawalRequests)
    .values({
      orderId: order.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + REQUEST_TTL_MS),
      name: input.name,
      reason: input.reason || null,
    })
    .returning({ id: withdrawalRequests.id, submittedAt: withdrawalRequests.submittedAt });
  log.info({ event: 'withdrawal.requested', orderId: order.id, ip }, 'public withdrawal: confirmation link mailed');
  const url = deps.links.confirmWithdrawal(token);
  const mail = confirmationMail({
    locale: order.locale,
    to: order.email,
    name: order.name,
    reference: order.reference,
    submittedAt: request!.submittedAt.toISOString(),
    url,
    validHours: REQUEST_TTL_MS / HOUR,
  });
  deps.mailer
    .send({ ...mail, devNote: `withdrawal confirmation link for order ${order.id}: ${url}` })
    .catch((error) => {
      log.error(
        { err: error, event: 'withdrawal.mail_failed', orderId: order.id },
        'withdrawal: could not send the link',
      );
    });
}

/** The request behind a link, or the refusal every use of a bad link gets. */
async function findRequest(db: Db, token: string) {
  const [request] = await db
    .select()
    .from(withdrawalRequests)
    .where(eq(withdrawalRequests.tokenHash, hashToken(token)))
    .limit(1);
  const order = request && (await readOrder(db, request.orderId));
  if (!request || !order) throw new AppError('INVALID_TOKEN', MESSAGES.invalidLink);
  return { request, reference: order.reference };
}

const expired = (request: { expiresAt: Date }) => request.expiresAt.getTime() <= Date.now();

/** What the confirmation page shows before its button: opening the link reads, it never records. */
export async function viewRequest(db: Db, token: string): Promise<WithdrawalRequestView> {
  const { request, reference } = await findRequest(db, token);
  if (!request.confirmedAt && expired(request)) throw new AppError('TOKEN_EXPIRED', MESSAGES.expiredLink);
  return {
    reference,
    submittedAt: request.submittedAt.toISOString(),
    expiresAt: request.expiresAt.toISOString(),
    confirmedAt: request.confirmedAt?.toISOString() ?? null,
  };
}

/**
 * The mailed link's button: records the withdrawal of every line, timestamped at the request's
 * submission (the law counts the submission, and so does the period check), and uses the link
 * up, in one transaction. A refusal (period over, nothing to withdraw) leaves the link unused.
 */
export async function confirmRequest(db: Db, token: string): Promise<RecordedWithdrawal> {
  const { request } = await findRequest(db, token);
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(withdrawalRequests)
      .where(eq(withdrawalRequests.id, request.id))
      .for('update');
    if (!locked) throw new AppError('INVALID_TOKEN', MESSAGES.invalidLink);
    if (locked.confirmedAt) throw conflict('ALREADY_WITHDRAWN', MESSAGES.usedLink);
    if (expired(locked)) throw new AppError('TOKEN_EXPIRED', MESSAGES.expiredLink);
    const recorded = await recordWithdrawal(tx, {
      orderId: locked.orderId,
      who: { confirmed: { name: locked.name, submittedAt: locked.submittedAt } },
      reason: locked.reason ?? undefined,
    });
    await tx
      .update(withdrawalRequests)
      .set({ confirmedAt: sql`now()` })
      .where(eq(withdrawalRequests.id, locked.id));
    return recorded;
  });
}
