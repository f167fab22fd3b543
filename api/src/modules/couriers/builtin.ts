import type { CourierGateway, GatewayOffice, Parcel, StoredLabel } from './gateway.js';
import { BUILTIN_OFFICES } from './builtin-offices.js';
import { builtinLabelPdf, type LabelContent } from './label-pdf.js';

const where = (party: Parcel['recipient']) =>
  [party.address, [party.postcode, party.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/**
 * The built-in courier (the default, offline, as the built-in payment page is): the demo list of
 * offices and lockers, the shop's own prices (price answers null), a label the shop prints, and
 * tracking the admin advances (the order's Delivered button): `track` knows nothing.
 */
export function builtinCourier(options: { offices?: () => readonly GatewayOffice[] } = {}): CourierGateway {
  const offices = options.offices ?? (() => BUILTIN_OFFICES);
  return {
    name: 'builtin',
    listOffices: async () => [...offices()],
    price: async () => null,
    async createLabel(parcel) {
      // One order, one number: a label made again for the same order names the same parcel.
      const trackingNumber = `AN${String(parcel.orderId).padStart(10, '0')}`;
      const label: LabelContent = {
        trackingNumber,
        reference: parcel.reference,
        sender: { name: parcel.sender.name, phone: parcel.sender.phone, address: where(parcel.sender) },
        recipient: { name: parcel.recipient.name, phone: parcel.recipient.phone, address: where(parcel.recipient) },
        office: parcel.recipient.officeName,
        codCents: parcel.codCents,
        currency: parcel.currency,
        parcels: parcel.parcels,
        weightGrams: parcel.weightGrams,
        inspection: parcel.inspection,
        createdAt: new Date().toISOString(),
      };
      return { trackingNumber, trackingUrl: null, label: { ...label } };
    },
    cancelLabel: async () => undefined,
    track: async () => new Map(),
    labelPdf: (label: StoredLabel) => builtinLabelPdf(label as unknown as LabelContent),
  };
}
