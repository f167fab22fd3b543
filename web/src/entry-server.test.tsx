import { describe, expect, it } from 'vitest';
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
    ]) {
      expect(isKnownPath(path), path).toBe(true);
    }
    for (const path of ['/this/does/not/exist', '/product', '/clothing/extra']) {
      expect(isKnownPath(path), path).toBe(false);
    }
  });

  it('plans a public page from its route: its module, the api answers it shows first, its fonts', () => {
    expect(planPage('/product/5', 'bg')).toEqual({
      modules: ['src/routes/product.tsx'],
      data: ['/products/5?lang=bg'],
      fonts: ['manrope-cyrillic-wght-normal.woff2', 'cormorant-garamond-cyrillic-wght-normal.woff2'],
    });
    expect(planPage('/clothing', 'en')).toEqual({
      modules: ['src/routes/clothing.tsx'],
      data: ['/products?lang=en'],
      fonts: [],
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
