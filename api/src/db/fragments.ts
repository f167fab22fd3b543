import { DEFAULT_LANGUAGE, SIZES, type Language } from '@shop/contract';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { products, productTranslations } from './schema.js';

/**
 * The shop's rules that raw statements share, written once from the schema's columns and the
 * contract's constants. Each takes the alias the statement gives the table (`p` for products,
 * `t` for product_translations by default).
 */
const column = (alias: string, name: string) => sql`${sql.identifier(alias)}.${sql.identifier(name)}`;

/**
 * `column` is one of `ids`, sent as one array parameter (`= any($1::int[])`) rather than one
 * parameter per id (`in ($1, …, $50)`): Drizzle builds and types every parameter, which cost a
 * page of 50 orders more CPU than its statements took to run (decision 0068).
 */
export const oneOf = (column: SQLWrapper, ids: readonly number[]): SQL => sql`${column} = any(${intArray(ids)}::int[])`;

/** Ids as one array parameter's text (`{1,2}`), for `any($ids::int[])`. */
export const intArray = (ids: readonly number[]): string => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/** A product shoppers may see and buy: published and not deleted. */
export const onSale = (alias = 'p'): SQL =>
  sql`${column(alias, products.publishedAt.name)} is not null and ${column(alias, products.deletedAt.name)} is null`;

/** Translations in the order one is chosen: the wanted language, else English, else any. */
export const translationPreference = (lang: Language | SQL, alias = 't'): SQL => {
  const language = column(alias, productTranslations.language.name);
  return sql`${language} = ${lang} desc, ${language} = ${DEFAULT_LANGUAGE} desc, ${language}`;
};

/** The name shown for product `productAlias` in `lang` (see translationPreference), or ''. */
export const productName = (lang: Language | SQL, productAlias = 'p'): SQL =>
  sql`coalesce((select t.name from product_translations t where t.product_id = ${column(productAlias, products.id.name)}
    order by ${translationPreference(lang)} limit 1), '')`;

/**
 * What shoppers may still buy of a variant, from its product_stock row `alias` (left-joined: a
 * missing row is none): on hand less what checkouts hold, never below 0.
 */
export const availableStock = (alias = 'ps'): SQL =>
  sql`greatest(coalesce(${sql.identifier(alias)}.on_hand, 0) - coalesce(${sql.identifier(alias)}.reserved, 0), 0)`;

/** Whether product `productAlias` still comes in `size` (an admin may have removed it). */
export const sizeOffered = (size: SQL, productAlias = 'p'): SQL =>
  sql`exists (select 1 from product_sizes s where s.product_id = ${sql.identifier(productAlias)}.id and s.size = ${size})`;

/** A size's place in the spec's order (XS … XXL), for `order by`. */
export const sizeOrder = (size: SQL): SQL =>
  sql`array_position(array[${sql.join(
    SIZES.map((name) => sql`${name}`),
    sql`, `,
  )}]::varchar[], ${size})`;

/**
 * Whether sale row `alias` of product `productAlias` is in force now: started, not ended, and below
 * the regular price (a regular price lowered under a sale's leaves nothing to announce).
 */
export const saleInForce = (alias = 's', productAlias = 'p'): SQL => {
  const sale = sql.identifier(alias);
  return sql`${sale}.starts_at <= now() and (${sale}.ends_at is null or ${sale}.ends_at > now())
    and ${sale}.price_cents < ${sql.identifier(productAlias)}.price_cents`;
};

/**
 * The sale in force of product `productAlias` as JSON `{ price, prior, endsAt }` (price and prior
 * in cents), or NULL: read with `saleOf` (db/sale-rows.ts).
 */
export const saleNow = (productAlias = 'p'): SQL =>
  sql`(select json_build_object('price', s.price_cents, 'prior', s.prior_price_cents, 'endsAt', s.ends_at)
     from product_sales s where s.product_id = ${sql.identifier(productAlias)}.id and ${saleInForce('s', productAlias)}
     order by s.starts_at desc limit 1)`;

/** What a shopper pays now for product `productAlias`, in cents: the sale price in force, else the regular price. */
export const paidPrice = (productAlias = 'p'): SQL => {
  const product = sql.identifier(productAlias);
  return sql`coalesce((select s.price_cents from product_sales s where s.product_id = ${product}.id and ${saleInForce('s', productAlias)}
     order by s.starts_at desc limit 1), ${product}.price_cents)`;
};

/**
 * The colours of product `productAlias` as the contract's `Color[]` JSON (null when it has none),
 * in the editor's order, each with its pictures in order: what every product card shows as
 * swatches (catalogue lists, the product page, the wishlist).
 */
export const colorsJson = (productAlias = 'p'): SQL =>
  sql`(select json_agg(json_build_object('id', c.id, 'colorName', c.color_name, 'colorNameBg', c.color_name_bg,
        'imageUrl', c.image_url, 'hoverImage', c.hover_image,
        'images', array(select u.url from (select c.image_url as url, 0 as position where c.image_url <> ''
          union all select i.url, i.position from product_color_images i where i.color_id = c.id) u
          order by u.position)) order by c.position, c.id)
     from product_colors c where c.product_id = ${sql.identifier(productAlias)}.id)`;
