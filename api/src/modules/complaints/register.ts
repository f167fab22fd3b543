import { decimalText, type Language } from '@shop/contract';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { complaints } from '../../db/schema.js';
import { CSV_FORMAT, csvRows, phoneText } from '../../lib/csv.js';
import { withParties, type ComplaintRead } from './service.js';

/**
 * The register's columns (Consumer Protection Act, Art. 127; YEAR.md section 6): its number, the
 * date and time it was filed, the consumer's name and contact, the order and the item, the defect
 * as described, the remedy asked, the documents attached (the photos), the decision and its date,
 * with the amount given back and the repair's completion.
 */
const COLUMNS = [
  'number',
  'filed_at',
  'customer_name',
  'customer_email',
  'customer_phone',
  'order_reference',
  'item',
  'defect',
  'remedy_asked',
  'documents_attached',
  'due_at',
  'decision',
  'decision_note',
  'amount',
  'decided_at',
  'repaired_at',
  'guarantee_ends_at',
] as const;

/** Rows a query reads: the register stays small (complaints are few), read in pages all the same. */
const BATCH = 500;

const cells = (c: ComplaintRead, decimal: string, origin: string) => [
  c.number,
  c.createdAt,
  c.customer.name,
  c.customer.email,
  // As the orders CSV writes it (decision 0061): `tel:+359…`, text in any spreadsheet.
  phoneText(c.customer.phone),
  c.orderReference,
  `${c.item.name}, ${c.item.colorName}, ${c.item.size}`,
  c.description,
  c.remedy,
  c.photos.map((url) => `${origin}${url}`).join(' '),
  c.dueAt,
  c.outcome ?? '',
  c.note ?? '',
  c.amount === null ? '' : decimalText(c.amount, decimal as '.' | ','),
  c.decidedAt ?? '',
  c.repairedAt ?? '',
  c.guaranteeEndsAt ?? '',
];

/**
 * The register of complaints as CSV in the orders CSV's dialect (its writer: formulas made inert,
 * a BOM so that a spreadsheet reads Cyrillic, `;` and a decimal comma in Bulgarian), oldest first.
 */
export async function complaintsRegisterCsv(db: Db, lang: Language, origin: string): Promise<string> {
  const { separator, decimal } = CSV_FORMAT[lang];
  let out = `\uFEFF${csvRows([[...COLUMNS]], separator)}`;
  for (let offset = 0; ; offset += BATCH) {
    const rows = await db.select().from(complaints).orderBy(asc(complaints.id)).limit(BATCH).offset(offset);
    const full = await withParties(db, rows);
    if (full.length > 0)
      out += csvRows(
        full.map((c) => cells(c, decimal, origin)),
        separator,
      );
    if (rows.length < BATCH) return out;
  }
}
