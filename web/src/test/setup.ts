import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import i18n, { loadAllStrings, startI18n } from '../lib/i18n';

// Components are tested with every string, as routes render them (app/router.tsx).
beforeAll(async () => {
  await startI18n();
  await loadAllStrings();
});

afterEach(async () => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});

// jsdom has no matchMedia; the app only asks it about reduced motion.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
