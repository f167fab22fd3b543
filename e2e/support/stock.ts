import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { bearer, logIn, signUpAndLogIn, uniqueEmail } from './accounts.js';

/**
 * Stock in the journeys (docs/decisions/0021). The demo catalogue tracks stock, with sold-out
 * sizes and sizes with 1–3 left: a journey picks what is in stock from the product's own answer,
 * or, when it needs more of a variant than the demo holds, sets it through the admin API first.
 */

export interface StockedProduct {
  id: number;
  name: string;
  price: number;
  stockTracked: boolean;
  colors: { id: number; colorName: string; colorNameBg: string }[];
  sizes: { size: string }[];
  stock: { colorId: number; size: string; available: number }[];
}

/** What is left of one colour and size (untracked: unlimited). */
export function availableOf(product: StockedProduct, colorId: number, size: string): number {
  if (!product.stockTracked) return Number.POSITIVE_INFINITY;
  return product.stock.find((entry) => entry.colorId === colorId && entry.size === size)?.available ?? 0;
}

/** Every colour and size of `product` with at least `quantity` left, colour by colour. */
export function variantsInStock(product: StockedProduct, quantity: number) {
  return product.colors.flatMap((color) =>
    product.sizes
      .filter(({ size }) => availableOf(product, color.id, size) >= quantity)
      .map(({ size }) => ({ color, size })),
  );
}

/** The first product, colour and size of the catalogue with at least `quantity` left. */
export function inStock<P extends StockedProduct>(products: P[], quantity: number) {
  for (const product of products) {
    const [variant] = variantsInStock(product, quantity);
    if (variant) return { product, ...variant };
  }
  throw new Error(`no product has ${quantity} of one colour and size in stock`);
}

/** A session token of the shop's admin (the e2e server's `shop.admin`). */
export const adminToken = (request: APIRequestContext, admin: { email: string; password: string }) =>
  logIn(request, admin.email, admin.password);

/** Puts `onHand` units of one colour and size of a product on the shelf, as the owner does (`PUT /api/products/{id}/stock`). */
export async function setOnHand(
  request: APIRequestContext,
  token: string,
  variant: { productId: number; colorId: number; size: string; onHand: number },
) {
  const answer = await request.put(`/api/products/${variant.productId}/stock`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      stockTracked: true,
      stock: [{ colorId: variant.colorId, size: variant.size, onHand: variant.onHand }],
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/**
 * A new shopper signed in on `page`, with one unit of the first variant in stock in the cart
 * (through the API), for the journeys that begin at the checkout.
 */
export async function shopperWithOneInCart(
  page: Page,
  request: APIRequestContext,
  shop: { baseURL: string; outboxDir: string },
  label: string,
) {
  const products = (await (await request.get('/api/products')).json()) as StockedProduct[];
  const { product, color, size } = inStock(products, 1);
  await page.goto('/');
  const shopper = await signUpAndLogIn(page, shop.baseURL, shop.outboxDir, {
    name: 'Mila Petrova',
    email: uniqueEmail(label),
    password: 'velvet-shadow-42',
  });
  const added = await request.post('/api/cart', {
    headers: bearer(shopper.token),
    data: { productId: product.id, selectedColor: color.id, selectedSize: size, quantity: 1 },
  });
  expect(added.status(), await added.text()).toBe(201);
  return shopper;
}
