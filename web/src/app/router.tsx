import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { CATEGORY_IDS, type Language } from '@shop/contract';
import { RootLayout } from './layout/root-layout';
import { PublicLayout } from './layout/public-layout';
import { RouteError } from './layout/route-error';
import { LoadingPage } from '../components/loading-page/loading-page';
import { loadAllStrings } from '../lib/i18n';
import { parseProductId } from '../features/catalog/api/get-product';
import { SETTINGS_PATH } from '../lib/settings';
import { parseRecallId, RECALLS_PATH, recallKey } from '../lib/recalls';
import { searchTerms } from '../features/search/api/search-products';
import { FILTER_PARAMS } from '../features/catalog/lib/filter-params';
import { categoryFaceKey, productKey, productsKey, reviewsKey, saleKey, searchKey } from '../lib/swr-keys';
import type { CyrillicUse, ItalicUse } from '../styles/first-paint-fonts';

/**
 * Every screen is its own chunk: `page(() => import(...))` maps a default export to a route and
 * waits for every string of the language (lib/i18n.ts). Only the home page makes do with the
 * shell strings of the entry chunk (`{ shellStrings: true }`), which keeps it light.
 */
type PageModule = { default: React.ComponentType };
const page = (load: () => Promise<PageModule>, { shellStrings = false } = {}): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const [module] = await Promise.all([load(), shellStrings ? undefined : loadAllStrings()]);
    return { Component: module.default };
  },
});

/**
 * Public screens whose first HTML the server renders (docs/decisions/0012): `module` names the
 * route's source file (the server links its CSS and preloads its chunk), `data` the api reads
 * (SWR keys) its first render shows.
 */
export interface ServerRendered {
  module: string;
  data?: (params: Record<string, string | undefined>, lang: Language, query: URLSearchParams) => string[];
  /** Query parameters that change what the page shows (each value renders, and is kept, apart). */
  query?: readonly string[];
  /** Italic text on the page (its faces are preloaded with the HTML: styles/first-paint-fonts.ts). */
  italic?: ItalicUse;
  /** Cyrillic on the page whatever its language (its faces are preloaded in English too). */
  cyrillic?: CyrillicUse;
  /** Whether the address's parameters can name something (`/product/abc` cannot): else it is not found (404). */
  accepts?: (params: Record<string, string | undefined>) => boolean;
}
const serverRendered = (
  module: string,
  {
    data,
    italic,
    query,
    cyrillic,
    accepts,
  }: Pick<ServerRendered, 'data' | 'italic' | 'query' | 'cyrillic' | 'accepts'> = {},
): { handle: ServerRendered } => ({
  handle: {
    module: `src/routes/${module}.tsx`,
    ...(data ? { data } : {}),
    ...(italic ? { italic } : {}),
    ...(query ? { query } : {}),
    ...(cyrillic ? { cyrillic } : {}),
    ...(accepts ? { accepts } : {}),
  },
});
const catalogue: ServerRendered['data'] = (_params, lang) => [productsKey(lang)];
const onSale: ServerRendered['data'] = (_params, lang) => [saleKey(lang)];
const categoryFaces: ServerRendered['data'] = (_params, lang) => CATEGORY_IDS.map((id) => categoryFaceKey(lang, id));
const searched: ServerRendered['data'] = (_params, lang, query) => {
  const q = searchTerms(query.get('q'));
  return q ? [searchKey(lang, q)] : [];
};
/** Pages that show the seller, the delivery prices or the withdrawal period (the shop's settings). */
const shopSettings: ServerRendered['data'] = () => [SETTINGS_PATH];
const recallList: ServerRendered['data'] = () => [SETTINGS_PATH, RECALLS_PATH];
const oneRecall: ServerRendered['data'] = ({ recallId }) => {
  const id = parseRecallId(recallId);
  return id === null ? [SETTINGS_PATH] : [SETTINGS_PATH, recallKey(id)];
};
const oneProduct: ServerRendered['data'] = ({ productId }, lang) => {
  const id = parseProductId(productId);
  // The product and the first page of its published reviews with their summary.
  return id === null ? [] : [productKey(id, lang), reviewsKey(id, lang, 1)];
};

/**
 * The route table (spec section 2). To add or replace a screen, point its entry at a module
 * in src/routes/. Public screens sit under PublicLayout (header, banner, footer); the catch-all
 * not-found page sits outside it, bare.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            index: true,
            ...page(() => import('../routes/home'), { shellStrings: true }),
            ...serverRendered('home', { data: categoryFaces, italic: 'text' }),
          },
          {
            path: 'clothing',
            ...page(() => import('../routes/clothing')),
            ...serverRendered('clothing', { data: catalogue, query: FILTER_PARAMS }),
          },
          {
            path: 'sale',
            ...page(() => import('../routes/sale')),
            ...serverRendered('sale', { data: onSale }),
          },
          {
            path: 'search',
            ...page(() => import('../routes/search')),
            ...serverRendered('search', { data: searched, query: ['q'] }),
          },
          {
            path: 'product/:productId',
            ...page(() => import('../routes/product')),
            ...serverRendered('product', {
              data: oneProduct,
              // The colour a card's swatch opened it on: server-rendered chosen.
              query: ['color'],
              accepts: ({ productId }) => parseProductId(productId) !== null,
            }),
          },
          { path: 'cart', ...page(() => import('../routes/cart')) },
          { path: 'gift-cards', ...page(() => import('../routes/gift-cards')) },
          { path: 'checkout', ...page(() => import('../routes/checkout')) },
          { path: 'checkout-success', ...page(() => import('../routes/checkout-success')) },
          { path: 'checkout-cancelled', ...page(() => import('../routes/checkout-cancelled')) },
          { path: 'wishlist', ...page(() => import('../routes/wishlist')) },
          { path: 'login', ...page(() => import('../routes/login')) },
          { path: 'signup', ...page(() => import('../routes/signup')) },
          { path: 'verify-otp', ...page(() => import('../routes/verify-otp')) },
          { path: 'reset-password/:token', ...page(() => import('../routes/reset-password')) },
          { path: 'profile', ...page(() => import('../routes/profile')) },
          // The newsletter's mailed links (decision 0057): the app reads the token once it runs.
          { path: 'newsletter/confirm', ...page(() => import('../routes/newsletter-confirm')) },
          { path: 'unsubscribe', ...page(() => import('../routes/unsubscribe')) },
          {
            path: 'materials',
            ...page(() => import('../routes/materials')),
            ...serverRendered('materials', { italic: 'text' }),
          },
          {
            path: 'inspiration',
            ...page(() => import('../routes/inspiration')),
            ...serverRendered('inspiration', { italic: 'text' }),
          },
          {
            path: 'terms',
            ...page(() => import('../routes/terms')),
            ...serverRendered('terms', { data: shopSettings, italic: 'text', cyrillic: 'body' }),
          },
          {
            path: 'privacy',
            ...page(() => import('../routes/privacy')),
            ...serverRendered('privacy', { data: shopSettings, italic: 'text', cyrillic: 'body' }),
          },
          {
            path: 'withdrawal',
            ...page(() => import('../routes/withdrawal')),
            ...serverRendered('withdrawal', { data: shopSettings, italic: 'text', cyrillic: 'body-and-display' }),
          },
          {
            // The mailed link's page: the same HTML for every token (the app reads it once it runs).
            path: 'withdrawal/confirm',
            ...page(() => import('../routes/withdrawal-confirm')),
            ...serverRendered('withdrawal-confirm', { italic: 'text' }),
          },
          {
            path: 'legal-guarantee',
            ...page(() => import('../routes/legal-guarantee')),
            ...serverRendered('legal-guarantee', { data: shopSettings, italic: 'text', cyrillic: 'body' }),
          },
          {
            path: 'accessibility',
            ...page(() => import('../routes/accessibility')),
            ...serverRendered('accessibility', { data: shopSettings, italic: 'text', cyrillic: 'body' }),
          },
          // Product safety recalls (decision 0059): the list and each notice, with the settings (the footer's link).
          {
            path: 'recalls',
            ...page(() => import('../routes/recalls')),
            ...serverRendered('recalls', { data: recallList, italic: 'text', cyrillic: 'body' }),
          },
          {
            path: 'recalls/:recallId',
            ...page(() => import('../routes/recall')),
            ...serverRendered('recall', {
              data: oneRecall,
              italic: 'text',
              cyrillic: 'body',
              accepts: ({ recallId }) => parseRecallId(recallId) !== null,
            }),
          },
          {
            path: 'about-us',
            ...page(() => import('../routes/about-us')),
            ...serverRendered('about-us', { italic: 'text' }),
          },
          {
            path: 'contact-us',
            ...page(() => import('../routes/contact-us')),
            ...serverRendered('contact-us', { italic: 'latin', cyrillic: 'body' }),
          },
          { path: 'faqs', ...page(() => import('../routes/faqs')), ...serverRendered('faqs', { italic: 'text' }) },
          { path: 'my-order', ...page(() => import('../routes/my-order')) },
          { path: 'my-order/:orderId', ...page(() => import('../routes/my-order-detail')) },
          {
            path: 'admin',
            // The admin guard (spec section 4); admin screens are chunks shoppers never load.
            ...page(() => import('../routes/admin-layout')),
            children: [
              { path: 'dashboard', ...page(() => import('../routes/admin-dashboard')) },
              { path: 'create-a-product', ...page(() => import('../routes/admin-create-product')) },
              { path: 'orders', ...page(() => import('../routes/admin-orders')) },
              { path: 'orders/:orderId', ...page(() => import('../routes/admin-order')) },
              { path: 'settings', ...page(() => import('../routes/admin-settings')) },
              { path: 'discount-codes', ...page(() => import('../routes/admin-discount-codes')) },
              { path: 'reviews', ...page(() => import('../routes/admin-reviews')) },
              { path: 'complaints', ...page(() => import('../routes/admin-complaints')) },
              { path: 'gift-cards', ...page(() => import('../routes/admin-gift-cards')) },
              { path: 'campaigns', ...page(() => import('../routes/admin-campaigns')) },
              { path: 'import', ...page(() => import('../routes/admin-import')) },
              { path: 'returns', ...page(() => import('../routes/admin-returns')) },
              { path: 'records', ...page(() => import('../routes/admin-records')) },
              { path: 'documents', ...page(() => import('../routes/admin-documents')) },
            ],
          },
        ],
      },
      { path: '*', ...page(() => import('../routes/not-found')) },
    ],
  },
];

/**
 * Over server-rendered HTML, the current page's lazy modules are loaded before the router is
 * made, so that its first render is the page itself (what hydration must match), not the
 * fallback shown while a chunk loads.
 */
export async function resolveCurrentPage(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

/** The browser's router. */
export const createAppRouter = () => createBrowserRouter(routes);
