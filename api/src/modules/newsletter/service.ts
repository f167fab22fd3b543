import {
  NEWSLETTER_CONFIRM_DAYS,
  NEWSLETTER_WORDING_VERSION,
  type Language,
  type NewsletterAnswer,
  type NewsletterSource,
  type NewsletterState,
  type SubscribeBody,
} from '@shop/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { mailSuppressions, newsletterConsents, newsletterSubscribers, users } from '../../db/schema.js';
import { AppError, RateLimitError, notFound } from '../../lib/errors.js';
import type { WebLinks } from '../../lib/links.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { clientKey } from '../../platform/security/client-key.js';
import type { Limiter } from '../../platform/security/limiter.js';
import { generateToken, hashToken } from '../../platform/security/tokens.js';
import { confirmationMail } from './mail.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Requests to subscribe, [max, window]: per client address (a 429, whatever the address), and
 * per address (past it the request is answered as any other, and no further link is mailed).
 */
export const SUBSCRIBE_LIMITS = {
  perClient: [20, HOUR],
  perEmail: [3, DAY],
} as const satisfies Record<string, readonly [number, number]>;

export const MESSAGES = {
  tooMany: 'Too many subscription requests. Please wait before trying again.',
  invalidLink: 'This link is invalid. Please use the link in the mail, or subscribe again.',
  expiredLink: `This link has expired (it works for ${NEWSLETTER_CONFIRM_DAYS} days). Please subscribe again.`,
} as const;

export interface SubscribeDeps {
  db: Db;
  limiter: Limiter;
  mailer: Mailer;
  log: FastifyBaseLogger;
  links: WebLinks;
}

type Subscriber = typeof newsletterSubscribers.$inferSelect;

const normal = (email: string) => email.trim().toLowerCase();

async function subscriberOf(db: Db | Tx, email: string): Promise<Subscriber | undefined> {
  const [row] = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, normal(email)))
    .limit(1);
  return row;
}

/** Writes (or renews) the address's row in `status`, and the consent that goes with it, in one statement each. */
async function record(
  tx: Tx,
  email: string,
  values: { status: Subscriber['status']; lang: Language; source: NewsletterSource; confirmTokenHash?: string },
  action: 'asked' | 'given',
): Promise<Subscriber> {
  const now = new Date();
  const pending = values.status === 'pending';
  const set = {
    status: values.status,
    lang: values.lang,
    source: values.source,
    confirmTokenHash: values.confirmTokenHash ?? null,
    confirmExpiresAt: pending ? new Date(now.getTime() + NEWSLETTER_CONFIRM_DAYS * DAY) : null,
    confirmedAt: pending ? null : now,
  };
  const [row] = await tx
    .insert(newsletterSubscribers)
    .values({ email, ...set, unsubscribeToken: generateToken(24) })
    .onConflictDoUpdate({ target: newsletterSubscribers.email, set })
    .returning();
  await tx.insert(newsletterConsents).values({
    subscriberId: row!.id,
    action,
    source: values.source,
    lang: values.lang,
    wordingVersion: NEWSLETTER_WORDING_VERSION,
  });
  // Consent given again lifts an earlier "left" (a bounce stays until the address confirms).
  if (!pending)
    await tx
      .delete(mailSuppressions)
      .where(and(eq(mailSuppressions.email, email), eq(mailSuppressions.reason, 'left')));
  await touchAccount(tx, email);
  return row!;
}

/** The account with this address (if any) changed: its profile answer is built afresh (the change feed). */
async function touchAccount(tx: Db | Tx, email: string): Promise<void> {
  await tx.update(users).set({ updatedAt: new Date() }).where(eq(users.email, email));
}

async function limited(limiter: Limiter, key: string, [max, windowMs]: readonly [number, number]) {
  return limiter.hit(key, max, windowMs);
}

/**
 * `POST /api/newsletter` (double opt-in): keeps the request with its consent record and mails a
 * link to confirm, valid NEWSLETTER_CONFIRM_DAYS. Answers the same whatever the address: one
 * already subscribed gets nothing, and the mail leaves after the answer.
 */
export async function requestSubscription(deps: SubscribeDeps, body: SubscribeBody, ip: string): Promise<void> {
  const { db, log } = deps;
  const email = normal(body.email);
  const client = await limited(deps.limiter, `newsletter:${clientKey(ip)}`, SUBSCRIBE_LIMITS.perClient);
  if (!client.allowed) throw new RateLimitError(client.retryAfter, MESSAGES.tooMany);
  if (!(await limited(deps.limiter, `newsletter:email:${email}`, SUBSCRIBE_LIMITS.perEmail)).allowed) return;
  const existing = await subscriberOf(db, email);
  if (existing?.status === 'subscribed') return;
  const token = generateToken(32);
  await db.transaction((tx) =>
    record(
      tx,
      email,
      { status: 'pending', lang: body.lang, source: body.source, confirmTokenHash: hashToken(token) },
      'asked',
    ),
  );
  const url = deps.links.confirmNewsletter(token);
  deps.mailer.send(confirmationMail(email, body.lang, url)).catch((error) => {
    log.error({ err: error, event: 'newsletter.mail_failed' }, 'newsletter: could not send the confirmation link');
  });
}

/** `POST /api/newsletter/confirm`: the mailed link turns the request into consent (again: the same answer). */
export async function confirmSubscription(db: Db, token: string): Promise<NewsletterAnswer> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.confirmTokenHash, hashToken(token)))
      .for('update');
    if (!row) throw new AppError('INVALID_TOKEN', MESSAGES.invalidLink);
    if (row.status === 'subscribed') return { status: 'subscribed', email: row.email };
    if (row.status !== 'pending' || !row.confirmExpiresAt || row.confirmExpiresAt.getTime() <= Date.now()) {
      throw new AppError('TOKEN_EXPIRED', MESSAGES.expiredLink);
    }
    await tx
      .update(newsletterSubscribers)
      .set({ status: 'subscribed', confirmedAt: new Date() })
      .where(eq(newsletterSubscribers.id, row.id));
    await tx.insert(newsletterConsents).values({
      subscriberId: row.id,
      action: 'confirmed',
      source: row.source,
      lang: row.lang,
      wordingVersion: NEWSLETTER_WORDING_VERSION,
    });
    await tx.delete(mailSuppressions).where(eq(mailSuppressions.email, row.email));
    await touchAccount(tx, row.email);
    return { status: 'subscribed', email: row.email };
  });
}

/** Leaves the list: the address goes on the suppression list, and the withdrawal is recorded. */
async function leave(tx: Tx, row: Subscriber, source: 'profile' | 'unsubscribe'): Promise<void> {
  if (row.status !== 'left') {
    await tx
      .update(newsletterSubscribers)
      .set({ status: 'left', confirmTokenHash: null, confirmExpiresAt: null })
      .where(eq(newsletterSubscribers.id, row.id));
    await tx.insert(newsletterConsents).values({
      subscriberId: row.id,
      action: 'withdrawn',
      source,
      lang: row.lang,
      wordingVersion: NEWSLETTER_WORDING_VERSION,
    });
  }
  await suppress(tx, row.email, 'left');
  await touchAccount(tx, row.email);
}

/** Puts an address on the one suppression list (a bounce does not overwrite a departure, nor the reverse). */
export async function suppress(tx: Db | Tx, email: string, reason: 'left' | 'bounced'): Promise<void> {
  await tx
    .insert(mailSuppressions)
    .values({ email: normal(email), reason })
    .onConflictDoNothing();
}

/** `POST /api/unsubscribe?token=`: one click (RFC 8058), at once; a second click answers the same. */
export async function unsubscribe(db: Db, token: string): Promise<NewsletterAnswer> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.unsubscribeToken, token))
      .for('update');
    if (!row) throw new AppError('INVALID_TOKEN', MESSAGES.invalidLink);
    await leave(tx, row, 'unsubscribe');
    return { status: 'none', email: row.email };
  });
}

/** The profile's switch: where the account's address stands. */
export async function newsletterState(db: Db | Tx, email: string): Promise<NewsletterState> {
  const row = await subscriberOf(db, email);
  if (row?.status === 'subscribed') return 'subscribed';
  if (row?.status === 'pending' && row.confirmExpiresAt && row.confirmExpiresAt.getTime() > Date.now())
    return 'pending';
  return 'none';
}

/**
 * `PUT /api/profile/save { newsletter }`: a verified address is subscribed at once (its consent
 * given from the profile); an unverified one is mailed the link to confirm; false leaves.
 */
export async function setNewsletter(deps: SubscribeDeps, userId: number, on: boolean, ip: string): Promise<void> {
  const [user] = await deps.db
    .select({ email: users.email, locale: users.locale, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound('Account not found');
  const existing = await subscriberOf(deps.db, user.email);
  if (!on) {
    if (existing) await deps.db.transaction((tx) => leave(tx, existing, 'profile'));
    return;
  }
  if (existing?.status === 'subscribed') return;
  if (!user.verifiedAt) {
    await requestSubscription(deps, { email: user.email, lang: user.locale, source: 'profile' }, ip);
    return;
  }
  await deps.db.transaction((tx) =>
    record(tx, user.email, { status: 'subscribed', lang: user.locale, source: 'profile' }, 'given'),
  );
}

/** What the data export says of the address on the list: its state and every consent as recorded. */
export async function newsletterExport(db: Db, email: string) {
  const row = await subscriberOf(db, email);
  if (!row) return null;
  const consents = await db
    .select({
      action: newsletterConsents.action,
      source: newsletterConsents.source,
      lang: newsletterConsents.lang,
      wordingVersion: newsletterConsents.wordingVersion,
      at: newsletterConsents.at,
    })
    .from(newsletterConsents)
    .where(eq(newsletterConsents.subscriberId, row.id))
    .orderBy(asc(newsletterConsents.id));
  return {
    status: await newsletterState(db, email),
    language: row.lang,
    consents: consents.map((consent) => ({ ...consent, at: consent.at.toISOString() })),
  };
}

/** A deleted account's address leaves no trace on the list: its row and its consents go. */
export async function forgetSubscriber(tx: Db | Tx, email: string): Promise<void> {
  await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, normal(email)));
}

/**
 * Whether marketing mail may go to this address now: subscribed (consent confirmed) and not on
 * the suppression list. Every marketing sender asks it right before sending.
 */
export async function mayMarket(db: Db | Tx, email: string): Promise<Subscriber | undefined> {
  const [row] = await db
    .select()
    .from(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.email, normal(email)),
        eq(newsletterSubscribers.status, 'subscribed'),
        sql`not exists (select 1 from ${mailSuppressions} s where s.email = ${newsletterSubscribers.email})`,
      ),
    )
    .limit(1);
  return row;
}
