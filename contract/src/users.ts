import { z } from 'zod';
import { ASSIGNABLE_ROLES, ROLES } from './constants.js';
import { RefIdSchema } from './common.js';
import { Money } from './money-codec.js';

/** The admin's list of users and the change of a user's role. */
export const AdminUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  createdAt: z.string(),
  /** The account's store credit (the ledger's sum for it): what the owner's goodwill credit adds to. */
  storeCredit: Money,
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUsersResponseSchema = z.object({ success: z.literal(true), data: z.array(AdminUserSchema) });

export const UpdateRoleBodySchema = z.object({
  userId: RefIdSchema,
  newRole: z.enum(ASSIGNABLE_ROLES, { message: 'Role must be USER or ADMIN' }),
});
