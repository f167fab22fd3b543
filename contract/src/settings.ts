import { z } from 'zod';
import { GiftCardSettingsSchema, UpdateGiftCardSettingsSchema } from './gift-cards.js';
import { text } from './text.js';
import { COD_MAX_OPEN_ORDERS_MAX, QUANTITY_MAX, RETURN_DAYS_MIN } from './constants.js';
import { money, Money } from './money-codec.js';
import { RecordsSettingsSchema, UpdateRecordsBodySchema } from './records.js';
import { compactId, companyIdProblem, vatIdProblem } from './invoices.js';
import { COURIERS } from './couriers.js';
import { COMPLAINT_DUE_DAYS } from './complaints.js';
import { MarketingSettingsSchema, UpdateMarketingSettingsSchema } from './campaigns.js';

/** Who sells: shown in the footer, the terms, on product pages (manufacturer) and in every order mail. */
export const SellerSchema = z.object({
  legalName: z.string(),
  address: z.string(),
  companyId: z.string(),
  vatId: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type Seller = z.infer<typeof SellerSchema>;

/**
 * The fictional seller the demo shop starts with (the seed writes it), until the owner saves their
 * own in the admin Settings. A shop that still shows it, or no name, address or email, sells under
 * no real name: the admin dashboard warns (sellerNeedsDetails).
 */
export const DEMO_SELLER: Seller = {
  legalName: 'Ателие Ноар ЕООД (Atelier Noir Ltd.)',
  address: 'ул. „Граф Игнатиев“ 12, 1000 София, България',
  companyId: '206123451',
  vatId: 'BG206123451',
  email: 'hello@atelier-noir.example',
  phone: '+359 2 987 6543',
};

/** Whether the seller is still the demo's (any of its details) or lacks a name, an address or an email. */
export function sellerNeedsDetails(seller: Seller): boolean {
  const missing = [seller.legalName, seller.address, seller.email].some((value) => value.trim() === '');
  const demo = (Object.keys(DEMO_SELLER) as (keyof Seller)[]).some(
    (key) => seller[key].trim() !== '' && seller[key].trim() === DEMO_SELLER[key],
  );
  return missing || demo;
}

export const RETURN_SHIPPING = ['shop', 'shopper'] as const;
export type ReturnShipping = (typeof RETURN_SHIPPING)[number];

export const ReturnsSettingsSchema = z.object({
  windowDays: z.number(),
  autoApprove: z.boolean(),
  shipping: z.enum(RETURN_SHIPPING),
  storeCreditBonusPercent: z.number(),
});
export type ReturnsSettings = z.infer<typeof ReturnsSettingsSchema>;

export const SettingsSchema = z.object({
  seller: SellerSchema,
  delivery: z.object({
    /** To a street address. */
    addressPrice: Money,
    /** To a courier office. */
    officePrice: Money,
    /** To a parcel locker: the office price until the owner sets one (the API always sends it). */
    lockerPrice: Money.optional(),
    /** Free delivery from this subtotal; null: never free. */
    freeFrom: Money.nullable(),
  }),
  /**
   * Cash on delivery, its surcharge, and whether orders of accounts with no delivered order wait
   * for the owner's confirmation before they ship.
   */
  cod: z.object({ enabled: z.boolean(), fee: Money, confirmNewAccounts: z.boolean() }),
  /**
   * What one account may hold: open (placed, not shipped) cash-on-delivery orders at once, and
   * units of one colour and size in a cart line or an order (the web bounds its quantity steppers by it).
   */
  limits: z.object({ codMaxOpenOrders: z.number(), maxUnitsPerVariant: z.number() }),
  /** Withdrawal period after delivery. */
  returnDays: z.number(),
  /**
   * Returns and exchanges by the shopper (YEAR.md section 2): the voluntary window from delivery
   * (never shorter than the withdrawal period: the later of the two ends it), whether a request is
   * approved at once, who pays a refund return's label (an exchange and a defect are always the
   * shop's), and what store credit adds to a refund, in percent. The API always sends it.
   */
  returns: ReturnsSettingsSchema.optional(),
  /** Gift cards (YEAR.md section 3): the amounts the Gift cards page offers, and months a card is valid. The API always sends it. */
  giftCards: GiftCardSettingsSchema.optional(),
  /**
   * Whether the shop takes card payments at all: false when the server runs with PAYMENTS=off (cash
   * on delivery only). The server's configuration, not a setting the owner changes; every page that
   * speaks of cards asks it.
   */
  payments: z.object({ card: z.boolean() }),
  currency: z.string(),
  pricesIncludeVat: z.literal(true),
  /** Whether a product safety recall is open: the footer links /recalls while one is (decision 0059, issue 50). The API always sends it. */
  recalls: z.boolean().optional(),
  /** Complaints (YEAR.md section 6): days the seller gives itself to decide one. Only in the admin's answers. */
  complaints: z.object({ dueDays: z.number() }).optional(),
  /**
   * Where the owner's notices go (new orders, withdrawals, the low-stock digest); '' sends them to
   * the seller's email. Only in the admin's answers (`GET`/`PUT /api/admin/settings`), never public.
   */
  notificationsEmail: z.string().optional(),
  /** Sale records (TRADE.md section 2): only in the admin's answers, never public. */
  records: RecordsSettingsSchema.optional(),
  /**
   * The courier (TRADE.md section 6), only in the admin's answers: which one the server uses (its
   * configuration: ECONT_USER and ECONT_PASSWORD), where parcels leave from (an office of it, else
   * an address; '' the seller's), and whether the shopper may look inside before paying.
   */
  /** Marketing mail (YEAR.md section 4): only in the admin's answers. */
  marketing: MarketingSettingsSchema.optional(),
  courier: z
    .object({
      name: z.enum(COURIERS),
      senderOfficeId: z.number().nullable(),
      senderAddress: z.string(),
      inspection: z.boolean(),
    })
    .optional(),
});
export type Settings = z.infer<typeof SettingsSchema>;

const COMPLAINT_DUE_DAYS_MESSAGE = `Days to decide a complaint are a whole number from 1 to ${COMPLAINT_DUE_DAYS}.`;
const limited = (label: string, max: number) => text().trim().max(max, `${label} has at most ${max} characters.`);
const whole = (label: string, max: number) => {
  const message = `${label} is a whole number from 1 to ${max}.`;
  return z.number(message).int(message).min(1, message).max(max, message);
};
const price = (label: string) =>
  money({ min: 0, max: 10_000_00, message: `${label} must be an amount from 0 to 10,000.` });

/** `PUT /api/admin/settings`: the settings without currency and VAT, every part optional. */
export const UpdateSettingsBodySchema = z.object({
  seller: z
    .object({
      legalName: limited('The legal name', 200),
      address: limited('The address', 300),
      // Checked as a buyer's are (issue 45): a Bulgarian seller's ЕИК and VAT ID; empty until set.
      companyId: limited('The company ID', 40)
        .transform(compactId)
        .superRefine((value, ctx) => {
          const problem = value === '' ? null : companyIdProblem('BG', value);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
      vatId: limited('The VAT ID', 40)
        .transform(compactId)
        .superRefine((value, ctx) => {
          const problem = value === '' ? null : vatIdProblem('BG', value);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
      email: z.union([z.literal(''), z.email('Enter a valid email address.').max(254)]),
      phone: limited('The phone', 40).regex(/^[+\d\s()-]*$/, 'Phone may contain digits, spaces, +, - and brackets.'),
    })
    .partial()
    .optional(),
  delivery: z
    .object({
      addressPrice: price('Delivery to an address'),
      officePrice: price('Delivery to an office'),
      /** null: as to an office. */
      lockerPrice: price('Delivery to a locker').nullable(),
      freeFrom: price('Free delivery from').nullable(),
    })
    .partial()
    .optional(),
  cod: z
    .object({ enabled: z.boolean(), fee: price('The cash-on-delivery fee'), confirmNewAccounts: z.boolean() })
    .partial()
    .optional(),
  limits: z
    .object({
      codMaxOpenOrders: whole('Open cash-on-delivery orders per account', COD_MAX_OPEN_ORDERS_MAX),
      maxUnitsPerVariant: whole('Units of one colour and size per order', QUANTITY_MAX),
    })
    .partial()
    .optional(),
  notificationsEmail: z.union([z.literal(''), z.email('Enter a valid email address.').max(254)]).optional(),
  returnDays: z
    .number()
    .int(`Return days are a whole number from ${RETURN_DAYS_MIN} to 365.`)
    .min(RETURN_DAYS_MIN, `Return days are a whole number from ${RETURN_DAYS_MIN} to 365.`)
    .max(365, `Return days are a whole number from ${RETURN_DAYS_MIN} to 365.`)
    .optional(),
  /** Returns; a window shorter than the withdrawal period (as saved, or sent with it) is refused (400, `returns.windowDays`). */
  returns: z
    .object({
      windowDays: z
        .number()
        .int(`The return window is a whole number of days from ${RETURN_DAYS_MIN} to 365.`)
        .min(RETURN_DAYS_MIN, `The return window is a whole number of days from ${RETURN_DAYS_MIN} to 365.`)
        .max(365, `The return window is a whole number of days from ${RETURN_DAYS_MIN} to 365.`),
      autoApprove: z.boolean(),
      shipping: z.enum(RETURN_SHIPPING, 'Choose who pays the return label: the shop or the shopper.'),
      storeCreditBonusPercent: z
        .number()
        .int('The store-credit bonus is a whole percent from 0 to 100.')
        .min(0, 'The store-credit bonus is a whole percent from 0 to 100.')
        .max(100, 'The store-credit bonus is a whole percent from 0 to 100.'),
    })
    .partial()
    .optional(),
  records: UpdateRecordsBodySchema.optional(),
  /** The Consumer Protection Act gives the seller one month to decide a complaint: at most 30 days. */
  complaints: z
    .object({
      dueDays: z
        .number(COMPLAINT_DUE_DAYS_MESSAGE)
        .int(COMPLAINT_DUE_DAYS_MESSAGE)
        .min(1, COMPLAINT_DUE_DAYS_MESSAGE)
        .max(COMPLAINT_DUE_DAYS, COMPLAINT_DUE_DAYS_MESSAGE),
    })
    .partial()
    .optional(),
  marketing: UpdateMarketingSettingsSchema.optional(),
  giftCards: UpdateGiftCardSettingsSchema.optional(),
  courier: z
    .object({
      senderOfficeId: z.number().int().positive('Choose the office from the list.').nullable(),
      senderAddress: limited('The sender address', 300),
      inspection: z.boolean(),
    })
    .partial()
    .optional(),
});
export type UpdateSettingsBody = z.input<typeof UpdateSettingsBodySchema>;
export type UpdateSettings = z.output<typeof UpdateSettingsBodySchema>;
