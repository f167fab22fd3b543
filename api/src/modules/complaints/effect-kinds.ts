import { z } from 'zod';
import { effectKind } from '../../platform/outbox/declare.js';
import type { Effect } from '../../platform/outbox/outbox.js';
import { at } from '../../platform/outbox/timed.js';

const complaint = z.object({ complaintId: z.number().int() });

/** The acknowledgement of a filed complaint, with its number, to the shopper (effects.ts). */
export const COMPLAINT_MAIL = effectKind('mail.complaint', complaint);
/** The seller's decision on it, to the shopper. */
export const COMPLAINT_DECISION_MAIL = effectKind('mail.complaint.decision', complaint);
/** The owner reminded of an open complaint before its due date (due-reminder.ts), due at a time. */
export const COMPLAINT_DUE_REMINDER = effectKind('mail.owner.complaint-due', complaint);

const DAY_MS = 86_400_000;
/** How long before its due date the owner is reminded of an open complaint. */
export const REMINDER_DAYS = 3;

/**
 * The reminder of a complaint's due date, written with the complaint: `REMINDER_DAYS` before it,
 * or halfway when the days to decide (`complaints.dueDays`) are fewer than twice as many, so that
 * it never comes at filing.
 */
export function dueReminder(complaintId: number, createdAt: Date, dueAt: Date): Effect {
  const before = Math.min(REMINDER_DAYS * DAY_MS, (dueAt.getTime() - createdAt.getTime()) / 2);
  return at(COMPLAINT_DUE_REMINDER, new Date(dueAt.getTime() - before), { complaintId }, { id: complaintId });
}
