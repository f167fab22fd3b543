import type { CourierGateway, GatewayOffice, Parcel, StoredLabel } from './gateway.js';
import { BUILTIN_OFFICES } from './builtin-offices.js';
import { builtinLabelPdf, type LabelContent } from './label-pdf.js';

/**
 * A party's address on the label: the street, then the postcode and city unless the street
 * already names them (the seller's address in the settings is one line with both: issue 45).
 */
const where = (party: Parcel['recipient']) => {
  const place = [party.postcode, party.city].filter(Boolean).join(' ');
  const named = party.address && place && party.address.includes(party.city || place);
  return [party.address, named ? '' : place].filter(Boolean).join(', ');
};

/** The sender on the label: the office the owner hands parcels in at (the settings), else their address. */
const senderWhere = (sender: Parcel['sender']) =>
  sender.officeName ? `Офис / Office: ${sender.officeName}` : where(sender);

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
      // One order, one number: a label made again for the same order names the same parcel (a
      // return's label, the same for the same return).
      const trackingNumber =
        parcel.returnId === undefined
          ? `AN${String(parcel.orderId).padStart(10, '0')}`
          : `RN${String(parcel.returnId).padStart(10, '0')}`;
      const label: LabelContent = {
        trackingNumber,
        reference: parcel.reference,
        sender: { name: parcel.sender.name, phone: parcel.sender.phone, address: senderWhere(parcel.sender) },
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
