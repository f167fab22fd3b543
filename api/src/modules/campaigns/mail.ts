import type { Language } from '@shop/contract';
import type { Db } from '../../db/client.js';
import type { WebLinks } from '../../lib/links.js';
import type { Mail } from '../../platform/mail/mailer.js';
import { renderMail, type MailContent } from '../../platform/mail/templates/layout.js';
import { getProduct } from '../catalog/service.js';
import { absolute, renderCards, type MailCard } from './cards.js';
import type { CampaignRow } from './service.js';

export type MarketingContent = Omit<MailContent, 'lang' | 'unsubscribe' | 'footer'>;

export interface CampaignMailDeps {
  db: Db;
  links: WebLinks;
  publicUrl: string;
  currency: string;
}

const SHOP = { en: 'See the shop', bg: 'Към магазина' } as const satisfies Record<Language, string>;

/** The featured products as the storefront shows them now, in `lang` (one unpublished or deleted since is left out). */
export async function productCards(deps: CampaignMailDeps, ids: number[], lang: Language): Promise<MailCard[]> {
  const found = await Promise.all(ids.map((id) => getProduct(deps.db, id, lang).catch(() => null)));
  return found
    .filter((product) => product !== null)
    .map((product) => ({
      name: product.name,
      imageUrl: absolute(deps.publicUrl, product.imageUrl),
      url: deps.links.product(product.id),
      price: product.price,
      sale: product.sale,
    }));
}

/** The text's paragraphs (split at blank lines). */
const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);

/** A campaign's mail in `lang`: its subject, its text, its products as cards, a link to the shop. */
export function campaignContent(
  row: Pick<CampaignRow, 'subject' | 'text'>,
  cards: MailCard[],
  lang: Language,
  currency: string,
  shopUrl: string,
): MarketingContent {
  const intro = paragraphs(row.text[lang]);
  return {
    subject: row.subject[lang],
    preheader: (intro[0] ?? row.subject[lang]).slice(0, 140),
    heading: row.subject[lang],
    intro,
    ...(cards.length ? { block: renderCards(cards, lang, currency) } : {}),
    highlight: { kind: 'link', label: SHOP[lang], url: shopUrl },
  };
}

const TEST = {
  en: {
    prefix: '[Test] ',
    unsubscribe: 'A test of a campaign: subscribers see their own link to leave the list here.',
    label: 'Unsubscribe',
  },
  bg: {
    prefix: '[Тест] ',
    unsubscribe: 'Тест на кампания: абонатите виждат тук своя връзка за отписване.',
    label: 'Отписване',
  },
} as const satisfies Record<Language, unknown>;

/** The campaign as each language's subscribers will get it, to the admin alone (its subject marked as a test). */
export async function testMails(
  deps: CampaignMailDeps,
  row: Pick<CampaignRow, 'subject' | 'text' | 'productIds'>,
  to: string,
): Promise<Mail[]> {
  return Promise.all(
    (['en', 'bg'] as const).map(async (lang) => {
      const content = campaignContent(
        row,
        await productCards(deps, row.productIds, lang),
        lang,
        deps.currency,
        `${deps.publicUrl}/`,
      );
      return {
        to,
        ...renderMail({
          ...content,
          subject: `${TEST[lang].prefix}${content.subject}`,
          lang,
          unsubscribe: { text: TEST[lang].unsubscribe, label: TEST[lang].label, url: `${deps.publicUrl}/` },
        }),
      };
    }),
  );
}
