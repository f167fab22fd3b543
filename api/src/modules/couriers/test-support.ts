import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An office as Econt's getOffices answers it (the fields the client reads). */
export interface FakeEcontOffice {
  id: number;
  code: string;
  isAPS: boolean;
  name: string;
  nameEn: string;
  address: { city: { name: string; nameEn: string; postCode: string }; fullAddress: string; fullAddressEn: string };
}

export const fakeEcontOffice = (code: string, city: [string, string, string], name: string, isAPS = false) => ({
  id: Number(code.replace(/\D/g, '')) || 1,
  code,
  isAPS,
  name,
  nameEn: `${name} (en)`,
  address: {
    city: { name: city[0], nameEn: city[1], postCode: city[2] },
    fullAddress: `${city[0]}, ул. „Тестова“ ${code}`,
    fullAddressEn: `${city[1]}, ${code} Testova St`,
  },
});

export interface FakeEcont {
  url: string;
  offices: FakeEcontOffice[];
  /** Every call, in order: the method's path and the body. */
  calls: { method: string; body: Record<string, unknown>; authorization: string | undefined }[];
  /** 'error': answers 500 with Econt's error shape; 'hang': never answers (a timeout). */
  down: false | 'error' | 'hang';
  /** The calculation's price, in leva. */
  price: number;
  /** Shipment numbers the fake says were handed to the recipient. */
  delivered: Set<string>;
  /** Shipment numbers the fake says the courier took from the sender (`sendTime`). */
  sent: Set<string>;
  /** Where a new label's PDF is said to be (its `pdfURL`); on the fake itself by default. */
  labelAt: ((shipmentNumber: string) => string) | null;
  /** Every download of a label's PDF from the fake: its path and the Authorization it came with. */
  downloads: { path: string; authorization: string | undefined }[];
  close(): Promise<void>;
}

const body = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return (text ? JSON.parse(text) : {}) as Record<string, unknown>;
};

/**
 * A local stand-in for Econt's JSON services (docs/decisions/0044): the documented methods and
 * shapes of getOffices, createLabel (calculate and create), deleteLabels and getShipmentStatuses,
 * and the label's PDF. Tests never call the real service.
 */
export async function startFakeEcont(): Promise<FakeEcont> {
  let serial = 0;
  const hanging = new Set<() => void>();
  const fake: FakeEcont = {
    url: '',
    offices: [],
    calls: [],
    down: false,
    price: 5.8,
    delivered: new Set(),
    sent: new Set(),
    labelAt: null,
    downloads: [],
    close: async () => {
      for (const end of hanging) end();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server: Server = createServer((request, response) => {
    void (async () => {
      const path = (request.url ?? '').replace(/^\/services\//, '');
      if (request.method === 'GET' && path.startsWith('labels/')) {
        fake.downloads.push({ path, authorization: request.headers.authorization });
        response.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4 fake econt label');
        return;
      }
      const json = await body(request);
      const method = path.replace(/\.json$/, '');
      fake.calls.push({ method, body: json, authorization: request.headers.authorization });
      if (fake.down === 'hang') {
        hanging.add(() => response.destroy());
        return;
      }
      const send = (status: number, answer: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      if (fake.down === 'error') return send(500, { type: 'ExInternal', message: 'Service unavailable' });
      switch (method) {
        case 'Nomenclatures/NomenclaturesService.getOffices':
          return send(200, { offices: fake.offices });
        case 'Shipments/LabelService.createLabel': {
          if (json.mode === 'calculate') return send(200, { label: { totalPrice: fake.price, currency: 'BGN' } });
          serial += 1;
          const shipmentNumber = `10${String(serial).padStart(11, '0')}`;
          return send(200, {
            label: {
              shipmentNumber,
              pdfURL: fake.labelAt?.(shipmentNumber) ?? `${fake.url}/labels/${shipmentNumber}.pdf`,
              totalPrice: fake.price,
              currency: 'BGN',
            },
          });
        }
        case 'Shipments/LabelService.deleteLabels':
          return send(200, {
            results: (json.shipmentNumbers as string[]).map((shipmentNum) => ({ shipmentNum, error: null })),
          });
        case 'Shipments/ShipmentService.getShipmentStatuses':
          return send(200, {
            shipmentStatuses: (json.shipmentNumbers as string[]).map((shipmentNumber) => ({
              status: {
                shipmentNumber,
                shortDeliveryStatusEn: fake.delivered.has(shipmentNumber) ? 'Delivered' : 'In transit',
                deliveryTime: fake.delivered.has(shipmentNumber) ? Date.now() : null,
                sendTime: fake.sent.has(shipmentNumber) || fake.delivered.has(shipmentNumber) ? Date.now() : null,
              },
            })),
          });
        default:
          return send(404, { type: 'ExNotFound', message: `No method ${method}` });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/services`;
  return fake;
}
