import { z } from 'zod';
import { multilineText, text } from './text.js';
import { EmailSchema } from './auth.js';
import { RefIdSchema } from './common.js';

/**
 * The lines a shopper withdraws from (all of them when left out), and why if they like. A line of a
 * hygiene-sealed product, once delivered, says whether its seal is intact: the withdrawal does not
 * apply to one whose seal was broken (409 SEAL_BROKEN; unsaid: 400, as a return's line).
 */
export const CreateWithdrawalBodySchema = z.object({
  items: z
    .array(
      z.object({
        orderItemId: RefIdSchema,
        quantity: z.number().int('A quantity is a whole number.').min(1, 'A quantity is at least 1.').max(99),
        sealIntact: z.boolean('Say whether the hygiene seal is intact.').optional(),
      }),
    )
    .min(1, 'Choose at least one item.')
    .max(100)
    .optional(),
  reason: multilineText().trim().max(1000, 'The reason has at most 1000 characters.').optional(),
});
export type CreateWithdrawalBody = z.input<typeof CreateWithdrawalBodySchema>;

/** An order's public reference (`orders.reference`): 12 hexadecimal characters, what shoppers read and type. */
export const ORDER_REFERENCE = /^[0-9A-F]{12}$/;

/**
 * The order named on the public form: its reference (12 hexadecimal characters, any case, an
 * optional leading "#"), or, for mails sent before references, its number (1 to 9 digits). The
 * answer is the same whichever is given and whether it exists, so accepting both tells nothing.
 */
export const PublicOrderKeySchema = z
  .union([z.number(), z.string()], { message: 'Enter the order reference.' })
  .transform((value, ctx): { reference: string } | { id: number } => {
    const text = String(value).trim().replace(/^#/, '').toUpperCase();
    if (ORDER_REFERENCE.test(text)) return { reference: text };
    if (/^[1-9]\d{0,8}$/.test(text)) return { id: Number(text) };
    ctx.addIssue({ code: 'custom', message: 'Enter the order reference.' });
    return z.NEVER;
  });
export type PublicOrderKey = z.output<typeof PublicOrderKeySchema>;

/**
 * The public withdrawal form, for shoppers who cannot log in: the order reference (`orderId`, its
 * contract name), the email it was placed with and a name. It records nothing by itself: a link
 * to confirm goes to the order's own address (docs/decisions/0024).
 */
export const PublicWithdrawalBodySchema = z.object({
  orderId: PublicOrderKeySchema,
  email: EmailSchema,
  name: text().trim().min(1, 'Enter your name.').max(100, 'Enter your name.'),
  reason: multilineText().trim().max(1000, 'The reason has at most 1000 characters.').optional(),
});
export type PublicWithdrawalBody = z.input<typeof PublicWithdrawalBodySchema>;

/** 202 to every well-formed public request, whatever the order: the link goes to the order's mailbox if any. */
export const WithdrawalRequestedSchema = z.object({ sent: z.literal(true) });
export type WithdrawalRequested = z.infer<typeof WithdrawalRequestedSchema>;

/** The token of the link mailed to the order's address. */
export const WithdrawalTokenSchema = text().trim().min(1, 'The link has no token.').max(200, 'The link is invalid.');
export const ConfirmWithdrawalBodySchema = z.object({ token: WithdrawalTokenSchema });
export type ConfirmWithdrawalBody = z.input<typeof ConfirmWithdrawalBodySchema>;
export const WithdrawalLinkQuerySchema = z.object({ token: WithdrawalTokenSchema });

/** What the confirmation page shows before the button (a read: opening the link records nothing). */
export const WithdrawalRequestSchema = z.object({
  reference: z.string(),
  submittedAt: z.string(),
  expiresAt: z.string(),
  /** When the link was used; the withdrawal then stands. */
  confirmedAt: z.string().nullable(),
});
export type WithdrawalRequestView = z.infer<typeof WithdrawalRequestSchema>;

export const WithdrawalSchema = z.object({
  withdrawal: z.object({
    id: z.number(),
    orderId: z.number(),
    /** The order's public reference (what the shopper reads). */
    reference: z.string(),
    submittedAt: z.string(),
    items: z.array(z.object({ orderItemId: z.number(), quantity: z.number() })),
  }),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

/** `DELETE /api/profile`: the password confirms it is the owner. */
export const DeleteAccountBodySchema = z.object({ password: z.string().min(1, 'Enter your password.').max(128) });
export type DeleteAccountBody = z.input<typeof DeleteAccountBodySchema>;
