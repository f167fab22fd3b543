import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products, recalls } from '../../db/schema.js';
import { heard } from '../../test/app.js';
import { createProduct } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';

const t = useTestApp();

/** The `<loc>`s of the sitemap, after checking it is one well-formed urlset. */
async function locations(): Promise<string[]> {
  const answer = await t.app.inject('/sitemap.xml');
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toBe('application/xml; charset=utf-8');
  const xml = answer.body;
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset ')).toBe(true);
  expect(xml.trim().endsWith('</urlset>')).toBe(true);
  expect(xml.match(/<url>/g)?.length).toBe(xml.match(/<\/url>/g)?.length);
  // Every `&` is escaped (the one thing that breaks XML in a URL list).
  expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|#39;)/);
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
}

describe('GET /sitemap.xml', () => {
  it('lists every public page and exactly the published products, in both languages, with alternates and lastmod', async () => {
    const shown = await createProduct(t.db);
    const draft = await createProduct(t.db, { published: false });
    await heard(t.app);
    const locs = await locations();
    expect(locs).toContain('http://shop.test/?lang=en');
    expect(locs).toContain('http://shop.test/clothing?lang=bg');
    expect(locs).toContain('http://shop.test/privacy?lang=bg');
    expect(locs).toContain('http://shop.test/legal-guarantee?lang=bg');
    expect(locs).toContain('http://shop.test/accessibility?lang=en');
    // No recall published: their list is not a page to crawl yet.
    expect(locs.some((loc) => loc.includes('/recalls'))).toBe(false);
    expect(locs).toContain(`http://shop.test/product/${shown.id}?lang=en`);
    expect(locs).toContain(`http://shop.test/product/${shown.id}?lang=bg`);
    expect(locs.filter((loc) => loc.includes('/product/'))).toHaveLength(2);
    expect(locs.some((loc) => loc.includes(`/product/${draft.id}?`))).toBe(false);
    const xml = (await t.app.inject('/sitemap.xml')).body;
    const entry = xml.split('<url>').find((url) => url.includes(`/product/${shown.id}?lang=bg</loc>`))!;
    expect(entry).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T/);
    expect(entry).toContain(`hreflang="en" href="http://shop.test/product/${shown.id}?lang=en"`);
    expect(entry).toContain(`hreflang="x-default" href="http://shop.test/product/${shown.id}"`);
  });

  it('lists the recalls and each notice once one is published', async () => {
    await locations(); // built and kept before the recall
    const text = { en: 'Recall', bg: 'Изземване' };
    const [row] = await t.db
      .insert(recalls)
      .values({
        productId: 1,
        title: text,
        hazard: text,
        remedy: text,
        product: { name: text, styleCode: '', imageUrl: '', brand: '' },
        contact: { name: '', email: '', phone: '', address: '' },
      })
      .returning({ id: recalls.id });
    await heard(t.app);
    const locs = await locations();
    expect(locs).toContain('http://shop.test/recalls?lang=en');
    expect(locs).toContain(`http://shop.test/recalls/${row!.id}?lang=bg`);
    expect(locs).toContain(`http://shop.test/recalls/${row!.id}?lang=en`);
  });

  it('follows the catalogue: a deleted product disappears', async () => {
    const doomed = await createProduct(t.db);
    await heard(t.app);
    expect((await locations()).some((loc) => loc.includes(`/product/${doomed.id}?`))).toBe(true);
    await t.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, doomed.id));
    await heard(t.app);
    expect((await locations()).some((loc) => loc.includes(`/product/${doomed.id}?`))).toBe(false);
  });
});

describe('GET /robots.txt', () => {
  it('names the sitemap and keeps crawlers out of the api, admin and shopper pages', async () => {
    const answer = await t.app.inject('/robots.txt');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    for (const path of ['/api/', '/admin', '/cart', '/checkout', '/profile', '/pay/']) {
      expect(answer.body).toContain(`Disallow: ${path}\n`);
    }
    expect(answer.body).toContain('Sitemap: http://shop.test/sitemap.xml');
  });
});
