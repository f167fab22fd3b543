import { describe, expect, it } from 'vitest';
import { isKnownPath, planPage } from './entry-server';

describe('the server renderer', () => {
  it('knows the addresses the app answers; anything else is the not-found page', () => {
    for (const path of ['/', '/clothing', '/product/5', '/cart', '/reset-password/abc', '/admin/dashboard']) {
      expect(isKnownPath(path), path).toBe(true);
    }
    for (const path of ['/this/does/not/exist', '/product', '/clothing/extra']) {
      expect(isKnownPath(path), path).toBe(false);
    }
  });

  it('plans a public page from its route: its module, the api answers it shows first, its fonts', () => {
    expect(planPage('/product/5', 'bg')).toEqual({
      modules: ['src/routes/product.tsx'],
      data: ['/settings', '/products/5?lang=bg'],
      fonts: ['manrope-cyrillic-wght-normal.woff2', 'cormorant-garamond-cyrillic-wght-normal.woff2'],
    });
    expect(planPage('/clothing', 'en')).toEqual({
      modules: ['src/routes/clothing.tsx'],
      data: ['/settings', '/products?lang=en'],
      fonts: [],
    });
    expect(planPage('/cart', 'en')).toBeNull();
    expect(planPage('/nowhere', 'en')).toBeNull();
  });
});
