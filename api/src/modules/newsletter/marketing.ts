import type { Language } from '@shop/contract';
import type { Db } from '../../db/client.js';
import type { WebLinks } from '../../lib/links.js';
import type { Mail, Mailer } from '../../platform/mail/mailer.js';
import type { MailContent } from '../../platform/mail/templates/layout.js';
import { renderMail } from '../../platform/mail/templates/layout.js';
import { mayMarket, suppress } from './service.js';

export interface MarketingDeps {
  db: Db;
  mailer: Mailer;
  links: WebLinks;
  /** The shop's public address (PUBLIC_URL): the one-click link posts to its API. */
  publicUrl: string;
  /** The shop's sending address (MAIL_FROM): the `mailto:` way to leave. */
  mailFrom: string;
}

const UNSUBSCRIBE: Record<Language, { text: string; label: string }> = {
  en: { text: 'You receive this mail because you subscribed to Atelier Noir’s news.', label: 'Unsubscribe' },
  bg: { text: 'Получавате това писмо, защото сте се абонирали за новините на Atelier Noir.', label: 'Отписване' },
};

/** The bare address of `Name <address>` (or the address itself). */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/** A permanent refusal of the recipient by the receiving server (5xx): the address bounced. */
const bounced = (error: unknown) => {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 550 && code < 560;
};

export type MarketingResult = 'sent' | 'skipped' | 'bounced';

/**
 * A stable `Message-ID` for the mail `id` (`campaign.12.345`): the same mail sent again (its worker
 * died between the SMTP server's acceptance and the record of it) carries the same one, which the
 * receiving side keeps once. At the sending address's domain (the public address's host without one).
 */
export const stableMessageId = (deps: Pick<MarketingDeps, 'mailFrom' | 'publicUrl'>, id: string) =>
  `<${id}@${addressOf(deps.mailFrom).split('@')[1] || new URL(deps.publicUrl).hostname}>`;

/**
 * The one way a marketing mail (a campaign, a cart reminder) leaves: only to an address that
 * consented and is not on the suppression list, asked right before sending; in the subscriber's
 * language; with `List-Unsubscribe` (HTTPS and mailto), `List-Unsubscribe-Post:
 * List-Unsubscribe=One-Click` (RFC 8058) and a visible link. A permanent refusal of the address
 * puts it on the suppression list (bounced) and is not retried. Transactional mail never comes here.
 * `id`: what names this mail whoever sends it (its stable Message-ID).
 */
export async function sendMarketing(
  deps: MarketingDeps,
  email: string,
  content: (lang: Language) => Omit<MailContent, 'lang' | 'unsubscribe' | 'footer'>,
  id: string,
): Promise<MarketingResult> {
  const subscriber = await mayMarket(deps.db, email);
  if (!subscriber) return 'skipped';
  const oneClick = `${deps.publicUrl}/api/unsubscribe?token=${encodeURIComponent(subscriber.unsubscribeToken)}`;
  const mailto = `mailto:${addressOf(deps.mailFrom)}?subject=unsubscribe`;
  const lang = subscriber.lang;
  const mail: Mail = {
    to: subscriber.email,
    ...renderMail({
      ...content(lang),
      lang,
      unsubscribe: { ...UNSUBSCRIBE[lang], url: deps.links.unsubscribe(subscriber.unsubscribeToken) },
    }),
    headers: {
      'List-Unsubscribe': `<${oneClick}>, <${mailto}>`,
      // RFC 8058 §3.1: one-click is claimed only for an HTTPS link (a shop without HTTPS is warned at start).
      ...(oneClick.startsWith('https://') ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
    },
    messageId: stableMessageId(deps, id),
  };
  try {
    await deps.mailer.send(mail);
    return 'sent';
  } catch (error) {
    if (!bounced(error)) throw error;
    await suppress(deps.db, subscriber.email, 'bounced');
    return 'bounced';
  }
}
