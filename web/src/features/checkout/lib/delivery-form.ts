import {
  CheckoutBodySchema,
  type CheckoutBody,
  type DeliveryMethod,
  type PaymentMethod,
  type Profile,
} from '@shop/contract';

/** The delivery form as typed: every field a string, the parts that do not apply kept for a switch back. */
export interface DeliveryDraft {
  method: DeliveryMethod;
  name: string;
  phone: string;
  country: string;
  city: string;
  postcode: string;
  line1: string;
  office: string;
  /** The office or locker picked from the courier's list (its name and address are then `office`). */
  officeId: number | null;
  note: string;
}

export const DELIVERY_FIELDS = [
  'method',
  'name',
  'phone',
  'country',
  'city',
  'postcode',
  'line1',
  'office',
  'note',
] as const;
export type DeliveryField = (typeof DELIVERY_FIELDS)[number];
export type DeliveryErrors = Partial<Record<DeliveryField, true>>;

/** What the order keeps as the office when one is picked from the list: its name and address. */
export const officeLabel = (office: { name: string; address: string }) => `${office.name}, ${office.address}`;

export const EMPTY_DELIVERY: DeliveryDraft = {
  method: 'address',
  name: '',
  phone: '',
  country: 'BG',
  city: '',
  postcode: '',
  line1: '',
  office: '',
  officeId: null,
  note: '',
};

/** The form's first values: the details kept at an earlier checkout, else the account's name and phone. */
export function deliveryFromProfile(profile: Profile): DeliveryDraft {
  const saved = profile.delivery;
  if (!saved) return { ...EMPTY_DELIVERY, name: profile.name, phone: profile.phone };
  return {
    method: saved.method,
    name: saved.name,
    phone: saved.phone,
    country: saved.country,
    city: saved.city,
    postcode: saved.postcode,
    line1: saved.line1 ?? '',
    office: saved.office ?? '',
    officeId: saved.officeId ?? null,
    note: saved.note ?? '',
  };
}

/** The request body: only the address line or the office the method needs, no empty note. */
export function checkoutBody(draft: DeliveryDraft, paymentMethod: PaymentMethod, saveDelivery: boolean): CheckoutBody {
  const { method, name, phone, country, city, postcode, line1, office, officeId, note } = draft;
  return {
    delivery: {
      method,
      name,
      phone,
      country: country as CheckoutBody['delivery']['country'],
      city,
      postcode,
      ...(method === 'address' ? { line1 } : { office, ...(officeId !== null ? { officeId } : {}) }),
      ...(note.trim() ? { note } : {}),
    },
    paymentMethod,
    saveDelivery,
  };
}

/** The delivery field a `fields` key of a 400 names (`delivery.phone` → `phone`; the picked office's id is the office). */
export function deliveryField(key: string): DeliveryField | null {
  const field = key.replace(/^delivery\./, '').replace(/^officeId$/, 'office');
  return (DELIVERY_FIELDS as readonly string[]).includes(field) ? (field as DeliveryField) : null;
}

/** The fields the server's own schema refuses, checked before anything is sent (the same zod schema). */
export function invalidFields(body: CheckoutBody): DeliveryErrors {
  const parsed = CheckoutBodySchema.safeParse(body);
  if (parsed.success) return {};
  const errors: DeliveryErrors = {};
  for (const issue of parsed.error.issues) {
    const field = deliveryField(issue.path.join('.'));
    if (field) errors[field] = true;
  }
  return errors;
}

/** Each refused field from a 400's `fields`. */
export function serverFieldErrors(fields: Record<string, string>): DeliveryErrors {
  const errors: DeliveryErrors = {};
  for (const key of Object.keys(fields)) {
    const field = deliveryField(key);
    if (field) errors[field] = true;
  }
  return errors;
}
