import { afterEach, describe, expect, it, vi } from 'vitest';
import shellEn from '../locales/en.json?shell';
import shellBg from '../locales/bg.json?shell';
import { SHELL_GROUPS } from '../locales/shell-groups';
import en from '../locales/en.json';
import bg from '../locales/bg.json';
import i18n, { initialLanguage } from './i18n';

describe('i18n', () => {
  it('takes the shell groups of both languages straight from the locale files, and nothing else', () => {
    const groups = (file: Record<string, unknown>) =>
      Object.fromEntries(SHELL_GROUPS.map((group) => [group, file[group]]));
    expect(shellEn).toEqual(groups(en));
    expect(shellBg).toEqual(groups(bg));
    expect(shellBg.nav).not.toEqual(shellEn.nav);
  });

  it('holds every string once loaded, and switches <html lang>, storage and cookie with the language', async () => {
    expect(i18n.t('materials.title')).toBe(en.materials.title);
    await i18n.changeLanguage('bg');
    expect(document.documentElement.lang).toBe('bg');
    expect(localStorage.getItem('lang')).toBe('bg');
    // The server renders public pages in the cookie's language.
    expect(document.cookie).toContain('lang=bg');
    expect(i18n.t('materials.title')).toBe('Винаги първо материята.');
    // A sentence ending on a Bulgarian date ("… г.") takes no second full stop.
    expect(i18n.t('recall.intro', { date: '29.11.2026 г.' })).toMatch(/^Публикувано на 29\.11\.2026 г\. Ако имате/);
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
