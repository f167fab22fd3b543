import type { Language } from './constants.js';

/*
 * The harmonised notice on the legal guarantee of conformity (Commission Implementing Regulation
 * (EU) 2025/1960, Annex I; Directive 2011/83/EU Art. 22a, as amended by Directive (EU) 2024/825),
 * shown in the page's language on the product page, in the cart, at checkout, on /legal-guarantee
 * and in the order confirmation mail. One text for both programs: the web draws it as SVG
 * (components/guarantee-notice), the API's mail as HTML. Where each element comes from, and what
 * differs from the Commission's own files: docs/decisions/0054. Its words, in both languages, are the
 * Annex's as the Commission's PDFs hold them (decision 0089; contract/src/guarantee-notice.test.ts).
 */

export interface GuaranteeNoticeText {
  /** The band's title. */
  title: string;
  /** The blue lead line under the band. */
  lead: string;
  claim: string;
  claimItems: readonly [string, string];
  liable: string;
  remedies: readonly [string, string];
  longer: string;
  /** Beside the QR code: where to learn more (its address follows, `GUARANTEE_NOTICE_LINK`). */
  more: string;
  todo: string;
  steps: readonly [string, string];
  garan: string;
  /** The image's short alternative text (the whole text is its long description). */
  alt: string;
}

export const GUARANTEE_NOTICE: Record<Language, GuaranteeNoticeText> = {
  en: {
    title: 'LEGAL GUARANTEE',
    lead: 'Minimum two-year legal guarantee protection for goods sold in the European Union.',
    claim: 'Consumers can claim their rights under the legal guarantee of conformity, for example if goods:',
    claimItems: ['do not match the description;', 'do not function as intended.'],
    liable:
      'Sellers are liable for any lack of conformity which existed when the goods were delivered, and which becomes apparent within the legal guarantee period. Sellers in such a situation are required to offer:',
    remedies: ['free repair or free replacement;', 'in some cases, a price reduction or full reimbursement.'],
    longer:
      'Some countries have a longer legal guarantee period. For second-hand goods, a shorter period may apply, but not less than one year.',
    more: 'For more information on your rights in a specific country, scan the QR code below or ask the seller.',
    todo: 'What to do if you receive non-conforming goods:',
    steps: [
      'Contact the seller as soon as possible to report the issue;',
      'Provide proof of purchase, such as a receipt, invoice, or bank statement.',
    ],
    garan:
      'Sellers and producers may also offer commercial guarantees, which apply independently from the legal guarantee. For example, you may see this GARAN label representing a commercial guarantee of durability offered by the producer at no additional cost and covering the entire good.',
    alt: 'The EU notice on the legal guarantee: goods sold in the European Union carry a legal guarantee of conformity of at least two years.',
  },
  bg: {
    title: 'ЗАКОНОВА ГАРАНЦИЯ',
    lead: 'Минимална двугодишна защита на законовата гаранция за стоки, продавани в Европейския съюз.',
    claim:
      'Потребителите могат да предявят правата си съгласно законовата гаранция за съответствие, например ако стоките:',
    claimItems: ['не съответстват на описанието;', 'не функционират по предназначение.'],
    liable:
      'Продавачите носят отговорност за всяка липса на съответствие, която е съществувала при доставката на стоките и която се установи в рамките на срока на законовата гаранция. В този случай продавачите са длъжни да предложат:',
    remedies: [
      'безплатен ремонт или безплатна замяна;',
      'в някои случаи намаление на цената или пълно възстановяване на платената сума.',
    ],
    longer:
      'Някои държави имат по-дълъг срок на законовата гаранция. За стоки втора употреба може да важи по-кратък срок, но не по-кратък от една година.',
    more: 'За повече информация относно вашите права в определена държава, сканирайте QR кода по-долу или попитайте продавача.',
    todo: 'Какво да направите, ако получите несъответстващи стоки?',
    steps: [
      'Свържете се с продавача във възможно най-кратък срок, за да съобщите за проблема.',
      'Представете доказателство за извършената покупка, като например касова бележка, фактура или банково извлечение.',
    ],
    garan:
      'Продавачите и производителите могат също така да предлагат търговски гаранции, които се прилагат независимо от законовата гаранция. Например може да срещнете етикета „GARAN“, който представлява търговска гаранция за трайност, предлагана от производителя без допълнителни разходи и която се прилага за цялата стока.',
    alt: 'Уведомлението на ЕС за законовата гаранция: стоките, продавани в Европейския съюз, имат законова гаранция за съответствие от поне две години.',
  },
};

/**
 * The Commission's "Your Europe" page on guarantees in each language: what the QR code holds and
 * the clickable link beside it (the Commission's practical guidelines, section 2.3: the same
 * destination as the QR code). `label` is the address as the notice prints it.
 */
export const GUARANTEE_NOTICE_LINK: Record<Language, { url: string; label: string }> = {
  en: { url: 'https://europa.eu/youreurope/guarantees', label: 'europa.eu/youreurope/guarantees' },
  bg: {
    url: `https://europa.eu/youreurope/${encodeURIComponent('гаранции')}`,
    label: 'europa.eu/youreurope/гаранции',
  },
};

/** The notice's whole text in reading order: the image's long description, and the mail's plain text. */
export function guaranteeNoticeLines(lang: Language): string[] {
  const n = GUARANTEE_NOTICE[lang];
  return [
    n.title,
    n.lead,
    n.claim,
    ...n.claimItems.map((item) => `• ${item}`),
    n.liable,
    ...n.remedies.map((item) => `• ${item}`),
    n.longer,
    `${n.more} ${GUARANTEE_NOTICE_LINK[lang].label}`,
    n.todo,
    ...n.steps.map((step, index) => `${index + 1}. ${step}`),
    n.garan,
  ];
}

/** The SVG path of a QR code's dark modules, one unit each, a run of a row as one rectangle. */
export function qrModulesPath(size: number, dark: (row: number, column: number) => boolean): string {
  const parts: string[] = [];
  for (let row = 0; row < size; row += 1) {
    for (let column = 0; column < size; column += 1) {
      if (!dark(row, column)) continue;
      let end = column;
      while (end + 1 < size && dark(row, end + 1)) end += 1;
      parts.push(`M${column} ${row}h${end - column + 1}v1h-${end - column + 1}z`);
      column = end;
    }
  }
  return parts.join('');
}
