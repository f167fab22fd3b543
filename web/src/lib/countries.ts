import { collator, type Language } from '@shop/contract';

/** Country names in the reader's language, from the browser (no list of names to translate), in its alphabetical order. */
export function countryChoices(codes: readonly string[], lang: Language): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([lang], { type: 'region' });
  const { compare } = collator(lang);
  return codes.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => compare(a.name, b.name));
}
