import type { Db } from '../../db/client.js';
import { lockerCents, settingsRow, type SettingsRow } from '../settings/service.js';
import type { CourierGateway } from './gateway.js';
import { chosenOffice, type OfficeRow } from './offices.js';

export interface DeliveryAsked {
  method: 'address' | 'office' | 'locker';
  /** The office or locker chosen from the list (an unknown or closed one: 400 on `delivery.officeId`). */
  officeId?: number | undefined;
  city?: string | undefined;
  postcode?: string | undefined;
  /** The shop's currency: the courier's price is converted to it (at the fixed rate between leva and euro). */
  currency: string;
}

/**
 * What a delivery costs before the free-delivery threshold (cents), and the office or locker it
 * goes to: the settings' price (a locker's own, which reads as the office's until set), or the
 * courier's calculation in the shop's currency when it has one (Econt) and answers within
 * PRICE_TIMEOUT_MS (one in a currency with no fixed rate to the shop's is not used); any failure
 * of the courier falls back to the settings' price (the checkout never waits on it).
 */
export async function deliveryCharge(
  db: Db,
  gateway: CourierGateway,
  asked: DeliveryAsked,
  /** The settings, when the caller read them already (the checkout). */
  settingsRead?: SettingsRow,
): Promise<{ cents: number; office: OfficeRow | null }> {
  const office = asked.officeId ? await chosenOffice(db, gateway.name, asked.officeId) : null;
  const settings = settingsRead ?? (await settingsRow(db));
  const own =
    asked.method === 'address'
      ? settings.deliveryAddressCents
      : office?.kind === 'locker' || (!office && asked.method === 'locker')
        ? lockerCents(settings)
        : settings.deliveryOfficeCents;
  if (gateway.name === 'builtin') return { cents: own, office };
  const quoted = await gateway
    .price({
      orderId: 0,
      reference: '',
      sender: {
        name: settings.sellerLegalName,
        phone: settings.sellerPhone,
        city: '',
        postcode: '',
        address: settings.courierSenderAddress || settings.sellerAddress,
        officeCode: null,
        officeName: null,
      },
      recipient: {
        name: 'Recipient',
        phone: '',
        city: office?.city ?? asked.city ?? '',
        postcode: office?.postcode ?? asked.postcode ?? '',
        address: office ? null : '',
        officeCode: office?.code ?? null,
        officeName: null,
      },
      codCents: 0,
      currency: asked.currency,
      parcels: 1,
      weightGrams: 1000,
      inspection: settings.courierInspection,
      description: 'Clothing',
    })
    .catch(() => null);
  return { cents: quoted ?? own, office };
}
