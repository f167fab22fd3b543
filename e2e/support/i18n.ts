import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Lang = 'en' | 'bg';
type Messages = Record<string, unknown>;

const locales: Record<Lang, Messages> = {
  en: JSON.parse(readFileSync(join(import.meta.dirname, '../../web/src/locales/en.json'), 'utf8')) as Messages,
  bg: JSON.parse(readFileSync(join(import.meta.dirname, '../../web/src/locales/bg.json'), 'utf8')) as Messages,
};

/** The app's own strings for a journey's assertions: `t('auth.login.success', { name })`, with i18next's `_one`/`_other` forms. */
export function translator(lang: Lang) {
  const lookup = (key: string) =>
    key.split('.').reduce<unknown>((node, part) => (node as Messages | undefined)?.[part], locales[lang]);
  return (key: string, vars: Record<string, string | number> = {}): string => {
    const plural = typeof vars.count === 'number' ? lookup(`${key}_${vars.count === 1 ? 'one' : 'other'}`) : undefined;
    const text = plural ?? lookup(key);
    if (typeof text !== 'string') throw new Error(`no ${lang} text for ${key}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
  };
}
