import i18n, { type BackendModule, type PostProcessorModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, STORAGE_KEYS, type Language } from '@shop/contract';
import shellEn from '../locales/en.json?shell';
import { nextTask } from './next-task';
import { readStorage, writeStorage } from './storage';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/*
 * Translations are bundled with the app, never fetched from the server (the spec), but not all
 * in the entry chunk: the home page's JavaScript budget (150 KB gzip) would not survive every
 * feature's strings in two languages. So:
 * - the shell strings of English (default and fallback) are in the entry (locales/shell-groups.ts);
 * - Bulgarian shell strings are a small chunk, loaded before the first render for those who chose
 *   Bulgarian, or on switching;
 * - the complete en.json / bg.json are chunks loaded by `loadAllStrings()`, which every route
 *   but the home page awaits before it renders (app/router.tsx).
 */
const shellLoaders: Record<Exclude<Language, 'en'>, () => Promise<ResourceKey>> = {
  bg: () => import('../locales/bg.json?shell').then((module) => module.default),
};
// `?all` makes the complete file a module of its own, apart from the entry's `?shell` (vite.config.ts).
const fullLoaders: Record<Language, () => Promise<ResourceKey>> = {
  en: () => import('../locales/en.json?all').then((module) => module.default),
  bg: () => import('../locales/bg.json?all').then((module) => module.default),
};

/** Set once a screen needed every string: from then on, every language loads complete. */
let allStringsWanted = false;
const fullyLoaded = new Set<Language>();

async function loadFull(language: Language): Promise<void> {
  if (fullyLoaded.has(language)) return;
  const resources = await fullLoaders[language]();
  // The complete strings hold the shell's: they replace its groups whole, as they are (a deep
  // merge of a copy took several milliseconds of the app's start).
  i18n.addResourceBundle(language, 'translation', resources, false, true, { skipCopy: true });
  fullyLoaded.add(language);
}

/** Loads every string of the current language (and of English, the fallback). */
export async function loadAllStrings(): Promise<void> {
  allStringsWanted = true;
  const language = currentLanguage();
  await Promise.all([loadFull(DEFAULT_LANGUAGE), loadFull(language)]);
}

/** i18next asks this for a language it does not hold yet (on start in Bulgarian, or on switching). */
const bundleBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    if (!isLanguage(language)) return callback(null, {});
    const load = allStringsWanted
      ? fullLoaders[language]().then((resources) => {
          fullyLoaded.add(language);
          return resources;
        })
      : language === 'en'
        ? Promise.resolve<ResourceKey>({ ...shellEn })
        : shellLoaders[language]();
    load.then(
      (resources) => callback(null, resources),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * `?lang=` in the address (a page's address in one language), then the stored choice, then the
 * first of the shop's languages the browser asks for (as the server renders a first visit, the
 * api's pageLanguage), then English.
 */
export function initialLanguage(): Language {
  const asked = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('lang');
  if (isLanguage(asked ?? undefined)) return asked as Language;
  const stored = readStorage(STORAGE_KEYS.lang);
  if (isLanguage(stored)) return stored;
  const wanted = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return wanted.map((tag) => tag.slice(0, 2).toLowerCase()).find(isLanguage) ?? DEFAULT_LANGUAGE;
}

/** The language in force, narrowed to the shop's languages. */
export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

i18n.on('languageChanged', (language) => {
  if (typeof document === 'undefined' || !isLanguage(language)) return; // the server renders
  // Only when it differs: setting it restyles the whole page, even to the same value.
  if (document.documentElement.lang !== language) document.documentElement.lang = language;
  writeStorage(STORAGE_KEYS.lang, language);
  // A cookie copy too: the server renders public pages in it (docs/decisions/0012).
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
  // An address in one language (`?lang=`) follows a switch, so a reload stays in the new one.
  const params = new URLSearchParams(location.search);
  if (params.has('lang') && params.get('lang') !== language) {
    params.set('lang', language);
    history.replaceState(history.state, '', `${location.pathname}?${params.toString()}${location.hash}`);
  }
  // A switch after the shell-only start: complete the new language too.
  if (allStringsWanted) void loadFull(language);
});

/**
 * A Bulgarian date ends with the abbreviation "г." (formatShopDate: "29.11.2026 г."), so a sentence
 * that ends on a date read "г.."; Bulgarian writes one full stop for both.
 */
const oneFullStop: PostProcessorModule = {
  type: 'postProcessor',
  name: 'oneFullStop',
  process: (value: string) => (value.includes(' г..') ? value.replaceAll(' г..', ' г.') : value),
};

let started: Promise<unknown> | undefined;

/**
 * Starts i18next in the visitor's language; resolves once its strings are ready (render after it,
 * so no text flashes). Called by the app's start rather than on import, and in two tasks of the
 * browser's: reading the stored choice (the page's first read opens local storage, some
 * milliseconds), then building i18next.
 */
export function startI18n(): Promise<unknown> {
  started ??= start(initialLanguage());
  return started;
}

async function start(language: Language): Promise<unknown> {
  await nextTask();
  return i18n
    .use(bundleBackend)
    .use(initReactI18next)
    .use(oneFullStop)
    .init({
      resources: { en: { translation: { ...shellEn } } },
      partialBundledLanguages: true,
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false }, // React escapes
      postProcess: ['oneFullStop'],
      // Re-render when strings arrive, not only when the language changes.
      react: { useSuspense: false, bindI18nStore: 'added' },
    });
}

export default i18n;
