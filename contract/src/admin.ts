import { z } from 'zod';
import { ASSIGNABLE_ROLES, CATEGORY_IDS, LANGUAGES, ROLES, SIZES } from './constants.js';

const requiredText = (message: string, max: number) => z.string().trim().min(1, message).max(max, message);

export const ColorNameSchema = z.string().trim().min(1, 'Color name is required').max(60);

/** The spec's create payload (section 3), with its per-field messages. */
export const CreateProductBodySchema = z.object({
  enName: requiredText('English name is required', 120),
  enDescription: requiredText('English description is required', 4000),
  bgName: requiredText('Bulgarian name is required', 120),
  bgDescription: requiredText('Bulgarian description is required', 4000),
  price: z.coerce
    .number({ message: 'Valid price is required' })
    .gt(0, 'Valid price is required')
    .max(100_000, 'Valid price is required'),
  categoryId: z.coerce
    .number({ message: 'Category is required' })
    .int('Category is required')
    .refine((id) => (CATEGORY_IDS as readonly number[]).includes(id), 'Category is required'),
  sizes: z
    .array(z.enum(SIZES))
    .min(1, 'At least one size is required')
    .transform((sizes) => [...new Set(sizes)]),
  colors: z.array(z.object({ colorName: ColorNameSchema })).min(1, 'At least one color is required').max(12),
  translations: z
    .object({
      create: z
        .array(
          z.object({
            language: z.enum(LANGUAGES),
            name: z.string().max(120).optional(),
            description: z.string().max(4000).optional(),
            imageUrl: z.string().max(500).optional(),
          }),
        )
        .max(2),
    })
    .optional(),
});
export type CreateProductBody = z.input<typeof CreateProductBodySchema>;

export const CreateProductResponseSchema = z.object({
  success: z.literal(true),
  product: z.object({ id: z.number() }),
});

export const AddColorResponseSchema = z.object({
  success: z.literal(true),
  color: z.object({ id: z.number(), colorName: z.string(), imageUrl: z.string(), hoverImage: z.string() }),
});

export const AdminUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUsersResponseSchema = z.object({ success: z.literal(true), data: z.array(AdminUserSchema) });

export const UpdateRoleBodySchema = z.object({
  userId: z.coerce.number().int().positive(),
  newRole: z.enum(ASSIGNABLE_ROLES, { message: 'Role must be USER or ADMIN' }),
});
