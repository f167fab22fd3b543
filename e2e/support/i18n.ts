import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Lang = 'en' | 'bg';
type Messages = Record<string, unknown>;

const locales: Record<Lang, Messages> = {
  en: JSON.parse(readFileSync(join(import.meta.dirname, '../../web/src/locales/en.json'), 'utf8')) as Messages,
  bg: JSON.parse(readFileSync(join(import.meta.dirname, '../../web/src/locales/bg.json'), 'utf8')) as Messages,
};

/**
 * The string at `parts` under `node`, as i18next finds it: a key may hold dots itself (the effect
 * kinds' labels: `adminEffects.kinds["mail.gift-card.purchase"]`), so each step tries the next
 * part, then it joined with the ones after it.
 */
function find(node: unknown, parts: string[]): unknown {
  if (parts.length === 0) return node;
  if (node === null || typeof node !== 'object') return undefined;
  for (let count = 1; count <= parts.length; count++) {
    const child = (node as Messages)[parts.slice(0, count).join('.')];
    const found = child === undefined ? undefined : find(child, parts.slice(count));
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The app's own strings for a journey's assertions: `t('auth.login.success', { name })`, with i18next's `_one`/`_other` forms. */
export function translator(lang: Lang) {
  const lookup = (key: string) => find(locales[lang], key.split('.'));
  return (key: string, vars: Record<string, string | number> = {}): string => {
    const plural = typeof vars.count === 'number' ? lookup(`${key}_${vars.count === 1 ? 'one' : 'other'}`) : undefined;
    const text = plural ?? lookup(key);
    if (typeof text !== 'string') throw new Error(`no ${lang} text for ${key}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
  };
}
