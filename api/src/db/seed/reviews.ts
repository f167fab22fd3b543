/**
 * The demo catalogue's published reviews, by fictional buyers, so that product pages (and the
 * cards' stars) show reviews from the first start. Each is written in its buyer's language, as
 * real reviews are: the shop shows them as written, whatever the page's language.
 */
import type { ReviewFit, Size } from '@shop/contract';
import type { DemoColorName } from './catalogue-types.js';

export interface DemoBuyer {
  /** First name and surname: the product page shows the first name and the initial. */
  name: string;
  email: string;
  locale: 'en' | 'bg';
}

export interface DemoReview {
  /** The product's `SeedProduct.key`. */
  product: string;
  buyer: DemoBuyer;
  rating: 1 | 2 | 3 | 4 | 5;
  fit: ReviewFit | null;
  title: string;
  body: string;
  /** What they bought: one of the product's sizes and colours. */
  size: Size;
  color: DemoColorName;
  /** How long before the seed it was written (newest first on the page). */
  daysAgo: number;
}

const buyer = (name: string, email: string, locale: DemoBuyer['locale']): DemoBuyer => ({
  name,
  email: `${email}@example.com`,
  locale,
});
const elena = buyer('Елена Димитрова', 'elena.dimitrova.demo', 'bg');
const georgi = buyer('Георги Иванов', 'georgi.ivanov.demo', 'bg');
const claire = buyer('Claire Whitmore', 'claire.whitmore.demo', 'en');
const tom = buyer('Tom Barker', 'tom.barker.demo', 'en');
const viktoria = buyer('Виктория Колева', 'viktoria.koleva.demo', 'bg');

export const DEMO_REVIEWS: readonly DemoReview[] = [
  {
    product: 'elegance-noir-silk-bomber',
    buyer: elena,
    rating: 5,
    fit: 'true',
    title: 'Коприната е още по-хубава на живо',
    body: 'Поръчах M при ръст 168 см и стои точно както на снимките: свободно, но не торбесто. Ципът е тежък и върви гладко, маншетите държат формата си и след пране.',
    size: 'M',
    color: 'Onyx',
    daysAgo: 4,
  },
  {
    product: 'elegance-noir-silk-bomber',
    buyer: claire,
    rating: 4,
    fit: 'large',
    title: 'Beautiful sheen, roomy cut',
    body: 'The silk has a lovely weight and the gold tipping on the collar looks expensive. It runs a little big: I am usually an S and the XS would have been enough for a neater look.',
    size: 'S',
    color: 'Champagne',
    daysAgo: 11,
  },
  {
    product: 'elegance-noir-silk-bomber',
    buyer: georgi,
    rating: 5,
    fit: 'true',
    title: 'Нося го почти всеки ден',
    body: 'Взех L, 183 см и 98 см гръдна обиколка – раменете са точно, ръкавите малко по-дълги, което ми харесва. Джобът на ръкава е удобен за ключове.',
    size: 'L',
    color: 'Onyx',
    daysAgo: 19,
  },
  {
    product: 'elegance-noir-silk-bomber',
    buyer: tom,
    rating: 4,
    fit: 'true',
    title: 'Smart enough for the office',
    body: 'Wears well over a shirt and with tailored trousers. Took my usual M and it fits as the size table says. Only wish the inside pocket were a touch deeper.',
    size: 'M',
    color: 'Bordeaux',
    daysAgo: 33,
  },
  {
    product: 'elegance-midnight-slip-dress',
    buyer: viktoria,
    rating: 5,
    fit: 'true',
    title: 'Пада красиво',
    body: 'Сатенът не се мачка, презрамките се регулират. Нося S и стои точно по тялото, без да опъва.',
    size: 'S',
    color: 'Midnight',
    daysAgo: 8,
  },
  {
    product: 'pump-cover-heavyweight-hoodie',
    buyer: tom,
    rating: 5,
    fit: 'small',
    title: 'Heavy and warm, size up for the gym',
    body: 'Proper heavyweight cotton that keeps its shape. Across the shoulders it is snug over a pump: I would take one size up next time.',
    size: 'L',
    color: 'Olive',
    daysAgo: 6,
  },
];
