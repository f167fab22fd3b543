import { z } from 'zod';
import { text } from './text.js';
import { LANGUAGES, OTP_LENGTH, PASSWORD_MAX, PASSWORD_MIN, ROLES } from './constants.js';

/** Emails are compared case-insensitively and stored lower-case. */
export const EmailSchema = z
  .string()
  .trim()
  .max(254)
  .email('Invalid email! Make sure you enter a properly formatted email.')
  .transform((email) => email.toLowerCase());

export const PasswordSchema = text()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);

export const NameSchema = text().trim().min(1, 'Name is required.').max(100);

/** Closed schemas: unknown keys such as `role` are dropped, never applied. */
export const SignupBodySchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  locale: z.enum(LANGUAGES).optional(),
});
export type SignupBody = z.infer<typeof SignupBodySchema>;

export const OtpSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `The code has ${OTP_LENGTH} digits.`);

export const VerifyOtpBodySchema = z.object({ email: EmailSchema, otp: OtpSchema });
export const ResendOtpBodySchema = z.object({ email: EmailSchema });
export const LoginBodySchema = z.object({
  email: EmailSchema,
  // A password set before control characters were refused still logs in.
  password: z.string().min(1, 'Password is required.').max(PASSWORD_MAX),
});
export const ResetPasswordBodySchema = z.object({ email: EmailSchema });
export const UpdatePasswordBodySchema = z.object({
  resetToken: text().min(16).max(200),
  newPassword: PasswordSchema,
});

export const UserSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  profilePicture: z.string().nullable(),
});
export type UserSummary = z.infer<typeof UserSummarySchema>;

export const AuthResponseSchema = z.object({ token: z.string(), user: UserSummarySchema });
export type AuthResponse = z.infer<typeof AuthResponseSchema>;
