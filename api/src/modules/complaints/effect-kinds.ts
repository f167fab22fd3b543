import { z } from 'zod';
import { effectKind } from '../../platform/outbox/declare.js';

const complaint = z.object({ complaintId: z.number().int() });

/** The acknowledgement of a filed complaint, with its number, to the shopper (effects.ts). */
export const COMPLAINT_MAIL = effectKind('mail.complaint', complaint);
/** The seller's decision on it, to the shopper. */
export const COMPLAINT_DECISION_MAIL = effectKind('mail.complaint.decision', complaint);
