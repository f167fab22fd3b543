import { colorNameIn, itemNameIn, saleDocumentQr, vatWithin } from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orderItems, saleDocuments, type SaleDocumentData } from '../../db/schema.js';
import { lockOrder } from '../orders/store.js';
import { documentPayment } from './kinds.js';
import { nextDocumentNumber, SERIES } from './numbering.js';
import { documentSeller, recordsRow } from './settings.js';
import { isSale, testPaymentMark, type TestPaymentPolicy } from './test-payments.js';

export type SaleDocumentRow = typeof saleDocuments.$inferSelect;

/** The VAT group a rate belongs to on Bulgarian sale documents (Ordinance N-18: А 0 %, Б 20 %, Г 9 %). */
export const taxGroup = (rate: number): string => (rate === 0 ? 'А' : rate === 9 ? 'Г' : 'Б');

/**
 * Issues the order's sale document, once: the order row is locked, a document it has already is
 * answered as it is (an effect run twice), else the next number is taken and the document written
 * with what it prints (the seller, the lines, the totals).
 * Amounts are the order's stored cents; VAT per line (vatWithin) at the records' rate.
 * A test payment is a sale only where the policy says the test page stands in for the provider
 * (then its document says TEST PAYMENT); elsewhere it gets none and takes no number (null).
 */
export async function issueSaleDocument(
  db: Db,
  orderId: number,
  policy: TestPaymentPolicy,
  now = new Date(),
): Promise<SaleDocumentRow | null> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) return null;
    const [existing] = await tx.select().from(saleDocuments).where(eq(saleDocuments.orderId, orderId));
    if (existing) return existing;
    if (!isSale(order, policy)) return null;
    const records = await recordsRow(tx);
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);
    const rate = records.vatRate;
    const group = taxGroup(rate);
    const line = (name: string, nameBg: string, quantity: number, unitPriceCents: number, discountCents = 0) => {
      const valueCents = unitPriceCents * quantity - discountCents;
      return {
        name,
        nameBg,
        taxGroup: group,
        quantity,
        unitPriceCents,
        discountCents,
        valueCents,
        vatCents: vatWithin(valueCents, rate),
      };
    };
    const lines = items.map((item) =>
      line(
        `${item.name}, ${item.colorName}, ${item.size}`,
        `${itemNameIn(item, 'bg')}, ${colorNameIn(item, 'bg')}, ${item.size}`,
        item.quantity,
        item.unitPriceCents,
        item.discountCents,
      ),
    );
    if (order.deliveryCents > 0) lines.push(line('Delivery', 'Доставка', 1, order.deliveryCents));
    if (order.codFeeCents > 0) lines.push(line('Cash-on-delivery fee', 'Такса наложен платеж', 1, order.codFeeCents));
    const data: SaleDocumentData = {
      seller: await documentSeller(tx),
      orderReference: order.reference,
      locale: order.locale,
      currency: order.currency,
      lines,
      subtotalCents: lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0),
      discountCents: lines.reduce((sum, l) => sum + l.discountCents, 0),
      vatCents: lines.reduce((sum, l) => sum + l.vatCents, 0),
      ...testPaymentMark(order),
    };
    const number = await nextDocumentNumber(tx, SERIES.sale, records.firstDocumentNumber);
    const payment = documentPayment(order);
    const [document] = await tx
      .insert(saleDocuments)
      .values({
        number,
        orderId,
        issuedAt: now,
        eShopNumber: records.eShopNumber,
        vatRate: rate,
        totalCents: order.totalCents,
        paymentMethod: payment,
        providerReference: payment === 'card' ? order.paymentReference : null,
        qr: saleDocumentQr({ eShopNumber: records.eShopNumber, number, issuedAt: now, totalCents: order.totalCents }),
        data,
      })
      .returning();
    return document!;
  });
}
