import { LANGUAGES } from '@shop/contract';
import { asc, eq, getTableName, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { onSale } from '../../db/fragments.js';
import { products, recalls, shopSettings } from '../../db/schema.js';
import { escapeHtml } from '../../lib/format.js';

/** The public pages a crawler should know, besides the products (every one in both languages). */
export const PUBLIC_PAGES = [
  '/',
  '/clothing',
  '/sale',
  '/materials',
  '/inspiration',
  '/about-us',
  '/contact-us',
  '/faqs',
  '/terms',
  '/privacy',
  '/withdrawal',
  '/legal-guarantee',
  '/accessibility',
] as const;

/** Where crawlers have no business: the api, the admin screens and every shopper's own pages. */
export const CRAWLERS_KEEP_OUT = [
  '/api/',
  '/admin',
  '/cart',
  '/checkout',
  '/profile',
  '/pay/',
  '/wishlist',
  '/my-order',
];

interface Entry {
  path: string;
  lastmod: Date | null;
}

/** The address of a page in one language: `?lang=` wins over the cookie (docs/decisions/0023). */
const address = (publicUrl: string, path: string, lang: string) => `${publicUrl}${path}?lang=${lang}`;

function urlElement(publicUrl: string, entry: Entry, lang: string): string {
  const alternates = [
    ...LANGUAGES.map((other) => [other, address(publicUrl, entry.path, other)] as const),
    ['x-default', `${publicUrl}${entry.path}`] as const,
  ]
    .map(([hreflang, href]) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}"/>`)
    .join('');
  const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : '';
  return `<url><loc>${escapeHtml(address(publicUrl, entry.path, lang))}</loc>${lastmod}${alternates}</url>`;
}

/**
 * `sitemap.xml`: every public page, recall notice (and their list, once there is one) and
 * published product, in each language at its own address, with its alternates. A product's `lastmod` is its last change (a sale starting or ending
 * included); the catalogue pages', the
 * newest product's; the information pages', the settings' (they show the seller and prices).
 */
export async function buildSitemap(db: Db, publicUrl: string): Promise<string> {
  const [productRows, [settings], recallRows] = await Promise.all([
    db
      .select({
        id: products.id,
        // A sale's start or end changes the page's price: the latest that has passed counts too.
        updatedAt: sql<Date>`greatest(products.updated_at, (select max(greatest(s.starts_at,
            case when s.ends_at <= now() then s.ends_at end))
          from product_sales s where s.product_id = products.id and s.starts_at <= now()))`.mapWith(products.updatedAt),
      })
      .from(products)
      .where(onSale(getTableName(products)))
      .orderBy(products.id),
    db.select({ updatedAt: shopSettings.updatedAt }).from(shopSettings).where(eq(shopSettings.id, 1)),
    db.select({ id: recalls.id, createdAt: recalls.createdAt }).from(recalls).orderBy(asc(recalls.id)),
  ]);
  const productsOnSale = productRows.map((row) => ({ path: `/product/${row.id}`, lastmod: row.updatedAt }));
  const newest = productsOnSale.reduce<Date | null>(
    (latest, entry) => (!latest || entry.lastmod > latest ? entry.lastmod : latest),
    null,
  );
  const information = settings?.updatedAt ?? null;
  const pages: Entry[] = PUBLIC_PAGES.map((path) => ({
    path,
    lastmod: path === '/' || path === '/clothing' || path === '/sale' ? newest : information,
  }));
  // The product safety recalls (decision 0059): their list once one is published, and each notice.
  const notices = recallRows.map((row) => ({ path: `/recalls/${row.id}`, lastmod: row.createdAt }));
  const recallPages: Entry[] =
    notices.length > 0 ? [{ path: '/recalls', lastmod: notices.at(-1)!.lastmod }, ...notices] : [];
  const urls = [...pages, ...recallPages, ...productsOnSale].flatMap((entry) =>
    LANGUAGES.map((lang) => urlElement(publicUrl, entry, lang)),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function buildRobots(publicUrl: string): string {
  return [
    'User-agent: *',
    ...CRAWLERS_KEEP_OUT.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
