import type { AdminGiftCard, Language } from '@shop/contract';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { giftCards, ledgerEntries, shopSettings, users } from '../../db/schema.js';
import { CSV_FORMAT, csvRows, decimalOf } from '../../lib/csv.js';
import { AppError, notFound } from '../../lib/errors.js';
import { audit } from '../../platform/audit.js';
import { enqueue } from '../../platform/outbox/outbox.js';
import { balanceCents, lockBalance, writeEntry } from './ledger.js';
import { createCard } from './cards.js';
import { maskedCode } from './codes.js';
import { expiryEffects, recipientMail } from './effect-kinds.js';
import { monthsAfter } from './purchase.js';

/** Cards a page of the owner's list holds. */
export const GIFT_CARDS_PAGE_SIZE = 20;

/** Each card's balance: the sum of its entries (a voided card's void entry takes it to 0). */
const balanceOf = sql<number>`coalesce((select sum(${ledgerEntries.cents}) from ${ledgerEntries} where ${ledgerEntries.cardId} = ${giftCards.id}), 0)::int`;

const cardColumns = {
  id: giftCards.id,
  last4: giftCards.last4,
  status: giftCards.status,
  amountCents: giftCards.amountCents,
  balanceCents: balanceOf,
  currency: giftCards.currency,
  buyerId: users.id,
  buyerName: users.name,
  buyerEmail: users.email,
  recipientName: giftCards.recipientName,
  recipientEmail: giftCards.recipientEmail,
  sendAt: giftCards.sendAt,
  sentAt: giftCards.sentAt,
  expiresAt: giftCards.expiresAt,
  createdAt: giftCards.createdAt,
};

/** A card as the owner's list shows it (cents: the route's schema turns them into money). */
function adminCard(row: { [K in keyof typeof cardColumns]: unknown }): AdminGiftCard {
  const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : null);
  return {
    id: row.id as number,
    code: maskedCode(row.last4 as string),
    status: row.status as AdminGiftCard['status'],
    amount: row.amountCents as number,
    balance: Number(row.balanceCents),
    currency: row.currency as string,
    buyer:
      row.buyerId === null
        ? null
        : { id: row.buyerId as number, name: row.buyerName as string, email: row.buyerEmail as string },
    recipientName: row.recipientName as string,
    recipientEmail: row.recipientEmail as string,
    sendAt: iso(row.sendAt),
    sentAt: iso(row.sentAt),
    expiresAt: iso(row.expiresAt)!,
    createdAt: iso(row.createdAt)!,
  };
}

/** What the shop owes: the balances of every active card not yet expired (its liability). */
export async function outstandingCents(db: Db, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${ledgerEntries.cents}), 0)::int` })
    .from(ledgerEntries)
    .innerJoin(giftCards, eq(giftCards.id, ledgerEntries.cardId))
    .where(and(eq(giftCards.status, 'active'), gt(giftCards.expiresAt, now)));
  return Number(row?.cents ?? 0);
}

/** A page of issued cards (newest first; unpaid purchases are not cards yet), and the outstanding balance. */
export async function listGiftCards(db: Db, page: number) {
  const issued = sql`${giftCards.status} <> 'pending'`;
  const rows = await db
    .select(cardColumns)
    .from(giftCards)
    .leftJoin(users, eq(users.id, giftCards.buyerId))
    .where(issued)
    .orderBy(desc(giftCards.id))
    .limit(GIFT_CARDS_PAGE_SIZE)
    .offset((page - 1) * GIFT_CARDS_PAGE_SIZE);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(giftCards)
    .where(issued);
  return { data: rows.map(adminCard), total: Number(count?.n ?? 0), page, outstanding: await outstandingCents(db) };
}

/** Every issued card, for the CSV (the code masked but its last four, as on screen). */
export async function giftCardsCsv(db: Db, lang: Language): Promise<string> {
  const { separator, decimal } = CSV_FORMAT[lang];
  const rows = await db
    .select(cardColumns)
    .from(giftCards)
    .leftJoin(users, eq(users.id, giftCards.buyerId))
    .where(sql`${giftCards.status} <> 'pending'`)
    .orderBy(giftCards.id);
  const header = ['id', 'code', 'status', 'amount', 'balance', 'currency', 'buyer', 'buyerEmail', 'recipient'];
  header.push('recipientEmail', 'sendAt', 'sentAt', 'expiresAt', 'createdAt');
  const lines = rows.map((raw) => {
    const card = adminCard(raw);
    return [
      card.id,
      card.code,
      card.status,
      decimalOf(card.amount, decimal),
      decimalOf(card.balance, decimal),
      card.currency,
      card.buyer?.name ?? '',
      card.buyer?.email ?? '',
      card.recipientName,
      card.recipientEmail,
      card.sendAt ?? '',
      card.sentAt ?? '',
      card.expiresAt,
      card.createdAt,
    ];
  });
  return `\uFEFF${csvRows([header, ...lines], separator)}`;
}

/** A gift from the shop: active at once, its amount issued, mailed to the recipient now; audited. */
export async function giveGiftCard(
  db: Db,
  actorId: number,
  body: { amount: number; recipientName: string; recipientEmail: string; message?: string | undefined; lang: Language },
  currency: string,
) {
  return db.transaction(async (tx) => {
    const [settings] = await tx.select({ months: shopSettings.giftCardValidityMonths }).from(shopSettings).limit(1);
    const card = await createCard(
      tx,
      {
        amountCents: body.amount,
        currency,
        expiresAt: monthsAfter(new Date(), settings?.months ?? 24),
        buyerId: null,
        recipientName: body.recipientName,
        recipientEmail: body.recipientEmail,
        message: body.message ?? null,
        lang: body.lang,
      },
      'active',
    );
    await enqueue(tx, [recipientMail(card.id, null), ...expiryEffects(card.id, card.expiresAt)]);
    await audit(tx, {
      actorId,
      action: 'gift-card.issue',
      target: `gift-card:${card.id}`,
      detail: { cents: body.amount, last4: card.last4 },
    });
    return card.id;
  });
}

/** One card by id for the owner, or 404. */
export async function adminGiftCard(db: Db, id: number): Promise<AdminGiftCard> {
  const [row] = await db
    .select(cardColumns)
    .from(giftCards)
    .leftJoin(users, eq(users.id, giftCards.buyerId))
    .where(and(eq(giftCards.id, id), sql`${giftCards.status} <> 'pending'`));
  if (!row) throw notFound('Gift card not found');
  return adminCard(row);
}

/**
 * Voids a card: what is left of it goes in a `voided` entry (its balance is 0 from then on) and
 * it can pay no more; locked like a spending, so no checkout takes money from it meanwhile. A
 * card voided already: 409. Audited.
 */
export async function voidGiftCard(db: Db, actorId: number, id: number, reason: string | undefined) {
  await db.transaction(async (tx) => {
    const [card] = await tx.select().from(giftCards).where(eq(giftCards.id, id));
    if (!card || card.status === 'pending') throw notFound('Gift card not found');
    await lockBalance(tx, { cardId: id });
    const [fresh] = await tx.select({ status: giftCards.status }).from(giftCards).where(eq(giftCards.id, id));
    if (fresh?.status === 'voided') throw new AppError('CONFLICT', 'This gift card is voided already.');
    const left = await balanceCents(tx, { cardId: id });
    if (left > 0)
      await writeEntry(
        tx,
        { cardId: id },
        { kind: 'voided', cents: left, reason: reason ?? null, ref: `admin:${actorId}` },
      );
    await tx.update(giftCards).set({ status: 'voided' }).where(eq(giftCards.id, id));
    await audit(tx, {
      actorId,
      action: 'gift-card.void',
      target: `gift-card:${id}`,
      detail: { cents: left, ...(reason ? { reason } : {}) },
    });
  });
  return adminGiftCard(db, id);
}

/** A card's ledger, oldest first, and its balance. */
export async function giftCardLedger(db: Db, id: number) {
  await adminGiftCard(db, id);
  const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.cardId, id)).orderBy(ledgerEntries.id);
  return {
    data: entries.map((entry) => ({
      id: entry.id,
      kind: entry.kind,
      amount: entry.cents,
      orderId: entry.orderId,
      reason: entry.reason,
      createdAt: entry.createdAt.toISOString(),
    })),
    balance: await balanceCents(db, { cardId: id }),
  };
}
