/**
 * A light stemmer, one per language (by the word's letters: Cyrillic is Bulgarian, else English),
 * for words already folded (search.ts `fold`). It takes one ending off so that a plural or an
 * inflected form meets its base form ("hoodies" and "hoodie" → "hoodi", "якета" and "яке" → "яке",
 * "суитшърти" → "суитшърт"). Stems are compared as parts of the stemmed product words, so a stem
 * a little short still finds its word; never shorter than three letters.
 */
const MIN_STEM = 3;

/** Longest first: the article (-ът, -та, -те…), the plural (-ове, -и), the gender (-а, -я, -о). */
const BULGARIAN_ENDINGS = [
  'итата',
  'ията',
  'ите',
  'ове',
  'еве',
  'ата',
  'ята',
  // The plural of a noun in -и taken from English: "худи" → "худита", "такси" → "таксита".
  'ита',
  'ето',
  'ото',
  'ия',
  'ът',
  'ят',
  'та',
  'то',
  'те',
  'и',
  'а',
  'я',
  'о',
] as const;

const strip = (word: string, ending: string, replacement = '') =>
  word.length - ending.length + replacement.length >= MIN_STEM && word.endsWith(ending)
    ? word.slice(0, word.length - ending.length) + replacement
    : null;

function stemBulgarian(word: string): string {
  for (const ending of BULGARIAN_ENDINGS) {
    const stem = strip(word, ending);
    if (stem !== null) return stem;
  }
  return word;
}

/** Plural -s/-es, -ing, and a final y/ie as i (so "hoodie", "hoodies", "hoody" meet). */
function stemEnglish(word: string): string {
  const rules: [string, string][] = [
    ['sses', 'ss'],
    ['ies', 'i'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ing', ''],
    ['ie', 'i'],
    ['y', 'i'],
  ];
  for (const [ending, replacement] of rules) {
    const stem = strip(word, ending, replacement);
    if (stem !== null) return stem;
  }
  if (word.endsWith('s') && !/(ss|us|is)$/u.test(word)) return strip(word, 's') ?? word;
  return word;
}

const CYRILLIC = /\p{Script=Cyrillic}/u;

/** The stem of one folded word, in the language its letters are written in. */
export const stem = (word: string): string => (CYRILLIC.test(word) ? stemBulgarian(word) : stemEnglish(word));

/** The words of a folded text (letters and digits), stemmed by `stemOf`, each once, in order. */
export const stemWords = (text: string, stemOf: (word: string) => string = stem): string[] => [
  ...new Set(
    text
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .map(stemOf),
  ),
];
