/**
 * The groups of strings the first screen needs: the frame around every page (header, banner,
 * terms popup, footer, error page) and the home page. `import shell from '../locales/en.json?shell'`
 * is these groups of the file alone (vite.config.ts), so only they land in the entry chunk; the
 * whole file loads with the first route that needs more (lib/i18n.ts). Add the group of any
 * string that the header, banner, popup or footer starts to use.
 */
export const SHELL_GROUPS = [
  'common',
  'languages',
  'nav',
  'banner',
  'termsPopup',
  'cartSummary',
  'footer',
  'errors',
  'home',
  'categories',
  'notFound',
] as const;
