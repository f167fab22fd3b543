/**
 * The English strings the first screen needs: the frame around every page (header, banner,
 * terms popup, footer, error page) and the home page. Vite turns each top-level key of a JSON
 * file into a named export, so only these groups land in the entry chunk; the whole file loads
 * with the first route that needs more (see i18n.ts). Keep in step with i18n-shell-bg.ts, and add
 * the group of any string that the header, banner, popup or footer starts to use.
 */
export {
  common,
  languages,
  nav,
  banner,
  termsPopup,
  cartSummary,
  footer,
  errors,
  home,
  categories,
  notFound,
} from '../locales/en.json';
