import { colorNameIn, itemNameIn, vatWithin } from '@shop/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  invoiceDocuments,
  invoiceRequests,
  orderItems,
  refunds,
  type InvoiceData,
  type InvoiceLine,
  type InvoiceRecipient,
} from '../../db/schema.js';
import { enqueue } from '../../platform/outbox/outbox.js';
import type { OrderRow } from '../orders/store.js';
import { documentPayment } from './kinds.js';
import { nextDocumentNumber, SERIES } from './numbering.js';
import { documentSeller, recordsRow } from './settings.js';
import { INVOICE_MAIL } from './effect-kinds.js';
import { isSale, testPaymentMark, type TestPaymentPolicy } from './test-payments.js';

export type InvoiceRow = typeof invoiceDocuments.$inferSelect;

/**
 * A line from its VAT-inclusive value: VAT per line (vatWithin), the tax base the rest. Printed
 * quantity × unit price without VAT must equal the line's tax base (decision 0060): when the base
 * does not divide by the quantity, the line is printed as two rows of the same goods whose unit
 * prices differ by one cent (2 × 45,835 → 1 × 45,84 and 1 × 45,83), its VAT shared between them,
 * so the line's value, base and VAT, and the totals per rate, stay what they were.
 */
function line(name: string, nameBg: string, quantity: number, valueCents: number, vatRate: number): InvoiceLine[] {
  const vatCents = vatWithin(valueCents, vatRate);
  const netCents = valueCents - vatCents;
  const unit = Math.floor(netCents / quantity);
  const over = netCents - unit * quantity;
  if (over === 0) return [{ name, nameBg, quantity, unitNetCents: unit, valueCents, netCents, vatCents, vatRate }];
  const row = (count: number, unitNetCents: number, vat: number): InvoiceLine => ({
    name,
    nameBg,
    quantity: count,
    unitNetCents,
    valueCents: count * unitNetCents + vat,
    netCents: count * unitNetCents,
    vatCents: vat,
    vatRate,
  });
  // `over` units (fewer than `quantity`) at one cent more, the rest at `unit`; the VAT by their share of the base.
  const upperVat = Math.round((vatCents * over * (unit + 1)) / netCents);
  return [row(over, unit + 1, upperVat), row(quantity - over, unit, vatCents - upperVat)];
}

/** Tax base and VAT per rate, from the lines (so they add up to the cent). */
function ratesOf(lines: InvoiceLine[]): InvoiceData['rates'] {
  const byRate = new Map<number, { rate: number; netCents: number; vatCents: number }>();
  for (const l of lines) {
    const entry = byRate.get(l.vatRate) ?? { rate: l.vatRate, netCents: 0, vatCents: 0 };
    entry.netCents += l.netCents;
    entry.vatCents += l.vatCents;
    byRate.set(l.vatRate, entry);
  }
  return [...byRate.values()];
}

async function insertDocument(
  tx: Tx,
  values: Omit<typeof invoiceDocuments.$inferInsert, 'number'>,
): Promise<InvoiceRow> {
  const number = await nextDocumentNumber(tx, SERIES.invoice, (await recordsRow(tx)).firstInvoiceNumber);
  const [document] = await tx
    .insert(invoiceDocuments)
    .values({ ...values, number })
    .returning();
  // Mailed to the shopper once committed (effects.ts).
  await enqueue(tx, [
    INVOICE_MAIL.effect({ documentId: document!.id }, { id: document!.id, orderId: document!.orderId }),
  ]);
  return document!;
}

export async function invoiceOf(tx: Tx, orderId: number): Promise<InvoiceRow | undefined> {
  const [invoice] = await tx
    .select()
    .from(invoiceDocuments)
    .where(and(eq(invoiceDocuments.orderId, orderId), eq(invoiceDocuments.kind, 'invoice')));
  return invoice;
}

/**
 * Issues the order's invoice, once, in the caller's transaction with the order row locked: when
 * an invoice was requested and the tax event has happened (the order is paid: a card payment, or
 * cash collected at delivery). Answers the invoice the order has, or null when none is due yet.
 * Each line is the order's: goods at their paid value (after the discount), delivery and the
 * cash-on-delivery fee at the goods' VAT rate. A test payment where test payments are not sales
 * gets none (null); where the test page stands in, the invoice says TEST PAYMENT.
 */
export async function issueInvoice(
  tx: Tx,
  order: OrderRow,
  policy: TestPaymentPolicy,
  now = new Date(),
): Promise<InvoiceRow | null> {
  const existing = await invoiceOf(tx, order.id);
  if (existing) return existing;
  if (!isSale(order, policy)) return null;
  // The tax event: the payment (cash on delivery: collected at delivery). A paid row older than paidAt: its creation.
  const taxEventAt = order.paidAt ?? (order.status === 'paid' ? order.createdAt : null);
  if (taxEventAt === null) return null;
  const [request] = await tx.select().from(invoiceRequests).where(eq(invoiceRequests.orderId, order.id));
  if (!request) return null;
  const rate = (await recordsRow(tx)).vatRate;
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
  const lines = items.flatMap((item) =>
    line(
      `${item.name}, ${item.colorName}, ${item.size}`,
      `${itemNameIn(item, 'bg')}, ${colorNameIn(item, 'bg')}, ${item.size}`,
      item.quantity,
      item.unitPriceCents * item.quantity - item.discountCents,
      rate,
    ),
  );
  if (order.deliveryCents > 0) lines.push(...line('Delivery', 'Доставка', 1, order.deliveryCents, rate));
  if (order.codFeeCents > 0)
    lines.push(...line('Cash-on-delivery fee', 'Такса наложен платеж', 1, order.codFeeCents, rate));
  const rates = ratesOf(lines);
  return insertDocument(tx, {
    kind: 'invoice',
    orderId: order.id,
    issuedAt: now,
    taxEventAt,
    recipient: request.details,
    totalCents: lines.reduce((sum, l) => sum + l.valueCents, 0),
    vatCents: rates.reduce((sum, r) => sum + r.vatCents, 0),
    data: {
      seller: await documentSeller(tx),
      orderReference: order.reference,
      currency: order.currency,
      paymentMethod: documentPayment(order),
      lines,
      rates,
      ...testPaymentMark(order),
    },
  });
}

/**
 * What a credit note gives back, line by line (decision 0060): a refund naming the order's lines
 * lists each with its units and their share of the line's value; what the amount differs from
 * those by is a line of its own (more: "Other amount refunded", e.g. delivery; less: a deduction).
 * A refund of an amount only is one line naming the invoice, in full or in part.
 */
async function creditedLines(
  tx: Tx,
  orderId: number,
  refund: typeof refunds.$inferSelect,
  invoiceNumber: string,
  whole: boolean,
  rate: number,
): Promise<InvoiceLine[]> {
  if (!refund.lines?.length)
    return line(
      whole ? `Refund of invoice ${invoiceNumber} in full` : `Partial refund of invoice ${invoiceNumber}`,
      whole ? `Връщане по фактура № ${invoiceNumber} изцяло` : `Частично връщане по фактура № ${invoiceNumber}`,
      1,
      refund.amountCents,
      rate,
    );
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const lines: InvoiceLine[] = [];
  for (const refunded of refund.lines) {
    const item = items.find((each) => each.id === refunded.orderItemId);
    if (!item) continue;
    lines.push(
      ...line(
        `${item.name}, ${item.colorName}, ${item.size}`,
        `${itemNameIn(item, 'bg')}, ${colorNameIn(item, 'bg')}, ${item.size}`,
        refunded.quantity,
        refunded.amountCents,
        rate,
      ),
    );
  }
  const rest = refund.amountCents - lines.reduce((sum, each) => sum + each.valueCents, 0);
  if (rest > 0) lines.push(...line('Other amount refunded', 'Друга възстановена сума', 1, rest, rate));
  if (rest < 0) lines.push(...line('Deduction', 'Удръжка', 1, rest, rate));
  return lines;
}

/**
 * The credit note of a refund of an invoiced order, once per refund, in the caller's transaction
 * with the order row locked: it names the invoice and gives back the refund's amount with its VAT
 * at the invoice's rate. An order asked an invoice for but not issued yet gets it first. Answers
 * null when the order has no invoice (none asked for).
 */
export async function issueCreditNote(
  tx: Tx,
  order: OrderRow,
  refundId: number,
  policy: TestPaymentPolicy,
  now = new Date(),
): Promise<InvoiceRow | null> {
  const [existing] = await tx.select().from(invoiceDocuments).where(eq(invoiceDocuments.refundId, refundId));
  if (existing) return existing;
  const [refund] = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.id, refundId), eq(refunds.orderId, order.id)));
  if (!refund) return null;
  const invoice = await issueInvoice(tx, order, policy, now);
  if (!invoice) return null;
  const rate = invoice.data.rates[0]?.rate ?? (await recordsRow(tx)).vatRate;
  const whole = refund.amountCents >= invoice.totalCents;
  const lines = await creditedLines(tx, order.id, refund, invoice.number, whole, rate);
  const rates = ratesOf(lines);
  return insertDocument(tx, {
    kind: 'credit-note',
    orderId: order.id,
    invoiceId: invoice.id,
    refundId,
    issuedAt: now,
    taxEventAt: refund.createdAt,
    recipient: invoice.recipient,
    totalCents: refund.amountCents,
    vatCents: rates.reduce((sum, r) => sum + r.vatCents, 0),
    data: {
      ...invoice.data,
      lines,
      rates,
      invoice: { number: invoice.number, issuedAt: invoice.issuedAt.toISOString() },
      reason: whole ? 'refund' : 'partial-refund',
    },
  });
}

/** Whether the order asked for an invoice (issued or not). */
export async function invoiceRequested(tx: Tx, orderId: number): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(invoiceRequests)
    .where(eq(invoiceRequests.orderId, orderId));
  return row !== undefined;
}

/** Keeps an order's request for an invoice (at checkout, or later): false when it has one already. */
export async function keepInvoiceRequest(tx: Tx, orderId: number, details: InvoiceRecipient): Promise<boolean> {
  const inserted = await tx
    .insert(invoiceRequests)
    .values({ orderId, details })
    .onConflictDoNothing()
    .returning({ orderId: invoiceRequests.orderId });
  return inserted.length > 0;
}
