import { useCallback, useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { CheckoutSession, Language } from '@shop/contract';
import { api, isApiError } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { redirectToPayment } from '../lib/redirect';
import { isCartKey } from './get-checkout-cart';

/**
 * POST /checkout/session. The server orders its own copy of the cart at its own prices; the
 * language names the order's lines, its payment page and its confirmation mail.
 */
export const createCheckoutSession = (lang: Language) =>
  api.post<CheckoutSession>(`/checkout/session?lang=${lang}`, {});

/**
 * The pay button's behaviour (spec section 4, Checkout): idle → processing → off to the
 * provider's page, or back to idle with a toast. A second press while processing does nothing.
 */
export function useStartCheckout(itemCount: number) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { mutate } = useSWRConfig();
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

  const start = useCallback(async () => {
    if (busy.current) return;
    if (itemCount === 0) {
      toast.error(t('checkout.cartEmpty'));
      return;
    }
    busy.current = true;
    setProcessing(true);

    let session: CheckoutSession;
    try {
      session = await createCheckoutSession(lang);
    } catch (error) {
      console.warn('checkout failed', error);
      stop();
      if (isApiError(error) && error.code === 'CART_EMPTY') {
        toast.error(t('checkout.cartEmpty'));
        void mutate(isCartKey);
      } else if (isApiError(error) && error.status === 401) {
        toast.info(t('checkout.loginRequired'));
      } else if (isApiError(error) && error.status === 429) {
        toast.error(t('checkout.tooMany'));
      } else {
        toast.error(t('checkout.failed'));
      }
      return;
    }

    try {
      redirectToPayment(session.url);
    } catch (error) {
      console.warn('redirect to payment failed', error);
      stop();
      toast.error(t('checkout.redirectFailed'));
    }
  }, [itemCount, lang, mutate, stop, t]);

  return { start, processing };
}
