import { describe, expect, it } from 'vitest';
import type { Product, Settings } from '@shop/contract';
import { renderPage } from './entry-server';
import { SETTINGS } from './test/settings';

/** A shop that gives 30 days to withdraw and takes cards but no cash on delivery. */
const SHOP: Settings = { ...SETTINGS, returnDays: 30, cod: { ...SETTINGS.cod, enabled: false } };

const PRODUCT: Product = {
  id: 7,
  name: 'Elan Jacket',
  description: 'A wool jacket.',
  price: 240,
  regularPrice: 240,
  sale: null,
  categoryId: 1,
  imageUrl: '/files/jacket',
  published: true,
  translations: [],
  colors: [{ id: 1, colorName: 'Onyx', colorNameBg: '', imageUrl: '/files/onyx', hoverImage: '/files/onyx-back' }],
  sizes: [{ id: 1, size: 'M' }],
  stockTracked: true,
  stock: [{ colorId: 1, size: 'M', available: 3 }],
};

/** The page's visible text, without tags. */
const textOf = (html: string | undefined) => (html ?? '').replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'");

describe('server-rendered pages take the withdrawal period and cash on delivery from the settings', () => {
  it.each(['en', 'bg'] as const)('say 30 days and promise no cash on delivery when it is off (%s)', async (lang) => {
    const pages = await Promise.all([
      renderPage('/', lang, { '/settings': SHOP }),
      renderPage('/faqs', lang, { '/settings': SHOP }),
      renderPage('/product/7', lang, { '/settings': SHOP, [`/products/7?lang=${lang}`]: PRODUCT }),
    ]);
    const [home = '', faqs = '', product = ''] = pages.map((page) => textOf(page?.html));
    const days = lang === 'en' ? '30 days' : '30 дни';
    const cod = lang === 'en' ? /cash on delivery/i : /наложен платеж/i;
    // The banner (on every page), the FAQ's returns answer, the product page's note.
    expect(home).toContain(
      lang === 'en' ? 'Pay by card; 30 days to change your mind.' : 'Плащане с карта; 30 дни да размислите.',
    );
    expect(faqs).toContain(lang === 'en' ? 'within 30 days of delivery' : 'в срок от 30 дни от доставката');
    expect(product).toContain(
      lang === 'en' ? '30 days to change your mind after delivery.' : '30 дни след доставката, за да размислите.',
    );
    for (const page of [home, faqs, product]) {
      expect(page).toContain(days);
      expect(page).not.toMatch(lang === 'en' ? /\b14 days to change/ : /\b14 дни да размислите/);
      expect(page.replace(/no cash on delivery|не предлагаме наложен платеж/gi, '')).not.toMatch(cod);
    }
  });

  it('names cash on delivery only when the shop offers it', async () => {
    const cardAndCod = textOf((await renderPage('/faqs', 'en', { '/settings': SETTINGS }))?.html);
    expect(cardAndCod).toContain('Pay by card or in cash on delivery; 30 days to change your mind.');
    expect(cardAndCod).toMatch(/or cash on delivery to the courier/);
    const codOnly = { ...SETTINGS, payments: { card: false } };
    const cod = textOf((await renderPage('/faqs', 'en', { '/settings': codOnly }))?.html);
    expect(cod).toContain('Pay in cash on delivery; 30 days to change your mind.');
  });
});
