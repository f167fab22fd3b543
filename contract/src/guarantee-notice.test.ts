import { describe, expect, it } from 'vitest';
import { GUARANTEE_NOTICE, GUARANTEE_NOTICE_LINK } from './guarantee-notice.js';
import type { Language } from './constants.js';

/**
 * The notice's words are the Annex's (Implementing Regulation (EU) 2025/1960, Annex I: its elements
 * are not to be changed). Below, its text in each language as the Commission's "Harmonised notice
 * in 24 languages" PDFs hold it, page 1 read by pdftotext in the order it reads it (the columns
 * interleaved), with the bullet glyphs removed: where it was taken from is decision 0089.
 */
const ANNEX: Record<Language, string> = {
  en: `LEGAL GUARANTEE
Minimum two-year legal guarantee protection for goods sold in the European Union.
Some countries have a longer legal guarantee period. For second-hand goods, a shorter period may apply, but not less than one year.
Consumers can claim their rights under the legal guarantee of conformity, for example if goods:
For more information on your rights in a specific country, scan the QR code below or ask the seller.
do not match the description; do not function as intended.
Sellers are liable for any lack of conformity which existed when the goods were delivered, and which becomes apparent within the legal guarantee period. Sellers in such a situation are required to offer:
free repair or free replacement; in some cases, a price reduction or full reimbursement.
europa.eu/youreurope/guarantees
What to do if you receive non-conforming goods:
1 Contact the seller as soon as possible to report the issue;
2 Provide proof of purchase, such as a receipt, invoice, or bank statement.
Sellers and producers may also offer commercial guarantees, which apply independently from the legal guarantee. For example, you may see this GARAN label representing a commercial guarantee of durability offered by the producer at no additional cost and covering the entire good.`,
  bg: `ЗАКОНОВА ГАРАНЦИЯ
Минимална двугодишна защита на законовата гаранция за стоки, продавани в Европейския съюз.
Някои държави имат по-дълъг срок на законовата гаранция. За стоки втора употреба може да важи по-кратък срок, но не по-кратък от една година.
Потребителите могат да предявят правата си съгласно законовата гаранция за съответствие, например ако стоките:
За повече информация относно вашите права в определена държава, сканирайте QR кода по-долу или попитайте продавача.
не съответстват на описанието; не функционират по предназначение.
Продавачите носят отговорност за всяка липса на съответствие, която е съществувала при доставката на стоките и която се установи в рамките на срока на законовата гаранция. В този случай продавачите са длъжни да предложат:
безплатен ремонт или безплатна замяна; в някои случаи намаление на цената или пълно възстановяване на платената сума.
europa.eu/youreurope/гаранции
Какво да направите, ако получите несъответстващи стоки?
1 2 Свържете се с продавача във възможно най-кратък срок, за да съобщите за проблема.
Представете доказателство за извършената покупка, като например касова бележка, фактура или банково извлечение.
Продавачите и производителите могат също така да предлагат търговски гаранции, които се прилагат независимо от законовата гаранция. Например може да срещнете етикета „GARAN“, който представлява търговска гаранция за трайност, предлагана от производителя без допълнителни разходи и която се прилага за цялата стока.`,
};

const spaced = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('the EU notice on the legal guarantee', () => {
  for (const lang of ['en', 'bg'] as const) {
    it(`says the Annex's words and nothing else (${lang})`, () => {
      const n = GUARANTEE_NOTICE[lang];
      const parts = [
        n.title,
        n.lead,
        n.claim,
        ...n.claimItems,
        n.liable,
        ...n.remedies,
        n.longer,
        n.more,
        n.todo,
        ...n.steps,
        n.garan,
        GUARANTEE_NOTICE_LINK[lang].label,
      ];
      let rest = spaced(ANNEX[lang]);
      for (const part of parts) {
        expect(rest, 'each part is the Annex’s wording, once').toContain(spaced(part));
        rest = rest.replace(spaced(part), ' ');
      }
      // What is left is the steps' numbers, drawn in their discs.
      expect(spaced(rest)).toBe('1 2');
    });
  }
});
