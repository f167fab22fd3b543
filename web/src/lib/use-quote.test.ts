import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { Quote, QuoteBody } from '@shop/contract';
import { fakeApi } from '../test/fake-api';
import { QUOTE_DEBOUNCE_MS, useQuote } from './use-quote';

const quote = (total: number): Quote => ({
  subtotal: total,
  discount: null,
  deliveryCost: 0,
  codFee: 0,
  total,
  freeDeliveryRemaining: null,
  giftCards: [],
  storeCredit: 0,
  amountDue: total,
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useQuote', () => {
  it('asks once after quick changes, for the last body only', async () => {
    const calls = fakeApi({
      'POST /api/checkout/quote': (request) => ({
        body: quote((request.body as QuoteBody).deliveryMethod === 'office' ? 10 : 20),
      }),
    });
    const { result, rerender } = renderHook(({ body }: { body: QuoteBody }) => useQuote(body, 'cart'), {
      initialProps: { body: { deliveryMethod: 'office', paymentMethod: 'card' } },
    });
    rerender({ body: { deliveryMethod: 'address', paymentMethod: 'card' } });
    rerender({ body: { deliveryMethod: 'office', paymentMethod: 'cod' } });
    expect(result.current.loading).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(QUOTE_DEBOUNCE_MS));
    expect(calls.map((call) => call.body)).toEqual([{ deliveryMethod: 'office', paymentMethod: 'cod' }]);
    expect(result.current).toMatchObject({ quote: quote(10), loading: false, error: null });
  });

  it('drops an answer overtaken by a newer question, keeping the last good quote meanwhile', async () => {
    const pending: ((response: Response) => void)[] = [];
    const calls = fakeApi({
      'POST /api/checkout/quote': () => new Promise<Response>((resolve) => pending.push(resolve)),
    });
    const { result, rerender } = renderHook(({ body }: { body: QuoteBody }) => useQuote(body, 'cart'), {
      initialProps: { body: { deliveryMethod: 'office' } },
    });
    await act(() => vi.advanceTimersByTimeAsync(QUOTE_DEBOUNCE_MS));
    await act(async () => pending[0]!(new Response(JSON.stringify(quote(10)))));
    expect(result.current.quote?.total).toBe(10);

    rerender({ body: { deliveryMethod: 'address' } });
    await act(() => vi.advanceTimersByTimeAsync(QUOTE_DEBOUNCE_MS));
    rerender({ body: { deliveryMethod: 'office', discountCode: 'X' } });
    await act(() => vi.advanceTimersByTimeAsync(QUOTE_DEBOUNCE_MS));
    expect(calls).toHaveLength(3);
    // The second question was cancelled: its late answer changes nothing.
    await act(async () => pending[1]!(new Response(JSON.stringify(quote(20)))));
    expect(result.current).toMatchObject({ loading: true, quote: quote(10) });
    await act(async () => pending[2]!(new Response(JSON.stringify(quote(30)))));
    expect(result.current).toMatchObject({ loading: false, quote: quote(30), quotedFor: { discountCode: 'X' } });
  });
});
