import { afterEach, describe, expect, it, vi } from 'vitest';
import { redirectToPayment } from './redirect';

const assign = vi.fn();
vi.stubGlobal('location', { origin: 'http://shop.test', assign });
afterEach(() => assign.mockClear());

describe('redirectToPayment', () => {
  it('follows the built-in page path and https provider pages', () => {
    redirectToPayment('/pay/cs_local_abc');
    redirectToPayment('https://checkout.stripe.com/c/pay/cs_test_1');
    expect(assign.mock.calls).toEqual([
      ['http://shop.test/pay/cs_local_abc'],
      ['https://checkout.stripe.com/c/pay/cs_test_1'],
    ]);
  });

  it.each(['javascript:alert(1)', '//evil.example/pay', 'http://evil.example/pay', 'data:text/html,hi'])(
    'refuses %s',
    (url) => {
      expect(() => redirectToPayment(url)).toThrow();
      expect(assign).not.toHaveBeenCalled();
    },
  );
});
