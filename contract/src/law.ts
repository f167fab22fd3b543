import { z } from 'zod';
import { EmailSchema } from './auth.js';
import { RefIdSchema } from './common.js';

/** The lines a shopper withdraws from (all of them when left out), and why if they like. */
export const CreateWithdrawalBodySchema = z.object({
  items: z
    .array(
      z.object({
        orderItemId: RefIdSchema,
        quantity: z.number().int('A quantity is a whole number.').min(1, 'A quantity is at least 1.').max(99),
      }),
    )
    .min(1, 'Choose at least one item.')
    .max(100)
    .optional(),
  reason: z.string().trim().max(1000, 'The reason has at most 1000 characters.').optional(),
});
export type CreateWithdrawalBody = z.input<typeof CreateWithdrawalBodySchema>;

/** The public withdrawal form, for shoppers who cannot log in: the order number, its email and a name. */
export const PublicWithdrawalBodySchema = z.object({
  orderId: RefIdSchema,
  email: EmailSchema,
  name: z.string().trim().min(1, 'Enter your name.').max(100, 'Enter your name.'),
  reason: z.string().trim().max(1000, 'The reason has at most 1000 characters.').optional(),
});
export type PublicWithdrawalBody = z.input<typeof PublicWithdrawalBodySchema>;

export const WithdrawalSchema = z.object({
  withdrawal: z.object({
    id: z.number(),
    orderId: z.number(),
    submittedAt: z.string(),
    items: z.array(z.object({ orderItemId: z.number(), quantity: z.number() })),
  }),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

/** `DELETE /api/profile`: the password confirms it is the owner. */
export const DeleteAccountBodySchema = z.object({ password: z.string().min(1, 'Enter your password.').max(128) });
export type DeleteAccountBody = z.input<typeof DeleteAccountBodySchema>;
