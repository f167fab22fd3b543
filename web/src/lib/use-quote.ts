import { useEffect, useEffectEvent, useState } from 'react';
import type { Quote, QuoteBody } from '@shop/contract';
import { callWith } from './api-client';

/**
 * POST /checkout/quote: what the signed-in shopper's cart (the server's copy) costs delivered
 * this way, paid this way, with this code: the one source of the checkout's totals (TRADE.md
 * section 4).
 */
export const fetchQuote = (body: QuoteBody, signal?: AbortSignal) => callWith({ signal })('POST /checkout/quote', body);

/** Quick changes (a method clicked twice, the cart revalidating) are asked once, after this pause. */
export const QUOTE_DEBOUNCE_MS = 150;

export interface QuoteState {
  /** The last quote the server gave; kept on screen while a newer one loads or if it fails. */
  quote: Quote | null;
  /** The body the kept quote answers (so a caller knows which code it carries). */
  quotedFor: QuoteBody | null;
  /** A newer question than the kept quote is on its way. */
  loading: boolean;
  /** The last question's failure, until the next answer. */
  error: unknown;
  /** Which body failed. */
  failedFor: QuoteBody | null;
}

interface Answered {
  quote: Quote | null;
  quotedFor: QuoteBody | null;
  error: unknown;
  failedFor: QuoteBody | null;
  /** The question (body and cart) last answered, well or not. */
  settled: string | null;
}

/**
 * Asks for a quote whenever the body (by value) or `cartVersion` (the cart as this page knows
 * it) changes: after a short pause, the older request cancelled, and the last good quote kept
 * meanwhile so the totals never blank out. `null` asks nothing. `onFailure` hears each failure
 * with the body that failed (the page's latest handler, without asking again when it changes).
 */
export function useQuote(
  body: QuoteBody | null,
  cartVersion: string,
  onFailure?: (error: unknown, body: QuoteBody) => void,
): QuoteState {
  const [answered, setAnswered] = useState<Answered>({
    quote: null,
    quotedFor: null,
    error: null,
    failedFor: null,
    settled: null,
  });
  const key = body ? JSON.stringify(body) : null;
  const question = key === null ? null : `${key}|${cartVersion}`;
  const failed = useEffectEvent((error: unknown, asked: QuoteBody) => onFailure?.(error, asked));

  useEffect(() => {
    if (question === null || key === null) return;
    const asked = JSON.parse(key) as QuoteBody;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchQuote(asked, controller.signal).then(
        (quote) => {
          if (controller.signal.aborted) return;
          setAnswered({ quote, quotedFor: asked, error: null, failedFor: null, settled: question });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setAnswered((current) => ({ ...current, error, failedFor: asked, settled: question }));
          failed(error, asked);
        },
      );
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [question, key]);

  return {
    quote: answered.quote,
    quotedFor: answered.quotedFor,
    loading: question !== null && answered.settled !== question,
    error: answered.error,
    failedFor: answered.failedFor,
  };
}
