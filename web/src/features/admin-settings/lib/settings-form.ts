import type { TFunction } from 'i18next';
import {
  COMPLAINT_DUE_DAYS,
  UpdateSettingsBodySchema,
  type ReturnShipping,
  type Settings,
  type UpdateSettingsBody,
} from '@shop/contract';
import { moneyInputText, parseMoneyInput } from '../../../components/field/money-input';

/** Every input of the settings form, by the API's field path. */
export const SETTINGS_FIELDS = [
  'seller.legalName',
  'seller.address',
  'seller.companyId',
  'seller.vatId',
  'seller.email',
  'seller.phone',
  'notificationsEmail',
  'delivery.addressPrice',
  'delivery.officePrice',
  'delivery.lockerPrice',
  'delivery.freeFrom',
  'cod.fee',
  'limits.codMaxOpenOrders',
  'limits.maxUnitsPerVariant',
  'returnDays',
  'returns.windowDays',
  'returns.storeCreditBonusPercent',
  'complaints.dueDays',
  'courier.senderAddress',
  'giftCards.amounts',
  'giftCards.validityMonths',
  'marketing.ratePerMinute',
  'marketing.abandonedCartHours',
] as const;
export type SettingsField = (typeof SETTINGS_FIELDS)[number];

/** The form as the inputs hold it: text, and the switches of cash on delivery. */
export type SettingsDraft = Record<SettingsField, string> & {
  codEnabled: boolean;
  codConfirmNewAccounts: boolean;
  courierInspection: boolean;
  /** The courier's office parcels leave from (null: the sender address). */
  courierOfficeId: number | null;
  /** Returns: approved at once; who pays a refund return's label. */
  returnsAutoApprove: boolean;
  returnsShipping: ReturnShipping;
};

/** A number as the owner reads it in `lang`: 0.5 in English, 0,5 in Bulgarian. */
const decimalText = (value: number, lang: string) => (lang === 'bg' ? String(value).replace('.', ',') : String(value));
/** A number with a decimal point or comma as typed (hours); anything else stays text for the schema to refuse. */
const decimal = (text: string) =>
  /^\d{1,4}([.,]\d{1,4})?$/.test(text.trim()) ? Number(text.trim().replace(',', '.')) : text;
/**
 * The gift card amounts as typed: whole amounts separated by commas, semicolons or spaces ("25, 50,
 * 100"). A decimal comma cannot be told from a separator, and the amounts are whole: the schema
 * refuses a list that is not.
 */
const amountList = (text: string) =>
  text
    .split(/[\s,;]+/)
    .filter((part) => part !== '')
    .map((part) => (/^\d{1,6}$/.test(part) ? Number(part) : part));

export function draftOf(settings: Settings, lang: string): SettingsDraft {
  const money = (amount: number) => moneyInputText(amount, lang);
  return {
    'seller.legalName': settings.seller.legalName,
    'seller.address': settings.seller.address,
    'seller.companyId': settings.seller.companyId,
    'seller.vatId': settings.seller.vatId,
    'seller.email': settings.seller.email,
    'seller.phone': settings.seller.phone,
    notificationsEmail: settings.notificationsEmail ?? '',
    'delivery.addressPrice': money(settings.delivery.addressPrice),
    'delivery.officePrice': money(settings.delivery.officePrice),
    'delivery.lockerPrice': money(settings.delivery.lockerPrice ?? settings.delivery.officePrice),
    'delivery.freeFrom': settings.delivery.freeFrom === null ? '' : money(settings.delivery.freeFrom),
    'cod.fee': money(settings.cod.fee),
    'limits.codMaxOpenOrders': String(settings.limits.codMaxOpenOrders),
    'limits.maxUnitsPerVariant': String(settings.limits.maxUnitsPerVariant),
    returnDays: String(settings.returnDays),
    'returns.windowDays': String(settings.returns?.windowDays ?? 30),
    'returns.storeCreditBonusPercent': String(settings.returns?.storeCreditBonusPercent ?? 0),
    'complaints.dueDays': String(settings.complaints?.dueDays ?? COMPLAINT_DUE_DAYS),
    returnsAutoApprove: settings.returns?.autoApprove ?? true,
    returnsShipping: settings.returns?.shipping ?? 'shop',
    codEnabled: settings.cod.enabled,
    codConfirmNewAccounts: settings.cod.confirmNewAccounts,
    'courier.senderAddress': settings.courier?.senderAddress ?? '',
    courierInspection: settings.courier?.inspection ?? false,
    courierOfficeId: settings.courier?.senderOfficeId ?? null,
    'giftCards.amounts': (settings.giftCards?.amounts ?? [25, 50, 100, 150]).join(', '),
    'giftCards.validityMonths': String(settings.giftCards?.validityMonths ?? 24),
    'marketing.ratePerMinute': String(settings.marketing?.ratePerMinute ?? 600),
    'marketing.abandonedCartHours': decimalText(settings.marketing?.abandonedCartHours ?? 4, lang),
  };
}

/** A typed amount as the API takes it (4.5), null when empty; what was typed when it is none (the schema refuses it). */
const amountOf = (text: string, lang: string) => {
  const read = parseMoneyInput(text, lang);
  return 'amount' in read ? read.amount : 'empty' in read ? null : text;
};
/** A whole number as typed (days, orders, units, percent); anything else stays text for the schema to refuse. */
const whole = (text: string) => (/^\d{1,5}$/.test(text.trim()) ? Number(text.trim()) : text);

/**
 * The field path a message of the schema or the server names, if it is one of the form's; an
 * item of a list (`giftCards.amounts.2`) is the list's field.
 */
export function formField(path: string): SettingsField | null {
  const field = path.replace(/\.\d+$/, '');
  return (SETTINGS_FIELDS as readonly string[]).includes(field) ? (field as SettingsField) : null;
}

/**
 * Checks the whole form with the contract's schema, the one the server uses (amounts as the money
 * field reads them in `lang`), and gives the body to send. An empty "free delivery from" means
 * never free (null); an empty locker price, as to an office (null).
 */
export function parseSettings(
  draft: SettingsDraft,
  lang: string,
  t: TFunction,
): { body: UpdateSettingsBody | null; errors: Partial<Record<SettingsField, string>> } {
  const amount = (field: SettingsField) => amountOf(draft[field], lang);
  const body = {
    seller: {
      legalName: draft['seller.legalName'],
      address: draft['seller.address'],
      companyId: draft['seller.companyId'],
      vatId: draft['seller.vatId'],
      email: draft['seller.email'].trim(),
      phone: draft['seller.phone'],
    },
    delivery: {
      addressPrice: amount('delivery.addressPrice') ?? '',
      officePrice: amount('delivery.officePrice') ?? '',
      lockerPrice: amount('delivery.lockerPrice'),
      freeFrom: amount('delivery.freeFrom'),
    },
    cod: { enabled: draft.codEnabled, fee: amount('cod.fee') ?? '', confirmNewAccounts: draft.codConfirmNewAccounts },
    limits: {
      codMaxOpenOrders: whole(draft['limits.codMaxOpenOrders']),
      maxUnitsPerVariant: whole(draft['limits.maxUnitsPerVariant']),
    },
    returnDays: whole(draft.returnDays),
    returns: {
      windowDays: whole(draft['returns.windowDays']),
      autoApprove: draft.returnsAutoApprove,
      shipping: draft.returnsShipping,
      storeCreditBonusPercent: whole(draft['returns.storeCreditBonusPercent']),
    },
    complaints: { dueDays: whole(draft['complaints.dueDays']) },
    giftCards: {
      amounts: amountList(draft['giftCards.amounts']),
      validityMonths: whole(draft['giftCards.validityMonths']),
    },
    marketing: {
      ratePerMinute: whole(draft['marketing.ratePerMinute']),
      abandonedCartHours: decimal(draft['marketing.abandonedCartHours']),
    },
    notificationsEmail: draft.notificationsEmail.trim(),
    courier: {
      senderAddress: draft['courier.senderAddress'],
      senderOfficeId: draft.courierOfficeId,
      inspection: draft.courierInspection,
    },
  };
  const parsed = UpdateSettingsBodySchema.safeParse(body);
  // The return window is never shorter than the withdrawal period (the server says so too).
  const short =
    typeof body.returns.windowDays === 'number' &&
    typeof body.returnDays === 'number' &&
    body.returns.windowDays < body.returnDays;
  if (parsed.success && !short) return { body: body as UpdateSettingsBody, errors: {} };
  const paths = parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
  return { body: null, errors: fieldErrors(short ? [...paths, 'returns.windowDays'] : paths, t) };
}

/** The form's message for each refused field path (the schema's or the server's). */
export function fieldErrors(paths: readonly string[], t: TFunction): Partial<Record<SettingsField, string>> {
  const errors: Partial<Record<SettingsField, string>> = {};
  for (const path of paths) {
    const field = formField(path);
    if (field) errors[field] ??= t(`adminSettings.errors.${field}`);
  }
  return errors;
}
