import { describe, expect, it } from 'vitest';
import type { Product, ReviewList } from '@shop/contract';
import { isKnownPath, planPage, renderPage } from './entry-server';
import { SETTINGS } from './test/settings';

describe('the server renderer', () => {
  it('knows the addresses the app answers; anything else is the not-found page', () => {
    for (const path of [
      '/',
      '/clothing',
      '/product/5',
      '/cart',
      '/reset-password/abc',
      '/admin/dashboard',
      '/privacy',
      '/withdrawal',
      '/withdrawal/confirm',
    ]) {
      expect(isKnownPath(path), path).toBe(true);
    }
    // `/product/abc` and `/product/0` can name no product: not found (404), as an unknown id.
    for (const path of ['/this/does/not/exist', '/product', '/clothing/extra', '/product/abc', '/product/0']) {
      expect(isKnownPath(path), path).toBe(false);
    }
  });

  it('plans a public page from its route: its module, the api answers it shows first, its fonts', () => {
    expect(planPage('/product/5', 'bg')).toEqual({
      modules: ['src/routes/product.tsx'],
      data: ['/settings', '/products/5?lang=bg', '/products/5/reviews?lang=bg&page=1'],
      fonts: ['manrope-cyrillic-wght-normal.woff2', 'cormorant-garamond-cyrillic-wght-normal.woff2'],
      variant: '',
    });
    expect(planPage('/clothing', 'en')).toEqual({
      modules: ['src/routes/clothing.tsx'],
      data: ['/settings', '/products?lang=en'],
      fonts: [],
      variant: '',
    });
    // The query parameters that change a page make it a variant of its own, normalized; others do not count.
    expect(planPage('/clothing', 'en', 'utm_source=x&size=M,L&sort=price_asc')?.variant).toBe(
      'size=M%2CL&sort=price_asc',
    );
    expect(planPage('/search', 'bg', 'q=%D1%8F%D0%BA%D0%B5')).toMatchObject({
      data: ['/settings', '/products?lang=bg&q=%D1%8F%D0%BA%D0%B5'],
      variant: 'q=%D1%8F%D0%BA%D0%B5',
    });
    expect(planPage('/cart', 'en')).toBeNull();
    expect(planPage('/nowhere', 'en')).toBeNull();
  });

  it('renders the law pages with the seller from the settings, which their plan asks for', async () => {
    for (const path of ['/privacy', '/terms', '/withdrawal']) {
      const plan = planPage(path, 'bg');
      expect(plan?.data, path).toEqual(['/settings']);
      const page = await renderPage(path, 'bg', { '/settings': SETTINGS });
      expect(page?.html, path).toContain(SETTINGS.seller.legalName);
    }
    // Cyrillic in English too (the Bulgarian model form, the authorities' names): preloaded.
    expect(planPage('/withdrawal', 'en')?.fonts).toEqual([
      'manrope-cyrillic-wght-normal.woff2',
      'cormorant-garamond-cyrillic-wght-normal.woff2',
      'cormorant-garamond-latin-wght-italic-basic.woff2',
    ]);
    expect(planPage('/privacy', 'en')?.fonts).toContain('manrope-cyrillic-wght-normal.woff2');
    const terms = await renderPage('/terms', 'en', { '/settings': SETTINGS });
    // The figures of the settings, written in the page's language and the shop's currency.
    expect(terms?.html).toContain('within 30 days of the day you');
    expect(terms?.html).toContain('€6.90');
    expect(terms?.html).toContain('€150.00');
    expect(terms?.html).toContain('kzp.bg');
    expect(terms?.html).not.toContain('ec.europa.eu/consumers/odr');
    const bgTerms = await renderPage('/terms', 'bg', { '/settings': SETTINGS });
    expect(bgTerms?.html).toContain('6,90\u00a0€');
  });
});

const PRODUCT: Product = {
  id: 7,
  name: 'Яке Елан',
  description: 'Вълнено яке с бордо подплата.',
  price: 240,
  regularPrice: 240,
  sale: null,
  categoryId: 1,
  imageUrl: '/files/jacket',
  published: true,
  translations: [
    { language: 'en', name: 'Elan Jacket', description: 'A wool jacket.', imageUrl: '/files/jacket' },
    { language: 'bg', name: 'Яке Елан', description: 'Вълнено яке с бордо подплата.', imageUrl: '/files/jacket' },
  ],
  colors: [{ id: 1, colorName: 'Onyx', colorNameBg: '', imageUrl: '/files/onyx', hoverImage: '/files/onyx-back' }],
  sizes: [{ id: 1, size: 'M' }],
  stockTracked: true,
  stock: [{ colorId: 1, size: 'M', available: 0 }],
};

describe('the head of a server-rendered page', () => {
  it('renders the withdrawal link’s page the same for every token, which the app reads once it runs', async () => {
    const page = await renderPage('/withdrawal/confirm?token=secret-token-1', 'en', {});
    expect(page?.html).toContain('Confirm your withdrawal');
    expect(page?.html).not.toContain('secret-token-1');
    expect(page?.head).not.toContain('secret-token-1');
  });

  it('gives a product page in Bulgarian its canonical, alternates, previews and Product + Offer data', async () => {
    const page = await renderPage(
      '/product/007',
      'bg',
      { '/products/7?lang=bg': PRODUCT, '/settings': SETTINGS },
      {},
      'https://shop.example',
    );
    const head = page!.head;
    expect(head).toContain('<link rel="canonical" href="https://shop.example/product/7?lang=bg">');
    expect(head).toContain('<link rel="alternate" hreflang="en" href="https://shop.example/product/7?lang=en">');
    expect(head).toContain('<link rel="alternate" hreflang="x-default" href="https://shop.example/product/7">');
    expect(head).toContain('<meta name="description" content="Вълнено яке с бордо подплата.">');
    expect(head).toContain('<meta property="og:image" content="https://shop.example/files/jacket">');
    expect(head).toContain('<meta property="og:locale" content="bg_BG">');
    const blocks = [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) =>
      JSON.parse(match[1]!),
    );
    const product = blocks.find((block) => block['@type'] === 'Product');
    expect(product).toMatchObject({
      name: 'Яке Елан',
      sku: '7',
      image: ['https://shop.example/files/jacket', 'https://shop.example/files/onyx'],
      offers: {
        price: '240.00',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/OutOfStock',
        hasMerchantReturnPolicy: { merchantReturnDays: 30, applicableCountry: 'BG' },
        shippingDetails: {
          shippingRate: { value: '4.50', currency: 'EUR' },
          // The terms: handed to the courier within 2 working days, then 1–3 working days.
          deliveryTime: { handlingTime: { minValue: 0, maxValue: 2 }, transitTime: { minValue: 1, maxValue: 3 } },
        },
      },
    });
    // Each picture once, though the first colour's is the product's own.
    const twice = await renderPage(
      '/product/7',
      'en',
      { '/products/7?lang=en': { ...PRODUCT, imageUrl: '/files/onyx' }, '/settings': SETTINGS },
      {},
      'https://shop.example',
    );
    expect(twice!.head).toContain('"image":["https://shop.example/files/onyx"]');
    const crumbs = blocks.find((block) => block['@type'] === 'BreadcrumbList');
    expect(crumbs.itemListElement.map((item: { name: string }) => item.name)).toEqual([
      'Начало',
      'Облекло',
      'Яке Елан',
    ]);
  });

  it('describes the home page with the seller as its Organization, and an information page by its intro', async () => {
    const home = await renderPage('/', 'en', { '/settings': SETTINGS }, {}, 'https://shop.example');
    expect(home!.head).toContain('<link rel="canonical" href="https://shop.example/?lang=en">');
    expect(home!.head).toContain('"@type":"Organization"');
    expect(home!.head).toContain(`"legalName":"${SETTINGS.seller.legalName}"`);
    const terms = await renderPage('/terms/', 'en', {}, {}, 'https://shop.example');
    expect(terms!.head).toContain('<link rel="canonical" href="https://shop.example/terms?lang=en">');
    expect(terms!.head).toMatch(/<meta name="description" content="These terms apply/);
    expect(terms!.head).not.toContain('ld+json');
  });
});

describe('a product page opened on a colour (a card swatch, issue 31)', () => {
  const twoColors: Product = {
    ...PRODUCT,
    colors: [
      ...PRODUCT.colors,
      { id: 2, colorName: 'Bordeaux', colorNameBg: 'Бордо', imageUrl: '/files/bordeaux', hoverImage: '/files/b-back' },
    ],
  };

  it('is a variant of its own, and the first paint shows that colour chosen', async () => {
    expect(planPage('/product/7', 'bg', 'color=2&utm_source=x')?.variant).toBe('color=2');
    const page = await renderPage('/product/7?color=2', 'bg', {
      '/products/7?lang=bg': twoColors,
      '/settings': SETTINGS,
    });
    const html = page!.html;
    expect(html).toMatch(/<button[^>]*aria-pressed="true"[^>]*>(?:(?!<\/button>).)*Бордо/);
    expect(html).not.toMatch(/<button[^>]*aria-pressed="true"[^>]*>(?:(?!<\/button>).)*Onyx/);
    // The carousel's first (eager) picture is the colour's.
    expect(html.indexOf('src="/files/bordeaux"')).toBeGreaterThan(-1);
    expect(html).not.toContain('src="/files/onyx"');
  });
});

describe("a product page's reviews (issue 31)", () => {
  const reviews: ReviewList = {
    data: [
      {
        id: 3,
        rating: 4,
        fit: 'small',
        title: 'Топло и <b>меко</b>',
        body: 'Поръчах M, стои плътно в раменете.',
        author: 'Мария П.',
        size: 'M',
        colorName: 'Оникс',
        createdAt: '2026-11-19T23:30:00.000Z',
      },
    ],
    total: 1,
    summary: { average: 4, count: 1, fit: { small: 1, true: 0, large: 0 } },
  };

  it('come with the first render: the summary, how the fit runs and the first page, as plain text', async () => {
    const page = await renderPage('/product/7', 'bg', {
      '/products/7?lang=bg': PRODUCT,
      '/products/7/reviews?lang=bg&page=1': reviews,
      '/settings': SETTINGS,
    });
    const html = page!.html;
    expect(html).toContain('Топло и &lt;b&gt;меко&lt;/b&gt;');
    expect(html).toContain('Поръчах M, стои плътно в раменете.');
    expect(html).toContain('Мария П.');
    expect(html).toMatch(/role="img" aria-label="[^"]*4[^"]*"/);
    // The shop's calendar day (Sofia), whatever the server's or the browser's clock zone.
    expect(html).toContain('dateTime="2026-11-19T23:30:00.000Z"');
    expect(html).toMatch(/20\.11\.2026|20 ное/);
  });

  it('wait offscreen: a review in Bulgarian on an English page needs no Cyrillic face for the first paint', async () => {
    const page = await renderPage('/product/7', 'en', {
      '/products/7?lang=en': PRODUCT,
      '/products/7/reviews?lang=en&page=1': reviews,
      '/settings': SETTINGS,
    });
    // The list skips its layout until it nears the screen (global.css), so its text asks for no
    // face before then, and the page's plan preloads only what the first screen shows.
    expect(page!.html).toMatch(/<ul class="[^"]*" data-offscreen="true"[^>]*>(?:(?!<\/ul>).)*Поръчах M/s);
    expect(planPage('/product/7', 'en')!.fonts ?? []).not.toContain('manrope-cyrillic-wght-normal.woff2');
    // A Bulgarian page's plan preloads it for its own text.
    expect(planPage('/product/7', 'bg')!.fonts).toContain('manrope-cyrillic-wght-normal.woff2');
  });
});
