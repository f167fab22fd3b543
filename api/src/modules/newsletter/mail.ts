import { NEWSLETTER_CONFIRM_DAYS, type Language } from '@shop/contract';
import type { Mail } from '../../platform/mail/mailer.js';
import { renderMail } from '../../platform/mail/templates/layout.js';

const TEXTS = {
  en: {
    subject: 'Confirm your subscription to Atelier Noir',
    preheader: 'One click left: confirm that you want our news by mail.',
    heading: 'Please confirm',
    intro: [
      'Someone, we hope you, asked to receive Atelier Noir’s news by mail at this address: new collections, sales and offers.',
      `To subscribe, open this link within ${NEWSLETTER_CONFIRM_DAYS} days. Until then we send you nothing more.`,
    ],
    label: 'Confirm my subscription',
    outro: [
      'If you did not ask for this, ignore this mail: you will not be subscribed. You can leave at any time with the link in every mail.',
    ],
  },
  bg: {
    subject: 'Потвърдете абонамента си за Atelier Noir',
    preheader: 'Остава едно кликване: потвърдете, че искате новините ни по имейл.',
    heading: 'Моля, потвърдете',
    intro: [
      'Някой, надяваме се вие, поиска да получава новините на Atelier Noir по имейл на този адрес: нови колекции, намаления и предложения.',
      `За да се абонирате, отворете тази връзка в рамките на ${NEWSLETTER_CONFIRM_DAYS} дни. Дотогава не ви изпращаме нищо повече.`,
    ],
    label: 'Потвърждавам абонамента',
    outro: [
      'Ако не сте поискали това, пренебрегнете писмото: няма да бъдете абонирани. Можете да се отпишете по всяко време с връзката във всяко писмо.',
    ],
  },
} as const satisfies Record<Language, unknown>;

/** The double opt-in mail: the link that turns a request into consent. Not marketing itself. */
export function confirmationMail(to: string, lang: Language, url: string): Mail {
  const { label, ...texts } = TEXTS[lang];
  return {
    to,
    ...renderMail({
      lang,
      ...texts,
      intro: [...texts.intro],
      outro: [...texts.outro],
      highlight: { kind: 'link', label, url },
    }),
    devNote: `newsletter confirmation link for ${to}: ${url}`,
  };
}
