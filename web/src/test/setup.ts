import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, beforeEach, vi, type MockInstance } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import i18n, { loadAllStrings, startI18n } from '../lib/i18n';
import { fakeApi, takeUnexpectedRequests } from './fake-api';

// findBy… and waitFor wait up to 3 s (the library's default is 1 s): the suite's workers share two
// cores with the API tests, and a page that answers in 1.2 s there is not a failure of the page.
configure({ asyncUtilTimeout: 3_000 });

// Components are tested with every string, as routes render them (app/router.tsx).
beforeAll(async () => {
  await startI18n();
  await loadAllStrings();
});

let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  // No server unless the test sets one up (test/fake-api.tsx): any request fails the test.
  fakeApi({});
  // React reports its own problems (act warnings, key warnings, failed renders) here.
  consoleError = vi.spyOn(console, 'error');
});

afterEach(async () => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  const errors = consoleError.mock.calls.map((args) => args.map(String).join(' '));
  consoleError.mockRestore();
  const requests = takeUnexpectedRequests();
  if (requests.length > 0) throw new Error(`Requests the test did not expect: ${requests.join(', ')}`);
  if (errors.length > 0) throw new Error(`console.error was called:\n${errors.join('\n')}`);
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
