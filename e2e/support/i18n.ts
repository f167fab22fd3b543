import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Lang = 'en' | 'bg';
type Messages = Record<string, unknown>;

const locales: Record<Lang, Messages> = {
  en: JSON.parse(readFileSync(join(import.meta.dirname, '../../web/src/locales/en.json'), 'utf8')) as Messages,
  bg: JSON.parse(readFileSync(join(import.meta.dirname, '../../web/src/locales/bg.json'), 'utf8')) as Messages,
};

/** The app's own strings for a journey's assertions: `t('auth.login.success', { name })`. */
export function translator(lang: Lang) {
  return (key: string, vars: Record<string, string | number> = {}): string => {
    let node: unknown = locales[lang];
    for (const part of key.split('.')) node = (node as Messages | undefined)?.[part];
    if (typeof node !== 'string') throw new Error(`no ${lang} text for ${key}`);
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
  };
}
