/**
 * Sends the browser to the provider's payment page: Stripe's `https://` address or the
 * built-in page's `/pay/...` path. Anything else is refused rather than followed.
 */
export function redirectToPayment(url: string): void {
  const target = new URL(url, window.location.origin);
  const samePage = url.startsWith('/') && !url.startsWith('//');
  if (!samePage && target.protocol !== 'https:') throw new Error(`refusing to redirect to ${url}`);
  window.location.assign(target.href);
}
