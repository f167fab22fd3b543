import type { Language } from '@shop/contract';
import type { WebLinks } from '../../lib/links.js';
import type { Mail } from '../../platform/mail/mailer.js';
import { renderMail } from '../../platform/mail/templates/layout.js';

/** Whom to invite, in the order's language, and the products of the order they may still review. */
export interface ReviewInvitation {
  email: string;
  name: string;
  locale: Language;
  reference: string;
  products: { id: number; name: string }[];
}

const TEXTS = {
  en: (invite: ReviewInvitation) => ({
    subject: 'How does it fit? Tell other shoppers',
    preheader: `Your order ${invite.reference} arrived a week ago: a few words help others choose their size.`,
    heading: `Hello, ${invite.name}`,
    intro: [
      `Your order ${invite.reference} arrived a week ago. How do the pieces fit and feel? A few words, and whether it runs small, true to size or large, help other shoppers choose.`,
    ],
    label: 'Write a review',
    outro: [
      'Only customers with a delivered order can review; every review is read before it appears. You can review each product once.',
    ],
  }),
  bg: (invite: ReviewInvitation) => ({
    subject: 'Как ви стои? Кажете на другите купувачи',
    preheader: `Поръчка ${invite.reference} пристигна преди седмица: няколко думи помагат на другите да изберат размер.`,
    heading: `Здравейте, ${invite.name}`,
    intro: [
      `Поръчка ${invite.reference} пристигна преди седмица. Как ви стоят и как се усещат дрехите? Няколко думи и дали моделът е малък, точен или голям на размер помагат на другите купувачи да изберат.`,
    ],
    label: 'Напишете отзив',
    outro: [
      'Отзиви могат да пишат само клиенти с доставена поръчка; всеки отзив се прочита, преди да бъде публикуван. Всеки продукт може да оцените веднъж.',
    ],
  }),
} as const;

/**
 * The invitation to review, a week after delivery: each product with a plain link to its page (the
 * review form is there), in the order's language. Every value is escaped by the layout.
 */
export function reviewInviteMail(invite: ReviewInvitation, links: WebLinks): Mail {
  const { label, intro, ...texts } = TEXTS[invite.locale](invite);
  const pages = invite.products.map((product) => ({ ...product, url: links.product(product.id) }));
  return {
    to: invite.email,
    ...renderMail({
      lang: invite.locale,
      ...texts,
      intro: [...intro, ...pages.map((page) => `${page.name}: ${page.url}`)],
      highlight: { kind: 'link', label, url: pages[0]!.url },
    }),
    devNote: `review invitation for ${invite.email}: ${pages.map((page) => page.url).join(' ')}`,
  };
}
