import { z } from 'zod';
import { text } from './text.js';
import { ROLES } from './constants.js';
import { NameSchema } from './auth.js';
import { SavedDeliverySchema } from './orders.js';
import { InvoiceDetailsOutSchema, InvoiceDetailsSchema } from './invoices.js';
import { Money } from './money-codec.js';
import { NEWSLETTER_STATES } from './newsletter.js';

export const ProfileSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  address: z.string(),
  phone: z.string(),
  profilePicture: z.string().nullable(),
  role: z.enum(ROLES),
  /** The delivery details kept at the last checkout that asked to, to prefill the next one. */
  delivery: SavedDeliverySchema.nullable(),
  /** The company an invoice is made out to, kept for the next checkout (TRADE.md section 3). */
  invoiceDetails: InvoiceDetailsOutSchema.nullable().optional(),
  /** The account's store credit (YEAR.md section 3): what its next checkout can spend. */
  storeCredit: Money,
  /** The newsletter: not on the list, waiting for the mailed link, or subscribed (YEAR.md section 4). */
  newsletter: z.enum(NEWSLETTER_STATES).optional(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** `email` is read-only: accepted for the spec's client and ignored. */
export const UpdateProfileBodySchema = z.object({
  name: NameSchema,
  address: text().trim().max(300).default(''),
  phone: text()
    .trim()
    .max(32)
    .regex(/^[+\d\s()-]*$/, 'Phone may contain digits, spaces, +, - and brackets.')
    .default(''),
  email: text().optional(),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

export const UploadResponseSchema = z.object({ previewPath: z.string() });
/**
 * `PUT /api/profile/save`: the uploaded picture (its previewPath) to keep, and/or the invoice
 * details to keep (null forgets them); either alone is enough.
 */
export const SaveProfilePictureBodySchema = z
  .object({
    profilePicture: z
      .string()
      .regex(/^\/files\/[a-f0-9]{64}$/, 'Unknown picture.')
      .optional(),
    invoiceDetails: InvoiceDetailsSchema.nullable().optional(),
    /**
     * The newsletter switch: true subscribes a verified address at once (else mails a link to
     * confirm), false leaves the list.
     */
    newsletter: z.boolean().optional(),
  })
  .refine(
    (body) => body.profilePicture !== undefined || body.invoiceDetails !== undefined || body.newsletter !== undefined,
    {
      message: 'Nothing to save: send the picture, the invoice details or the newsletter choice.',
      path: ['profilePicture'],
    },
  );

/** `DELETE /api/profile`: the password confirms it is the owner. */
export const DeleteAccountBodySchema = z.object({ password: z.string().min(1, 'Enter your password.').max(128) });
export type DeleteAccountBody = z.input<typeof DeleteAccountBodySchema>;
