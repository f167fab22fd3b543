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
  };
}

/** A typed amount as the API takes it (4.5), null when empty; what was typed when it is none (the schema refuses it). */
const amountOf = (text: string, lang: string) => {
  const read = parseMoneyInput(text, lang);
  return 'amount' in read ? read.amount : 'empty' in read ? null : text;
};
/** A whole number as typed (days, orders, units, percent); anything else stays text for the schema to refuse. */
const whole = (text: string) => (/^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : text);

/** The field path a message of the schema or the server names, if it is one of the form's. */
export function formField(path: string): SettingsField | null {
  return (SETTINGS_FIELDS as readonly string[]).includes(path) ? (path as SettingsField) : null;
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
