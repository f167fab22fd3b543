import { z } from 'zod';
import { LANGUAGES } from './constants.js';
import { multilineText, text } from './text.js';

/** A text in each of the shop's languages. */
export type Localized = Record<(typeof LANGUAGES)[number], string>;

/** Who a campaign goes to (YEAR.md section 4): everyone, one language, buyers of a category or of a size. */
export const AUDIENCE_KINDS = ['all', 'language', 'category', 'size'] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];

/**
 * draft (being written), scheduled (due at `scheduledAt`), sending (its mails queued, going out at
 * `marketing.ratePerMinute`), sent (every mail answered for), stopped (by the admin while scheduled
 * or sending: what had not gone out by then never goes; `sent` says how many did).
 */
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'stopped'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Featured products a campaign shows, at most. */
export const CAMPAIGN_PRODUCTS_MAX = 8;

const subject = (lang: string) =>
  text().trim().min(1, `Write the subject in ${lang}.`).max(150, `The subject in ${lang} has at most 150 characters.`);
const body = (lang: string) =>
  multilineText()
    .trim()
    .min(1, `Write the text in ${lang}.`)
    .max(5000, `The text in ${lang} has at most 5,000 characters.`);

export const AudienceSchema = z
  .object({
    kind: z.enum(AUDIENCE_KINDS, 'Choose the audience: all, a language, a category or a size.'),
    value: text().trim().max(40).optional(),
  })
  .superRefine((audience, ctx) => {
    const message =
      audience.kind === 'language'
        ? 'Choose the language: en or bg.'
        : audience.kind === 'category'
          ? 'Choose the category.'
          : 'Choose the size.';
    if (audience.kind === 'all') return;
    if (!audience.value) ctx.addIssue({ code: 'custom', path: ['value'], message });
    else if (audience.kind === 'language' && !(LANGUAGES as readonly string[]).includes(audience.value))
      ctx.addIssue({ code: 'custom', path: ['value'], message });
    else if (audience.kind === 'category' && !/^\d+$/.test(audience.value))
      ctx.addIssue({ code: 'custom', path: ['value'], message });
  });
export type Audience = z.infer<typeof AudienceSchema>;

/** `POST /api/admin/campaigns`, `PUT /api/admin/campaigns/{id}` (a draft or a scheduled one only). */
export const CampaignBodySchema = z.object({
  subject: z.object({ en: subject('English'), bg: subject('Bulgarian') }),
  text: z.object({ en: body('English'), bg: body('Bulgarian') }),
  products: z
    .array(z.number().int().positive())
    .max(CAMPAIGN_PRODUCTS_MAX, `A campaign shows at most ${CAMPAIGN_PRODUCTS_MAX} products.`)
    .refine((ids) => new Set(ids).size === ids.length, 'A product is shown once.')
    .default([]),
  audience: AudienceSchema,
});
export type CampaignBody = z.input<typeof CampaignBodySchema>;
export type CampaignInput = z.output<typeof CampaignBodySchema>;

/** `POST /api/admin/campaigns/{id}/schedule`: when it goes (in the future). */
export const ScheduleCampaignBodySchema = z.object({
  at: z.iso.datetime({ offset: true, message: 'Give the time as an ISO date and time.' }),
});

/**
 * A campaign as the admin reads it: what it says, its audience (with `size`, the subscribers it
 * reaches now, or the mails queued once it is sending), and its progress: mails sent, failed
 * (bounced, or every attempt failed), and recipients who have left the list since it went out.
 */
export const CampaignSchema = z.object({
  id: z.number(),
  status: z.enum(CAMPAIGN_STATUSES),
  subject: z.object({ en: z.string(), bg: z.string() }),
  text: z.object({ en: z.string(), bg: z.string() }),
  products: z.array(z.number()),
  audience: z.object({ kind: z.enum(AUDIENCE_KINDS), value: z.string().optional(), size: z.number() }),
  scheduledAt: z.string().nullable(),
  queuedAt: z.string().nullable(),
  sent: z.number(),
  failed: z.number(),
  unsubscribed: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof CampaignSchema>;

export const CampaignListSchema = z.object({ campaigns: z.array(CampaignSchema) });
export type CampaignList = z.infer<typeof CampaignListSchema>;

/**
 * `GET /api/admin/campaigns/audience?kind=&value=`: how many subscribers an audience reaches now
 * (subscribed and not suppressed), before the campaign is saved. The query is an `AudienceSchema`.
 */
export const AudienceCountSchema = z.object({ count: z.number() });
export type AudienceCount = z.infer<typeof AudienceCountSchema>;

/** `POST /api/admin/campaigns/{id}/test`: where the test went (the signed-in admin's own address). */
export const CampaignTestAnswerSchema = z.object({ to: z.string() });

/**
 * Marketing mail's settings (admin only): campaign mails sent per minute, and the hours a
 * signed-in subscriber's cart stays unchanged before its reminder (fractions allowed; 0: none).
 */
export const MarketingSettingsSchema = z.object({ ratePerMinute: z.number(), abandonedCartHours: z.number() });
export type MarketingSettings = z.infer<typeof MarketingSettingsSchema>;

const RATE_MESSAGE = 'Mails per minute are a whole number from 1 to 10,000.';
const HOURS_MESSAGE = 'The hours before a cart reminder are a number from 0 (off) to 720.';
export const UpdateMarketingSettingsSchema = z
  .object({
    ratePerMinute: z.number(RATE_MESSAGE).int(RATE_MESSAGE).min(1, RATE_MESSAGE).max(10_000, RATE_MESSAGE),
    abandonedCartHours: z.number(HOURS_MESSAGE).min(0, HOURS_MESSAGE).max(720, HOURS_MESSAGE),
  })
  .partial();
