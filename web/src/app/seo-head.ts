import type { TFunction } from 'i18next';
import { LANGUAGES, type Language, type Product, type Settings } from '@shop/contract';

/**
 * What a search engine or a link preview reads in a server-rendered page's <head>
 * (docs/decisions/0023): a description, the page's address in each language, Open Graph and
 * Twitter tags, and structured data (JSON-LD) on the home page and product pages.
 */
export interface HeadInput {
  /** The page's route pattern: '' for the home page, 'product/:productId', 'terms'… */
  route: string;
  /** The canonical path, without the language: '/', '/product/12'. */
  path: string;
  lang: Language;
  t: TFunction;
  title: string;
  /** The public origin (PUBLIC_URL): every address in the head is absolute. */
  origin: string;
  product?: Product | undefined;
  settings?: Settings | undefined;
}

/** The locale string that describes each information page (its lead or intro). */
const DESCRIPTIONS: Record<string, string> = {
  '': 'home.hero.lead',
  clothing: 'clothing.lead',
  sale: 'sale.lead',
  materials: 'materials.intro',
  inspiration: 'inspiration.intro',
  terms: 'terms.intro',
  'about-us': 'about.intro',
  'contact-us': 'contact.intro',
  faqs: 'faqs.intro',
  privacy: 'privacy.intro',
  withdrawal: 'withdrawal.intro',
  'legal-guarantee': 'legalGuarantee.intro',
  accessibility: 'accessibility.intro',
};

const OG_LOCALES: Record<Language, string> = { en: 'en_US', bg: 'bg_BG' };
const BRAND = 'Atelier Noir';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const attribute = (value: string) => value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
/** JSON inside <script>: nothing in it can close the element or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

const meta = (key: 'name' | 'property', name: string, content: string) =>
  `<meta ${key}="${name}" content="${attribute(content)}">`;

/** A description of at most ~160 characters, cut at a word. */
function short(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= 160) return flat;
  const cut = flat.slice(0, 157);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 100 ? cut.lastIndexOf(' ') : 157)}…`;
}

const absolute = (origin: string, url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url}`);

/** The shop's calendar day of an instant, YYYY-MM-DD: the shop trades on Sofia's clock. */
function shopDay(iso: string): string {
  const parts = new Intl.DateTimeFormat('en', {
    timeZone: 'Europe/Sofia',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** In stock when untracked, or when some colour and size has some left. */
const inStock = (product: Product) => !product.stockTracked || product.stock.some((entry) => entry.available > 0);

function manufacturerData(product: Product, settings: Settings | undefined) {
  const seller = settings?.seller;
  const maker =
    product.manufacturer ??
    (seller?.legalName ? { name: seller.legalName, address: seller.address, email: seller.email } : null);
  if (!maker) return {};
  return {
    manufacturer: {
      '@type': 'Organization',
      name: maker.name,
      ...(maker.address ? { address: maker.address } : {}),
      ...(maker.email ? { email: maker.email } : {}),
    },
  };
}

function productData(input: HeadInput, product: Product, url: string) {
  const { origin, settings, lang, t } = input;
  const currency = settings?.currency ?? 'USD';
  const seller = settings?.seller.legalName || BRAND;
  // Every colour's pictures (issue 31); the first colour's is often the product's own: each picture once.
  const pictures = product.colors.flatMap((color) => color.images ?? [color.imageUrl]);
  const images = [...new Set([product.imageUrl, ...pictures].filter(Boolean))].map((image) => absolute(origin, image));
  const offer: Record<string, unknown> = {
    '@type': 'Offer',
    url,
    price: product.price.toFixed(2),
    priceCurrency: currency,
    availability: `https://schema.org/${inStock(product) ? 'InStock' : 'OutOfStock'}`,
    itemCondition: 'https://schema.org/NewCondition',
    seller: { '@type': 'Organization', name: seller },
  };
  // During a sale `price` is the sale price; a sale with an end says until when it holds.
  if (product.sale?.endsAt) offer.priceValidUntil = shopDay(product.sale.endsAt);
  if (settings) {
    offer.hasMerchantReturnPolicy = {
      '@type': 'MerchantReturnPolicy',
      applicableCountry: 'BG',
      returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
      merchantReturnDays: settings.returnDays,
      returnMethod: 'https://schema.org/ReturnByMail',
      returnFees: 'https://schema.org/ReturnShippingFees',
    };
    offer.shippingDetails = {
      '@type': 'OfferShippingDetails',
      shippingRate: { '@type': 'MonetaryAmount', value: settings.delivery.officePrice.toFixed(2), currency },
      shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'BG' },
      deliveryTime: {
        '@type': 'ShippingDeliveryTime',
        // As the terms' delivery section says: handed to the courier within 2 working days,
        // then 1–3 working days in Bulgaria.
        handlingTime: { '@type': 'QuantitativeValue', minValue: 0, maxValue: 2, unitCode: 'DAY' },
        transitTime: { '@type': 'QuantitativeValue', minValue: 1, maxValue: 3, unitCode: 'DAY' },
        businessDays: {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((day) => `https://schema.org/${day}`),
        },
      },
    };
  }
  const item = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${url}#product`,
    // The style code is the product identifier (issue 31); a product without one keeps its id.
    sku: product.styleCode ?? String(product.id),
    ...(product.styleCode ? { productID: product.styleCode } : {}),
    name: product.name,
    description: product.description,
    image: images,
    brand: { '@type': 'Brand', name: BRAND },
    // Who made it, with a postal and an electronic address (Regulation (EU) 2023/988, Art. 19):
    // the product's own manufacturer, else the seller (decision 0054).
    ...manufacturerData(product, settings),
    offers: offer,
    // The published reviews' stars, once there is one (issue 31).
    ...(product.rating
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rating.average,
            reviewCount: product.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
  const breadcrumbs = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { name: t('nav.home'), path: '/' },
      { name: t('nav.clothing'), path: '/clothing' },
      { name: product.name, path: input.path },
    ].map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: `${origin}${crumb.path}?lang=${lang}`,
    })),
  };
  return [item, breadcrumbs];
}

function organizationData(input: HeadInput) {
  const { origin, settings } = input;
  const seller = settings?.seller;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: BRAND,
    ...(seller?.legalName ? { legalName: seller.legalName } : {}),
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    ...(seller?.email ? { email: seller.email } : {}),
    ...(seller?.phone ? { telephone: seller.phone } : {}),
    ...(seller?.address ? { address: seller.address } : {}),
    ...(seller?.vatId ? { vatID: seller.vatId } : {}),
  };
}

/** The tags to put in the page's <head>. */
export function pageHead(input: HeadInput): string {
  const { origin, path, lang, t, title, product } = input;
  const url = `${origin}${path}?lang=${lang}`;
  const description = short(
    product
      ? product.description || product.name
      : t(DESCRIPTIONS[input.route] ?? 'home.hero.lead', {
          defaultValue: t('home.hero.lead'),
          returnDays: input.settings?.returnDays ?? 14,
        }),
  );
  const image = product ? absolute(origin, product.imageUrl) : undefined;
  const tags = [
    meta('name', 'description', description),
    `<link rel="canonical" href="${attribute(url)}">`,
    ...LANGUAGES.map(
      (other) => `<link rel="alternate" hreflang="${other}" href="${attribute(`${origin}${path}?lang=${other}`)}">`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${attribute(`${origin}${path}`)}">`,
    meta('property', 'og:type', product ? 'product' : 'website'),
    meta('property', 'og:site_name', BRAND),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', OG_LOCALES[lang]),
    ...LANGUAGES.filter((other) => other !== lang).map((other) =>
      meta('property', 'og:locale:alternate', OG_LOCALES[other]),
    ),
    ...(image ? [meta('property', 'og:image', image), meta('property', 'og:image:alt', product!.name)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
  ];
  const structured = product ? productData(input, product, url) : input.route === '' ? [organizationData(input)] : [];
  for (const data of structured) tags.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  return tags.join('');
}
