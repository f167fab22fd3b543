import { afterEach, describe, expect, it, vi } from 'vitest';
import * as shellEn from './i18n-shell-en';
import * as shellBg from './i18n-shell-bg';
import en from '../locales/en.json';
import i18n, { initialLanguage } from './i18n';

describe('i18n', () => {
  it('takes the same shell groups from both languages, straight from the locale files', () => {
    expect(Object.keys(shellBg).sort()).toEqual(Object.keys(shellEn).sort());
    expect(shellEn.nav).toEqual(en.nav);
  });

  it('holds every string once loaded, and switches <html lang>, storage and cookie with the language', async () => {
    expect(i18n.t('materials.title')).toBe(en.materials.title);
    await i18n.changeLanguage('bg');
    expect(document.documentElement.lang).toBe('bg');
    expect(localStorage.getItem('lang')).toBe('bg');
    // The server renders public pages in the cookie's language.
    expect(document.cookie).toContain('lang=bg');
    expect(i18n.t('materials.title')).toBe('Винаги първо материята.');
  });

  describe('the first language', () => {
    afterEach(() => {
      vi.restoreAllMocks();
      localStorage.clear();
      history.replaceState(null, '', '/');
    });
    const browserAsks = (...languages: string[]) => vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);

    it('is the first of the shop’s languages the browser asks for on a first visit, else English', () => {
      localStorage.clear();
      browserAsks('bg-BG', 'en');
      expect(initialLanguage()).toBe('bg');
      browserAsks('de-DE', 'fr');
      expect(initialLanguage()).toBe('en');
    });

    it('is the saved choice, or the address’s ?lang=, before the browser’s', () => {
      browserAsks('bg-BG');
      localStorage.setItem('lang', 'en');
      expect(initialLanguage()).toBe('en');
      history.replaceState(null, '', '/?lang=bg');
      browserAsks('en-GB');
      expect(initialLanguage()).toBe('bg');
    });
  });
});
