import { describe, expect, it } from 'vitest';
import { webLinks, webPaths } from './links.js';

describe('webLinks', () => {
  it("builds each address the API hands out on the web app's routes, under PUBLIC_URL", () => {
    const links = webLinks('https://shop.example');
    expect([
      links.login(),
      links.resetPassword('abc'),
      links.product(7),
      links.order(12),
      links.confirmWithdrawal('t0k'),
      links.checkoutSuccess('{CHECKOUT_SESSION_ID}'),
      links.checkoutCancelled('{CHECKOUT_SESSION_ID}'),
      links.adminOrder(12),
      links.adminDashboard(),
      webPaths.orderPlaced(5),
    ]).toEqual([
      'https://shop.example/login',
      'https://shop.example/reset-password/abc',
      'https://shop.example/product/7',
      'https://shop.example/my-order/12',
      'https://shop.example/withdrawal/confirm?token=t0k',
      'https://shop.example/checkout-success?session_id={CHECKOUT_SESSION_ID}',
      'https://shop.example/checkout-cancelled?session_id={CHECKOUT_SESSION_ID}',
      'https://shop.example/admin/orders/12',
      'https://shop.example/admin/dashboard',
      '/checkout-success?order_id=5',
    ]);
  });
});
