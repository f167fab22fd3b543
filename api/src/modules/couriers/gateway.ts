import type { Courier, OfficeKind } from '@shop/contract';
import { AppError } from '../../lib/errors.js';

/**
 * One courier behind one interface (TRADE.md section 6, docs/decisions/0044): the built-in courier
 * (offline, the default) and Econt. Speedy or BOX NOW would be a third implementation; nothing
 * else in the shop changes. Money in cents; every call may throw CourierUnavailableError.
 */
export interface CourierGateway {
  readonly name: Courier;
  /** Every office and locker the courier has now (the sync keeps courier_offices equal to it). */
  listOffices(): Promise<GatewayOffice[]>;
  /** What the courier charges for this parcel, in cents of `parcel.currency`, or null when the shop's own prices apply. */
  price(parcel: Parcel): Promise<number | null>;
  /** The label: its tracking number and what prints it again. */
  createLabel(parcel: Parcel): Promise<CreatedLabel>;
  /** Withdraws a label the courier has not picked up. */
  cancelLabel(trackingNumber: string): Promise<void>;
  /** The courier's word on each parcel asked (missing: it said nothing of it). */
  track(trackingNumbers: string[]): Promise<Map<string, ParcelStatus>>;
  /** The label's PDF, from what createLabel returned. */
  labelPdf(label: StoredLabel): Promise<Buffer>;
}

/** An office or locker as a courier's list names it, in Bulgarian and in English. */
export interface GatewayOffice {
  /** The courier's own code (what its labels name). */
  code: string;
  kind: OfficeKind;
  name: string;
  nameEn: string;
  city: string;
  cityEn: string;
  postcode: string;
  address: string;
  addressEn: string;
}

export interface Party {
  name: string;
  phone: string;
  city: string;
  postcode: string;
  /** A street address, when the parcel is not left at (or handed in at) an office. */
  address: string | null;
  /** The courier's code of the office or locker, and its name and address as the label prints them. */
  officeCode: string | null;
  officeName: string | null;
}

/** One order's parcel, as a label or a price calculation needs it. */
export interface Parcel {
  orderId: number;
  /**
   * A return's label (the shopper sends the parcel back to the shop: the shopper is the sender),
   * its id: a label of its own, never the order's outgoing one.
   */
  returnId?: number;
  /**
   * A return's label: the outgoing parcel it goes back against, when the same courier carried it
   * out (its number and the phone it was delivered to). Econt links the two shipments by them.
   */
  returnOf?: { trackingNumber: string; recipientPhone: string } | null;
  /**
   * Who pays the courier for the parcel: its sender (the default: the shop, for an order going
   * out) or its recipient (the shop again, for a return's label: decision 0079).
   */
  payer?: 'sender' | 'recipient';
  /** What the shopper reads for the order: on the label. */
  reference: string;
  sender: Party;
  recipient: Party;
  /** Cash on delivery to collect; 0: none. */
  codCents: number;
  currency: string;
  parcels: number;
  weightGrams: number;
  /** The recipient may open and look before paying. */
  inspection: boolean;
  description: string;
}

export interface CreatedLabel {
  trackingNumber: string;
  /** The carrier's public tracking page, when it has one. */
  trackingUrl: string | null;
  /** Kept with the shipment: what labelPdf prints again. */
  label: StoredLabel;
}

export type StoredLabel = Record<string, unknown>;

export interface ParcelStatus {
  delivered: boolean;
  /** The courier has the parcel (picked up or handed in), delivered or not: a return is then on its way. */
  underway: boolean;
  /** The courier's own words for the parcel's state. */
  status: string;
}

/** The courier did not answer, or refused the request: 502 COURIER_UNAVAILABLE, nothing changed in the shop. */
export class CourierUnavailableError extends AppError {
  constructor(
    courier: Courier,
    override readonly cause?: unknown,
  ) {
    super(
      'COURIER_UNAVAILABLE',
      `The courier (${courier === 'econt' ? 'Econt' : 'built-in'}) did not answer or refused the request. Nothing was changed; try again in a moment.`,
    );
    this.name = 'CourierUnavailableError';
  }
}

/** How long a price may take before the checkout uses the shop's own price. */
export const PRICE_TIMEOUT_MS = 1500;

/** Leva to the euro, the rate fixed when Bulgaria joined the euro (1 EUR = 1.95583 BGN). */
export const BGN_PER_EUR = 1.95583;

/**
 * An amount a courier named (`amount` of `from`, a decimal) in cents of `to`, the shop's currency:
 * as it is in the same currency, at the fixed rate between leva and euro, else null (no rate is
 * fixed: the caller keeps its own price).
 */
export function courierAmountIn(amount: number, from: string, to: string): number | null {
  const [source, target] = [from.toUpperCase(), to.toUpperCase()];
  if (source === target) return Math.round(amount * 100);
  if (source === 'BGN' && target === 'EUR') return Math.round((amount * 100) / BGN_PER_EUR);
  if (source === 'EUR' && target === 'BGN') return Math.round(amount * 100 * BGN_PER_EUR);
  return null;
}
/** How long a label or a sync may take. */
export const CALL_TIMEOUT_MS = 15_000;
