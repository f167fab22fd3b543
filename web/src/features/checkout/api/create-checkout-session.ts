import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import type { CheckoutBody, CheckoutSession, Language } from '@shop/contract';
import { call, isApiError } from '../../../lib/api-client';
import { isCartKey, PROFILE_PATH, keyPath } from '../../../lib/swr-keys';
import { useLanguage } from '../../../lib/use-language';
import { redirectToPayment } from '../lib/redirect';

/**
 * POST /checkout/session. The server orders its own copy of the cart at its own prices, to the
 * delivery given, by card or cash on delivery; the language names the order's lines, its payment
 * page and its confirmation mail.
 */
export const createCheckoutSession = (lang: Language, body: CheckoutBody) =>
  call('POST /checkout/session', { lang }, body);

/**
 * How a press of the pay button ended: on the way to the provider's page or, for cash on
 * delivery and an order with nothing to pay, the confirmation page (`redirected`); ignored while one is `busy`; refused because the cart
 * is `empty`; or, with the error, the order could not be made (`failed`) or the browser not sent
 * on (`redirectFailed`).
 */
export type StartCheckoutResult =
  { kind: 'redirected' | 'busy' | 'empty' } | { kind: 'failed' | 'redirectFailed'; error: unknown };

const isProfileKey = (key: unknown) => keyPath(key) === PROFILE_PATH;

/**
 * The pay button's behaviour (spec section 4, Checkout): idle → processing → off to the
 * provider's page (or the result page), or back to idle. A second press while processing does nothing.
 */
export function useStartCheckout(itemCount: number) {
  const lang = useLanguage();
  const { mutate } = useSWRConfig();
  const navigate = useNavigate();
  const [processing, setProcessing] = useState(false);
  const busy = useRef(false);

  const stop = useCallback(() => {
    busy.current = false;
    setProcessing(false);
  }, []);

  // Back from the payment page, the browser may show this page from its cache, still "processing".
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) stop();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [stop]);

  const start = useCallback(
    async (body: CheckoutBody): Promise<StartCheckoutResult> => {
      if (busy.current) return { kind: 'busy' };
      if (itemCount === 0) return { kind: 'empty' };
      busy.current = true;
      setProcessing(true);

      let session: CheckoutSession;
      try {
        session = await createCheckoutSession(lang, body);
      } catch (error) {
        stop();
        if (isApiError(error) && (error.code === 'CART_EMPTY' || error.code === 'OUT_OF_STOCK')) {
          // Another tab emptied or paid for it, or stock ran short: every cart view shows the server's cart.
          void mutate(isCartKey);
        }
        return { kind: 'failed', error };
      }
      // Details kept for next time show in the profile.
      if (body.saveDelivery) void mutate(isProfileKey);

      // Placed (cash on delivery) or paid at once (nothing to pay): the order's confirmation, no provider page.
      if (session.next === 'confirmation') {
        void navigate(session.url);
        return { kind: 'redirected' };
      }
      try {
        redirectToPayment(session.url);
        return { kind: 'redirected' };
      } catch (error) {
        stop();
        return { kind: 'redirectFailed', error };
      }
    },
    [itemCount, lang, mutate, navigate, stop],
  );

  return { start, processing };
}
