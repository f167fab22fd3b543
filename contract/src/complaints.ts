import { z } from 'zod';
import { Money, money } from './money-codec.js';
import { multilineText } from './text.js';

/*
 * Complaints (рекламации; YEAR.md section 6, decision 0059): a shopper reports a defect of a
 * delivered line within the legal guarantee (two years from delivery, and 12 months more once a
 * repair under it was completed: Directive (EU) 2024/1799); the seller keeps a register of them
 * (Consumer Protection Act, Art. 127) and decides each one within `complaints.dueDays`.
 */

/** What a shopper may ask for. */
export const COMPLAINT_REMEDIES = ['repair', 'replacement', 'price-reduction', 'refund'] as const;
export type ComplaintRemedy = (typeof COMPLAINT_REMEDIES)[number];
/** What the seller may decide: one of the remedies, or that the complaint is not founded. */
export const COMPLAINT_OUTCOMES = [...COMPLAINT_REMEDIES, 'rejected'] as const;
export type ComplaintOutcome = (typeof COMPLAINT_OUTCOMES)[number];
export const COMPLAINT_STATUSES = ['open', 'decided'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

/** The legal guarantee of conformity: two years from delivery. */
export const LEGAL_GUARANTEE_MONTHS = 24;
/** What a completed repair under the guarantee adds to it, once (Directive (EU) 2024/1799, Art. 16 of 2019/771 as amended). */
export const REPAIR_EXTENSION_MONTHS = 12;
/** Photos one complaint may carry. */
export const COMPLAINT_PHOTOS_MAX = 3;
/** Days the seller has to decide, unless the settings say otherwise (`complaints.dueDays`). */
export const COMPLAINT_DUE_DAYS = 30;
export const COMPLAINT_DESCRIPTION_MAX = 2000;

/** `at` plus `months` calendar months (UTC): 29 February plus 12 months is 1 March. */
export const addMonths = (at: Date | string, months: number): Date => {
  const date = new Date(at);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return date;
};

/**
 * When the guarantee of a line delivered at `deliveredAt` ends: two years later, 12 months more
 * when a repair extended it; null while it has not been delivered (it has not begun).
 */
export const guaranteeEndsAt = (deliveredAt: Date | string | null, extended: boolean): Date | null =>
  deliveredAt === null
    ? null
    : addMonths(deliveredAt, LEGAL_GUARANTEE_MONTHS + (extended ? REPAIR_EXTENSION_MONTHS : 0));

/** The text fields of `POST /api/orders/{id}/complaints` (multipart: the photos are files `photo1` … `photo3`). */
export const CreateComplaintFieldsSchema = z.object({
  orderItemId: z.coerce.number({ message: 'Choose the item.' }).int('Choose the item.').positive('Choose the item.'),
  description: multilineText()
    .trim()
    .min(1, 'Describe the defect.')
    .max(COMPLAINT_DESCRIPTION_MAX, `The description has at most ${COMPLAINT_DESCRIPTION_MAX} characters.`),
  remedy: z.enum(COMPLAINT_REMEDIES, {
    message: 'Choose what you ask for: repair, replacement, price reduction or refund.',
  }),
});
export type CreateComplaintFields = z.infer<typeof CreateComplaintFieldsSchema>;

export const ComplaintSchema = z.object({
  id: z.number().int(),
  /** 10 digits with leading zeros, gapless: the register's number. */
  number: z.string(),
  orderId: z.number().int(),
  orderReference: z.string(),
  orderItemId: z.number().int(),
  /** The line as bought. */
  item: z.object({
    name: z.string(),
    nameBg: z.string(),
    colorName: z.string(),
    colorNameBg: z.string(),
    size: z.string(),
  }),
  description: z.string(),
  remedy: z.enum(COMPLAINT_REMEDIES),
  /** The photos' URLs (`/files/…`). */
  photos: z.array(z.string()),
  status: z.enum(COMPLAINT_STATUSES),
  createdAt: z.string(),
  /** When the seller must have decided. */
  dueAt: z.string(),
  outcome: z.enum(COMPLAINT_OUTCOMES).nullable(),
  note: z.string().nullable(),
  /** The money given back (a refund or a price reduction), in the shop currency. */
  amount: Money.nullable(),
  decidedAt: z.string().nullable(),
  /** When the repair was completed (POST …/repaired). */
  repairedAt: z.string().nullable(),
  /** The replacement's order (total 0), once made. */
  replacementOrderId: z.number().int().nullable(),
});
export type Complaint = z.infer<typeof ComplaintSchema>;

export const ComplaintCreatedSchema = z.object({ complaint: ComplaintSchema });
export type ComplaintCreated = z.infer<typeof ComplaintCreatedSchema>;

export const AdminComplaintSchema = ComplaintSchema.extend({
  /** The consumer as the order names them. */
  customer: z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  /** The line's guarantee end now (after any extension). */
  guaranteeEndsAt: z.string().nullable(),
  /** The acknowledgement's PDF as kept (a signed link valid for a day); null until it is made. */
  acknowledgementUrl: z.string().nullable(),
});
export type AdminComplaint = z.infer<typeof AdminComplaintSchema>;

export const ADMIN_COMPLAINTS_PAGE_MAX = 100;

/** `GET /api/admin/complaints?status=&page=&limit=`: open ones by due date first, the rest newest first. */
export const AdminComplaintsQuerySchema = z.object({
  status: z.enum(COMPLAINT_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(ADMIN_COMPLAINTS_PAGE_MAX).default(20),
});
export type AdminComplaintsQuery = z.input<typeof AdminComplaintsQuerySchema>;

export const AdminComplaintsSchema = z.object({
  data: z.array(AdminComplaintSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AdminComplaints = z.infer<typeof AdminComplaintsSchema>;

/** `GET /api/admin/complaints/export.csv?lang=`: the register. */
export const ComplaintsExportQuerySchema = z.object({ lang: z.enum(['en', 'bg']).default('en') });

/**
 * `POST /api/admin/complaints/{id}/decide`. A refund gives back the line's paid value unless
 * `amount` says less; a price reduction needs `amount`. Money moves through the order core.
 */
export const DecideComplaintBodySchema = z
  .object({
    outcome: z.enum(COMPLAINT_OUTCOMES, { message: 'Choose the decision.' }),
    note: multilineText().trim().max(2000, 'The note has at most 2000 characters.').default(''),
    amount: money({ min: 1, message: 'Give the amount, e.g. 12.50' }).optional(),
  })
  .superRefine((body, context) => {
    if (body.outcome === 'price-reduction' && body.amount === undefined)
      context.addIssue({ code: 'custom', path: ['amount'], message: 'Give the amount of the price reduction.' });
    if (body.outcome === 'rejected' && body.note === '')
      context.addIssue({ code: 'custom', path: ['note'], message: 'Say why the complaint is rejected.' });
  });
export type DecideComplaintBody = z.input<typeof DecideComplaintBodySchema>;
