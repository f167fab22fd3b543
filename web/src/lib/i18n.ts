import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, STORAGE_KEYS, type Language } from '@shop/contract';
import en from '../locales/en.json';
import { readStorage, writeStorage } from './storage';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * Translations are bundled with the app, never fetched from the server. English (default and
 * fallback) is in the entry chunk; Bulgarian is a chunk of its own, loaded only by those who
 * choose it, which keeps the home page within its JavaScript budget.
 */
const bundledLanguages: Record<Exclude<Language, 'en'>, () => Promise<ResourceKey>> = {
  bg: () => import('../locales/bg.json').then((module) => module.default),
};

const bundleBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    const load = bundledLanguages[language as keyof typeof bundledLanguages];
    if (!load) return callback(null, {});
    load().then(
      (resources) => callback(null, resources),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

function initialLanguage(): Language {
  const stored = readStorage(STORAGE_KEYS.lang);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

i18n.on('languageChanged', (lang) => {
  document.documentElement.lang = lang;
  if (isLanguage(lang)) writeStorage(STORAGE_KEYS.lang, lang);
});

/** Resolves once the visitor's language is ready; render after it, so no text flashes. */
export const i18nReady = i18n
  .use(bundleBackend)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
    lng: initialLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false }, // React escapes
    react: { useSuspense: false },
  });

export default i18n;
