import { isLoopback } from '../../lib/loopback.js';
import type { CourierGateway, GatewayOffice, Parcel, ParcelStatus, Party, StoredLabel } from './gateway.js';
import { CALL_TIMEOUT_MS, CourierUnavailableError, courierAmountIn, PRICE_TIMEOUT_MS } from './gateway.js';

/**
 * Econt's JSON API (docs/decisions/0044): `POST {url}/{Service}.{method}.json` with HTTP Basic
 * authentication and a JSON body; an error answers a non-2xx status with `{ type, message }`.
 * The methods used, as Econt's public client libraries call them:
 *
 * - `Nomenclatures/NomenclaturesService.getOffices.json` `{ countryCode: 'BGR' }` →
 *   `{ offices: [{ id, code, isAPS, name, nameEn, address: { city: { name, nameEn, postCode },
 *   fullAddress, fullAddressEn } }] }` (`isAPS`: an automatic parcel station, a locker);
 * - `Shipments/LabelService.createLabel.json` `{ label, mode: 'calculate' | 'create' }` →
 *   `{ label: { shipmentNumber, pdfURL, totalPrice, currency } }`; a return's label names its
 *   parent shipment (`previousShipmentNumber`, `previousShipmentReceiverPhone`) and is paid by
 *   its receiver, the shop (`paymentReceiverMethod`, `paymentReceiverAmount(IsPercent)`: decision 0079);
 * - `Shipments/LabelService.deleteLabels.json` `{ shipmentNumbers }` → `{ results: [{ shipmentNum, error }] }`;
 * - `Shipments/ShipmentService.getShipmentStatuses.json` `{ shipmentNumbers }` →
 *   `{ shipmentStatuses: [{ status: { shipmentNumber, shortDeliveryStatusEn, deliveryTime }, error }] }`
 *   (`deliveryTime` set: handed to the recipient).
 */
export interface EcontOptions {
  url: string;
  user: string;
  password: string;
}

interface EcontOffice {
  id?: number;
  code?: string;
  isAPS?: boolean;
  name?: string;
  nameEn?: string;
  address?: {
    city?: { name?: string; nameEn?: string; postCode?: string };
    fullAddress?: string;
    fullAddressEn?: string;
  };
}

interface EcontLabelAnswer {
  label?: { shipmentNumber?: string; pdfURL?: string; totalPrice?: number; currency?: string };
}

const TRACKING_PAGE = 'https://www.econt.com/services/track-shipment/';

/** Redirects a label download follows. */
const MAX_REDIRECTS = 3;

export function econtCourier(options: EcontOptions): CourierGateway {
  const base = options.url.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${options.user}:${options.password}`).toString('base64')}`;

  async function call<T>(method: string, body: unknown, timeoutMs = CALL_TIMEOUT_MS): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}/${method}.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new CourierUnavailableError('econt', error);
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) throw new CourierUnavailableError('econt', new Error(`${method}: ${response.status} ${text}`));
    try {
      return JSON.parse(text) as T;
    } catch (error) {
      throw new CourierUnavailableError('econt', error);
    }
  }

  /**
   * A label's PDF, from wherever Econt's answer says it is. The login goes with it only to the
   * configured service's own origin (HTTPS in production: config.ts), redirects included; any
   * other host gets no credentials, and nothing is fetched over plain http but from a local
   * stand-in of a plain-http service (the tests').
   */
  const service = new URL(base);
  const plainHttpAllowed = service.protocol === 'http:' && isLoopback(service);
  async function download(start: URL): Promise<Buffer> {
    let url = start;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      if (!(url.protocol === 'https:' || (plainHttpAllowed && url.protocol === 'http:' && isLoopback(url))))
        throw new Error(`label PDF: ${url.protocol}//${url.host} is not HTTPS`);
      const response = await fetch(url, {
        headers: url.origin === service.origin ? { authorization } : {},
        redirect: 'manual',
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        url = new URL(location, url);
        continue;
      }
      if (!response.ok) throw new Error(`label PDF: ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    }
    throw new Error('label PDF: too many redirects');
  }

  const party = (who: Party) => ({
    name: who.name,
    phones: [who.phone],
  });
  const address = (who: Party) => ({
    city: { country: { code3: 'BGR' }, name: who.city, postCode: who.postcode },
    other: who.address ?? '',
  });

  /** The label as Econt's createLabel takes it: from an office or address, to an office (or locker) or address. */
  const label = (parcel: Parcel) => ({
    senderClient: party(parcel.sender),
    ...(parcel.sender.officeCode
      ? { senderOfficeCode: parcel.sender.officeCode }
      : { senderAddress: address(parcel.sender) }),
    receiverClient: party(parcel.recipient),
    ...(parcel.recipient.officeCode
      ? { receiverOfficeCode: parcel.recipient.officeCode }
      : { receiverAddress: address(parcel.recipient) }),
    packCount: parcel.parcels,
    shipmentType: 'PACK',
    weight: parcel.weightGrams / 1000,
    shipmentDescription: parcel.description,
    orderNumber: parcel.reference,
    // A return goes back against the shipment that carried the order out: Econt's documented
    // link of a return shipment to its parent (decision 0079).
    ...(parcel.returnOf
      ? {
          previousShipmentNumber: parcel.returnOf.trackingNumber,
          previousShipmentReceiverPhone: parcel.returnOf.recipientPhone,
        }
      : {}),
    // The recipient pays all of it (decision 0079): Econt moves the whole price from the sender's
    // due amount to the receiver's. Nothing said: the sender pays, Econt's default.
    ...(parcel.payer === 'recipient'
      ? { paymentReceiverMethod: 'cash', paymentReceiverAmount: 100, paymentReceiverAmountIsPercent: true }
      : {}),
    ...(parcel.codCents > 0
      ? { services: { cdAmount: parcel.codCents / 100, cdType: 'get', cdCurrency: parcel.currency } }
      : {}),
    // Econt's "review before paying" (преглед): the recipient opens the parcel before paying.
    payAfterAccept: parcel.inspection,
  });

  return {
    name: 'econt',

    async listOffices() {
      const answer = await call<{ offices?: EcontOffice[] }>('Nomenclatures/NomenclaturesService.getOffices', {
        countryCode: 'BGR',
      });
      return (answer.offices ?? []).flatMap((office): GatewayOffice[] => {
        const city = office.address?.city;
        if (!office.code || !office.name || !city?.name) return [];
        return [
          {
            code: office.code,
            kind: office.isAPS ? 'locker' : 'office',
            name: office.name,
            nameEn: office.nameEn || office.name,
            city: city.name,
            cityEn: city.nameEn || city.name,
            postcode: city.postCode ?? '',
            address: office.address?.fullAddress ?? '',
            addressEn: office.address?.fullAddressEn || office.address?.fullAddress || '',
          },
        ];
      });
    },

    async price(parcel) {
      const answer = await call<EcontLabelAnswer>(
        'Shipments/LabelService.createLabel',
        { label: label(parcel), mode: 'calculate' },
        PRICE_TIMEOUT_MS,
      );
      const total = answer.label?.totalPrice;
      if (typeof total !== 'number' || !Number.isFinite(total)) return null;
      // Econt names its currency (leva until it changed to euro); the shop charges in its own.
      return courierAmountIn(total, answer.label?.currency || 'BGN', parcel.currency);
    },

    async createLabel(parcel) {
      const answer = await call<EcontLabelAnswer>('Shipments/LabelService.createLabel', {
        label: label(parcel),
        mode: 'create',
      });
      const number = answer.label?.shipmentNumber;
      if (!number) throw new CourierUnavailableError('econt', new Error('createLabel answered no shipmentNumber'));
      return {
        trackingNumber: String(number),
        trackingUrl: `${TRACKING_PAGE}${encodeURIComponent(String(number))}`,
        label: { pdfURL: answer.label?.pdfURL ?? null, shipmentNumber: String(number) },
      };
    },

    async cancelLabel(trackingNumber) {
      const answer = await call<{ results?: { shipmentNum?: string; error?: { message?: string } | null }[] }>(
        'Shipments/LabelService.deleteLabels',
        { shipmentNumbers: [trackingNumber] },
      );
      const error = answer.results?.find((result) => result.error)?.error;
      if (error) throw new CourierUnavailableError('econt', new Error(error.message ?? 'deleteLabels refused'));
    },

    async track(trackingNumbers) {
      const statuses = new Map<string, ParcelStatus>();
      if (trackingNumbers.length === 0) return statuses;
      const answer = await call<{
        shipmentStatuses?: {
          status?: {
            shipmentNumber?: string;
            shortDeliveryStatusEn?: string;
            shortDeliveryStatus?: string;
            deliveryTime?: string | number | null;
            sendTime?: string | number | null;
          };
        }[];
      }>('Shipments/ShipmentService.getShipmentStatuses', { shipmentNumbers: trackingNumbers });
      for (const entry of answer.shipmentStatuses ?? []) {
        const status = entry.status;
        if (!status?.shipmentNumber) continue;
        statuses.set(String(status.shipmentNumber), {
          delivered: Boolean(status.deliveryTime),
          // Sent (the courier took it from the sender) or already delivered.
          underway: Boolean(status.sendTime || status.deliveryTime),
          status: (status.shortDeliveryStatusEn || status.shortDeliveryStatus || '').slice(0, 200),
        });
      }
      return statuses;
    },

    async labelPdf(stored: StoredLabel) {
      const url = typeof stored.pdfURL === 'string' ? stored.pdfURL : null;
      if (!url) throw new CourierUnavailableError('econt', new Error('the label has no pdfURL'));
      try {
        return await download(new URL(url));
      } catch (error) {
        throw new CourierUnavailableError('econt', error);
      }
    },
  };
}
