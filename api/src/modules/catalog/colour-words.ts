import { stem } from './stem.js';

/**
 * What people type for a colour, and the colour names that answer to it (issue 45): a shopper
 * types "черно", "черен" or "black", a shop names its colour "Onyx" or "Оникс". Each family has
 * its words in both languages and the names of its shades (the demo's and common ones), folded;
 * a product is found by the family words of its colours. The words are stemmed like the rest
 * (stem.ts), so every gender and the plural of a Bulgarian adjective meet ("черна", "черни").
 */
const FAMILIES: readonly { words: readonly string[]; shades: readonly string[] }[] = [
  { words: ['black', 'черен'], shades: ['onyx', 'оникс', 'noir', 'jet', 'ebony', 'абанос'] },
  {
    words: ['white', 'бял'],
    shades: ['ivory', 'слонова', 'bone', 'екрю', 'cream', 'кремав', 'snow', 'pearl', 'перлен'],
  },
  {
    words: ['grey', 'gray', 'сив'],
    shades: ['charcoal', 'антрацит', 'slate', 'графит', 'heather', 'меланж', 'ash', 'пепеляв'],
  },
  {
    words: ['red', 'червен'],
    shades: ['bordeaux', 'бордо', 'burgundy', 'винено', 'oxblood', 'wine', 'crimson', 'cherry', 'вишнев'],
  },
  { words: ['blue', 'син'], shades: ['midnight', 'полунощно', 'cobalt', 'кобалтово', 'navy', 'indigo', 'индиго'] },
  { words: ['green', 'зелен'], shades: ['olive', 'маслинено', 'khaki', 'каки', 'emerald', 'изумрудено'] },
  {
    words: ['beige', 'бежов'],
    shades: ['camel', 'камел', 'sand', 'пясъчно', 'champagne', 'шампанско', 'nude', 'taupe'],
  },
  { words: ['brown', 'кафяв'], shades: ['chocolate', 'шоколадов', 'mocha', 'мока', 'cognac', 'коняк'] },
];

/**
 * Bulgarian forms the endings do not reach: the masculine's fleeting vowel ("черен" → "черн",
 * as "черна"), a root that changes ("бели" → "бял", as "бяла"), a soft stem ("синьо" → "син").
 * By stem: what stem.ts makes of the form → the stem of its other forms.
 */
export const STEM_ALIASES: Readonly<Record<string, string>> = {
  черен: 'черн',
  бел: 'бял',
  синь: 'син',
  тъмен: 'тъмн',
  светъл: 'светл',
};

/** A word's stem, its alias applied. */
export const searchStem = (word: string): string => {
  const stemmed = stem(word);
  return STEM_ALIASES[stemmed] ?? stemmed;
};

const FAMILY_OF = new Map<string, readonly string[]>(
  FAMILIES.flatMap((family) => {
    const words = family.words.map(searchStem);
    return [...family.shades, ...family.words].map((shade) => [searchStem(shade), words] as const);
  }),
);

/** The family words (stemmed, both languages) of colours whose names' stemmed words are `words`. */
export function colourFamilyWords(words: readonly string[]): string[] {
  return [...new Set(words.flatMap((word) => FAMILY_OF.get(word) ?? []))];
}
