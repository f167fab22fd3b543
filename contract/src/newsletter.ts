import { z } from 'zod';
import { LANGUAGES } from './constants.js';
import { text } from './text.js';

/** Where a subscription was asked for (YEAR.md section 4): each consent keeps it. */
export const NEWSLETTER_SOURCES = ['footer', 'signup', 'checkout', 'profile'] as const;
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number];

/**
 * The version of the consent wording the shop shows beside every box and form (the locale files'
 * `newsletter.consent`): each consent records the version its shopper read. Change the wording,
 * change this.
 */
export const NEWSLETTER_WORDING_VERSION = '2026-11-29';

/** How long a mailed confirmation link works (double opt-in). */
export const NEWSLETTER_CONFIRM_DAYS = 7;

/** `POST /api/newsletter`: answered 202 whatever the address (no telling who is subscribed). */
export const SubscribeBodySchema = z.object({
  email: z.email('Enter a valid email address.').max(254),
  lang: z.enum(LANGUAGES),
  source: z.enum(NEWSLETTER_SOURCES),
});
export type SubscribeBody = z.infer<typeof SubscribeBodySchema>;

export const SubscribeAnswerSchema = z.object({ sent: z.literal(true) });

/** `POST /api/newsletter/confirm`: the token of the mailed link. */
export const ConfirmNewsletterBodySchema = z.object({ token: text().min(1).max(200) });

/** `POST /api/unsubscribe?token=` (RFC 8058 one-click: the body may be `List-Unsubscribe=One-Click`). */
export const UnsubscribeQuerySchema = z.object({ token: text().min(1).max(200) });

/** Where a shopper's address stands on the list (their profile's switch). */
export const NEWSLETTER_STATES = ['none', 'pending', 'subscribed'] as const;
export type NewsletterState = (typeof NEWSLETTER_STATES)[number];

export const NewsletterAnswerSchema = z.object({ status: z.enum(NEWSLETTER_STATES), email: z.string() });
export type NewsletterAnswer = z.infer<typeof NewsletterAnswerSchema>;
