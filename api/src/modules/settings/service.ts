import { type Courier, type Settings, type UpdateSettings } from '@shop/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { preparedSelectAll } from '../../db/prepared.js';
import { courierOffices, recalls, shopSettings } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { audit } from '../../platform/audit.js';
import { getRecordsSettings, updateRecordsSettings } from '../documents/settings.js';

export type SettingsRow = typeof shopSettings.$inferSelect;

/** What the settings say of the server's configuration rather than of the owner's choices. */
export interface ShopFacts {
  currency: string;
  /** Whether the shop takes card payments (PAYMENTS=off: it does not). */
  cardPayments: boolean;
  /** The courier in use (Econt when its account is configured); the built-in one by default. */
  courier?: Courier;
}

function toSettings(
  row: SettingsRow,
  { currency, cardPayments, courier = 'builtin' }: ShopFacts,
  recallsPublished: boolean,
  admin = false,
): Settings {
  return {
    ...(admin
      ? {
          notificationsEmail: row.notificationsEmail,
          courier: {
            name: courier,
            senderOfficeId: row.courierSenderOfficeId,
            senderAddress: row.courierSenderAddress,
            inspection: row.courierInspection,
          },
          marketing: { ratePerMinute: row.marketingRatePerMinute, abandonedCartHours: row.marketingAbandonedCartHours },
          complaints: { dueDays: row.complaintDueDays },
        }
      : {}),
    seller: {
      legalName: row.sellerLegalName,
      address: row.sellerAddress,
      companyId: row.sellerCompanyId,
      vatId: row.sellerVatId,
      email: row.sellerEmail,
      phone: row.sellerPhone,
    },
    delivery: {
      addressPrice: row.deliveryAddressCents,
      officePrice: row.deliveryOfficeCents,
      lockerPrice: lockerCents(row),
      freeFrom: row.freeDeliveryFromCents,
    },
    cod: { enabled: row.codEnabled, fee: row.codFeeCents, confirmNewAccounts: row.codConfirmNewAccounts },
    limits: { codMaxOpenOrders: row.codMaxOpenOrders, maxUnitsPerVariant: row.maxUnitsPerVariant },
    returnDays: row.returnDays,
    returns: {
      windowDays: row.returnsWindowDays,
      autoApprove: row.returnsAutoApprove,
      shipping: row.returnsShipping === 'shopper' ? 'shopper' : 'shop',
      storeCreditBonusPercent: row.returnsStoreCreditBonusPercent,
    },
    giftCards: { amounts: row.giftCardAmountsCents, validityMonths: row.giftCardValidityMonths },
    payments: { card: cardPayments },
    currency,
    pricesIncludeVat: true,
    recalls: recallsPublished,
  };
}

/**
 * Whether a product safety recall is open: the footer links /recalls while one is (issue 50; a
 * closed notice stays at /recalls and in the sitemap). A recall's insert or closing clears the
 * cached answer (its trigger).
 */
async function anyRecall(db: Db | Tx): Promise<boolean> {
  const [row] = await db.select({ id: recalls.id }).from(recalls).where(isNull(recalls.closedAt)).limit(1);
  return row !== undefined;
}

/** Delivery to a parcel locker: its own price once the owner set one, the office's until then. */
export const lockerCents = (row: SettingsRow): number => row.deliveryLockerCents ?? row.deliveryOfficeCents;

/** The settings row's read, its statement built once: a checkout reads it twice (decision 0085). */
const readSettingsRow = preparedSelectAll(shopSettings, eq(shopSettings.id, 1));

/** The settings row (migration 0007 makes it; written again here should an operator have deleted it). */
export async function settingsRow(db: Db | Tx): Promise<SettingsRow> {
  const [row] = await readSettingsRow(db);
  if (row) return row;
  const [created] = await db.insert(shopSettings).values({ id: 1 }).onConflictDoNothing().returning();
  return created ?? (await settingsRow(db));
}

/**
 * Where the owner's notices go (new orders, withdrawals, low stock): the notifications address,
 * else the seller's email, else '' (no one to tell).
 */
export async function ownerAddress(db: Db | Tx): Promise<string> {
  const row = await settingsRow(db);
  return row.notificationsEmail || row.sellerEmail;
}

/** The seller's email: the Reply-To of every mail to a shopper (a reply reaches a person), or ''. */
export async function sellerEmail(db: Db | Tx): Promise<string> {
  return (await settingsRow(db)).sellerEmail;
}

/** The settings as the admin reads them: with the notifications address. */
export async function getAdminSettings(db: Db | Tx, shop: ShopFacts): Promise<Settings> {
  const [row, published, records] = await Promise.all([settingsRow(db), anyRecall(db), getRecordsSettings(db)]);
  return { ...toSettings(row, shop, published, true), records };
}

export async function getSettings(db: Db | Tx, shop: ShopFacts): Promise<Settings> {
  const [row, published] = await Promise.all([settingsRow(db), anyRecall(db)]);
  return toSettings(row, shop, published);
}

/** A partial update of the settings, audited with what it was; answers the new settings. */
export async function updateSettings(
  db: Db,
  actorId: number,
  body: UpdateSettings,
  shop: ShopFacts,
): Promise<Settings> {
  return db.transaction(async (tx) => {
    const before = await settingsRow(tx);
    const recordsBefore = await getRecordsSettings(tx);
    const published = await anyRecall(tx);
    const records = await updateRecordsSettings(tx, body.records);
    const {
      seller = {},
      delivery = {},
      cod = {},
      limits = {},
      courier = {},
      returns = {},
      marketing = {},
      giftCards = {},
      complaints = {},
    } = body;
    // The voluntary return window is never shorter than the withdrawal period (YEAR.md section 2).
    const windowDays = returns.windowDays ?? before.returnsWindowDays;
    const returnDays = body.returnDays ?? before.returnDays;
    if (windowDays < returnDays) {
      const message = `The return window cannot be shorter than the ${returnDays}-day withdrawal period.`;
      throw new AppError('VALIDATION_ERROR', message, { 'returns.windowDays': message });
    }
    if (courier.senderOfficeId) {
      const [office] = await tx
        .select({ id: courierOffices.id })
        .from(courierOffices)
        .where(and(eq(courierOffices.id, courier.senderOfficeId), eq(courierOffices.active, true)));
      const message = 'Choose the office from the list.';
      if (!office) throw new AppError('VALIDATION_ERROR', message, { 'courier.senderOfficeId': message });
    }
    const [row] = await tx
      .update(shopSettings)
      .set({
        sellerLegalName: seller.legalName,
        sellerAddress: seller.address,
        sellerCompanyId: seller.companyId,
        sellerVatId: seller.vatId,
        sellerEmail: seller.email,
        sellerPhone: seller.phone,
        notificationsEmail: body.notificationsEmail,
        deliveryAddressCents: delivery.addressPrice,
        deliveryOfficeCents: delivery.officePrice,
        deliveryLockerCents: delivery.lockerPrice,
        courierSenderOfficeId: courier.senderOfficeId,
        courierSenderAddress: courier.senderAddress,
        courierInspection: courier.inspection,
        freeDeliveryFromCents: delivery.freeFrom,
        codEnabled: cod.enabled,
        codFeeCents: cod.fee,
        codConfirmNewAccounts: cod.confirmNewAccounts,
        codMaxOpenOrders: limits.codMaxOpenOrders,
        maxUnitsPerVariant: limits.maxUnitsPerVariant,
        returnDays: body.returnDays,
        returnsWindowDays: returns.windowDays,
        returnsAutoApprove: returns.autoApprove,
        returnsShipping: returns.shipping,
        returnsStoreCreditBonusPercent: returns.storeCreditBonusPercent,
        marketingRatePerMinute: marketing.ratePerMinute,
        marketingAbandonedCartHours: marketing.abandonedCartHours,
        giftCardAmountsCents: giftCards.amounts ? [...new Set(giftCards.amounts)].sort((x, y) => x - y) : undefined,
        giftCardValidityMonths: giftCards.validityMonths,
        complaintDueDays: complaints.dueDays,
        updatedAt: new Date(),
      })
      .where(eq(shopSettings.id, 1))
      .returning();
    await audit(tx, {
      actorId,
      action: 'settings.update',
      target: 'settings',
      detail: { changes: body, before: { ...toSettings(before, shop, published, true), records: recordsBefore } },
    });
    return { ...toSettings(row!, shop, published, true), records };
  });
}
