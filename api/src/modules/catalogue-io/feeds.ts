import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import {
  FEED_ATTRIBUTES,
  FEED_REQUIREMENTS,
  META_FEED_REQUIREMENTS,
  type FeedAttribute,
  type FeedCheck,
  type FeedRequirement,
  type FeedService,
  type Language,
} from '@shop/contract';
import type { Db } from '../../db/client.js';
import { escapeHtml } from '../../lib/format.js';
import { settingsRow } from '../settings/service.js';
import { lockerCents } from '../settings/service.js';
import { catalogueBatches, colourIn, imagesOf, textsIn, type VariantRow } from './catalogue-rows.js';

/**
 * Product feeds for ads (YEAR.md section 5): Google Merchant Center (RSS 2.0 with its `g:` names)
 * and a Meta catalogue (CSV), one item per colour × size of a published product, from the same
 * prices, sales and stock the storefront shows (the catalogue's own reads).
 */

/** The shop's brand, unless a product names its manufacturer. */
export const SHOP_BRAND = 'Atelier Noir';
/** Who the clothes are for: the shop sells women's clothing for adults (Google's and Meta's words). */
export const FEED_AUDIENCE = { gender: 'female', ageGroup: 'adult' } as const;
/** Where the shop delivers, as the feeds name it (ISO 3166-1). */
const COUNTRY = 'BG';
/** Google takes at most 10 additional images, Meta 20. */
const MAX_ADDITIONAL_IMAGES = 10;

export interface FeedContext {
  publicUrl: string;
  currency: string;
  lang: Language;
}

/** One item of a feed, in Google's names (Meta's are the same, some values spelt otherwise). */
export interface FeedItem {
  id: string;
  item_group_id: string;
  title: string;
  description: string;
  link: string;
  image_link: string;
  additional_image_link: string[];
  availability: 'in_stock' | 'out_of_stock';
  price: string;
  sale_price: string;
  sale_price_effective_date: string;
  brand: string;
  color: string;
  size: string;
  size_system: 'EU';
  gender: string;
  age_group: string;
  condition: 'new';
  gtin: string;
  identifier_exists: '' | 'no';
  material: string;
  shipping: { service: string; price: string }[];
}

/** `2026-11-29T10:00Z`: the minutes and the zone Google and Meta read (ISO 8601). */
const minuteOf = (iso: string) => `${iso.slice(0, 16)}Z`;

const amount = (cents: number, currency: string) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')} ${currency}`;

interface Shipping {
  services: { service: string; cents: number }[];
  freeFromCents: number | null;
}

/**
 * A variant as a feed item. The sale is the one in force (its price is what the page shows), or
 * one to come that has an end (both services apply it between its dates); a sale without an end is
 * sent once it starts: the sale clock rebuilds the feed at that minute.
 */
export function feedItem(row: VariantRow, shipping: Shipping, { publicUrl, currency, lang }: FeedContext): FeedItem {
  const { product } = row;
  const texts = textsIn(product, lang);
  const images = imagesOf(row.color).map((url) => (url.startsWith('/') ? `${publicUrl}${url}` : url));
  const scheduled = product.scheduledSale ?? null;
  const inForce = product.sale !== null;
  const upcoming =
    !inForce && scheduled && scheduled.endsAt !== null && scheduled.price < product.regularPrice ? scheduled : null;
  const salePrice = inForce ? product.price : upcoming ? upcoming.price : null;
  const window = inForce ? scheduled : upcoming;
  const effective =
    salePrice !== null && window?.endsAt ? `${minuteOf(window.startsAt)}/${minuteOf(window.endsAt)}` : '';
  const paid = salePrice ?? product.regularPrice;
  const free = shipping.freeFromCents !== null && paid >= shipping.freeFromCents;
  const color = colourIn(row, lang);
  const group = product.styleCode ?? `P${product.id}`;
  return {
    id: row.sku || `${group}-C${row.color.id}-${row.size}`,
    item_group_id: group,
    title: `${texts.name} – ${color} – ${row.size}`,
    description: texts.description || texts.name,
    link: `${publicUrl}/product/${product.id}?color=${row.color.id}&size=${row.size}&lang=${lang}`,
    image_link: images[0] ?? '',
    additional_image_link: images.slice(1, 1 + MAX_ADDITIONAL_IMAGES),
    availability: row.available === null || row.available > 0 ? 'in_stock' : 'out_of_stock',
    price: amount(product.regularPrice, currency),
    sale_price: salePrice === null ? '' : amount(salePrice, currency),
    sale_price_effective_date: effective,
    brand: product.manufacturer?.name || SHOP_BRAND,
    color,
    size: row.size,
    size_system: 'EU',
    gender: FEED_AUDIENCE.gender,
    age_group: FEED_AUDIENCE.ageGroup,
    condition: 'new',
    gtin: row.gtin,
    identifier_exists: row.gtin ? '' : 'no',
    material: texts.composition.slice(0, 200),
    shipping: shipping.services.map(({ service, cents }) => ({
      service,
      price: amount(free ? 0 : cents, currency),
    })),
  };
}

async function shippingOf(db: Db, lang: Language): Promise<Shipping> {
  const row = await settingsRow(db);
  const names =
    lang === 'bg'
      ? { address: 'До адрес', office: 'До офис', locker: 'До автомат' }
      : { address: 'To an address', office: 'To an office', locker: 'To a locker' };
  return {
    services: [
      { service: names.office, cents: row.deliveryOfficeCents },
      { service: names.locker, cents: lockerCents(row) },
      { service: names.address, cents: row.deliveryAddressCents },
    ],
    freeFromCents: row.freeDeliveryFromCents,
  };
}

/**
 * What Google Merchant Center would refuse the item for lacking (its product data specification:
 * every item, and an apparel item's colour, size, gender and age group; decision 0066).
 */
export function missingForGoogle(item: FeedItem): FeedRequirement[] {
  return FEED_REQUIREMENTS.filter((name) =>
    name === 'gtin' ? item.gtin === '' && item.identifier_exists !== 'no' : item[name].trim() === '',
  );
}

/**
 * What a Meta catalogue would refuse the item for lacking (Meta's catalogue fields: decision 0072);
 * a brand may be given by a GTIN instead.
 */
export function missingForMeta(item: FeedItem): FeedAttribute[] {
  return META_FEED_REQUIREMENTS.filter((name) =>
    name === 'brand' ? item.brand.trim() === '' && item.gtin === '' : item[name].trim() === '',
  );
}

/** What each service would refuse an item for lacking: its feed leaves such an item out. */
export const MISSING_FOR: Record<FeedService, (item: FeedItem) => FeedAttribute[]> = {
  google: missingForGoogle,
  meta: missingForMeta,
};

/** How many examples of left-out items the admin's check names. */
const EXAMPLES = 20;

/** A service's feed's items in `context.lang`: how many it leaves out, and why (the admin's check). */
export async function feedCheck(db: Db, context: FeedContext, service: FeedService): Promise<FeedCheck> {
  const counts = new Map<FeedAttribute, number>();
  const check: FeedCheck = { lang: context.lang, service, items: 0, leftOut: 0, missing: [], examples: [] };
  for await (const items of feedItems(db, context))
    for (const item of items) {
      check.items += 1;
      const missing = MISSING_FOR[service](item);
      if (missing.length === 0) continue;
      check.leftOut += 1;
      for (const name of missing) counts.set(name, (counts.get(name) ?? 0) + 1);
      if (check.examples.length < EXAMPLES) check.examples.push({ id: item.id, title: item.title, missing });
    }
  check.missing = FEED_ATTRIBUTES.filter((name) => counts.has(name)).map((attribute) => ({
    attribute,
    items: counts.get(attribute)!,
  }));
  return check;
}

async function* feedItems(db: Db, context: FeedContext): AsyncGenerator<FeedItem[]> {
  const shipping = await shippingOf(db, context.lang);
  for await (const batch of catalogueBatches(db, { published: true })) {
    yield batch.flatMap(({ variants }) => variants.map((row) => feedItem(row, shipping, context)));
  }
}

/** XML 1.0 has no place for most control characters: a stray one would make the whole feed invalid. */
// eslint-disable-next-line no-control-regex -- removing them is the point
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const xmlText = (value: string) => escapeHtml(value.replace(NOT_IN_XML, ''));

const element = (name: string, value: string) => (value === '' ? '' : `<g:${name}>${xmlText(value)}</g:${name}>`);

function googleItem(item: FeedItem): string {
  const scalar = (
    [
      'id',
      'item_group_id',
      'title',
      'description',
      'link',
      'image_link',
      'availability',
      'price',
      'sale_price',
      'sale_price_effective_date',
      'brand',
      'color',
      'size',
      'size_system',
      'gender',
      'age_group',
      'condition',
      'gtin',
      'identifier_exists',
      'material',
    ] as const
  )
    .map((name) => element(name, item[name]))
    .join('');
  const images = item.additional_image_link.map((url) => element('additional_image_link', url)).join('');
  const shipping = item.shipping
    .map(
      ({ service, price }) =>
        `<g:shipping>${element('country', COUNTRY)}${element('service', service)}${element('price', price)}</g:shipping>`,
    )
    .join('');
  return `<item>${scalar}${images}${shipping}</item>\n`;
}

/**
 * `GET /feeds/google.xml`: Google Merchant Center's RSS 2.0, streamed a batch of products at a
 * time, without the items it would refuse.
 */
export function googleFeed(db: Db, context: FeedContext): Readable {
  async function* chunks() {
    const title = context.lang === 'bg' ? `${SHOP_BRAND} — продукти` : `${SHOP_BRAND} — products`;
    yield [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
      `<channel><title>${xmlText(title)}</title><link>${xmlText(`${context.publicUrl}/?lang=${context.lang}`)}</link>`,
      `<description>${xmlText(title)}</description>`,
      '',
    ].join('\n');
    // An item Merchant Center would refuse is left out (the admin's feed check counts them).
    for await (const items of feedItems(db, context))
      yield items
        .filter((item) => missingForGoogle(item).length === 0)
        .map(googleItem)
        .join('');
    yield '</channel>\n</rss>\n';
  }
  return Readable.from(chunks());
}

/** Meta's catalogue columns (the names Google uses; `shipping` as COUNTRY:REGION:SERVICE:PRICE). */
export const META_COLUMNS = [
  'id',
  'item_group_id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'sale_price',
  'sale_price_effective_date',
  'link',
  'image_link',
  'additional_image_link',
  'brand',
  'color',
  'size',
  'size_system',
  'gender',
  'age_group',
  'gtin',
  'identifier_exists',
  'material',
  'shipping',
] as const;

function metaRow(item: FeedItem): string[] {
  return META_COLUMNS.map((column) => {
    switch (column) {
      case 'availability':
        return item.availability === 'in_stock' ? 'in stock' : 'out of stock';
      case 'additional_image_link':
        return item.additional_image_link.join(',');
      case 'shipping':
        return item.shipping.map(({ service, price }) => `${COUNTRY}::${service}:${price}`).join(',');
      default:
        return item[column];
    }
  });
}

/**
 * `GET /feeds/meta.csv`: a Meta catalogue (Commerce Manager) as CSV, streamed a batch at a time,
 * without the items it would refuse (the admin's feed check counts them).
 */
export function metaFeed(db: Db, context: FeedContext): Readable {
  async function* chunks() {
    yield stringify([[...META_COLUMNS]], { record_delimiter: '\n' });
    for await (const items of feedItems(db, context)) {
      const sent = items.filter((item) => missingForMeta(item).length === 0);
      if (sent.length > 0) yield stringify(sent.map(metaRow), { record_delimiter: '\n' });
    }
  }
  return Readable.from(chunks());
}
