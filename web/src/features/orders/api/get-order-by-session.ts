import { useEffect, useState } from 'react';
import useSWR from 'swr';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { apiPath, type ApiError } from '../../../lib/api-client';
import { useToken } from '../../../lib/session';

/** While the provider's confirmation is on its way, ask again this often, for this long. */
export const CONFIRMATION_POLL_MS = 1500;
export const CONFIRMATION_WAIT_MS = 30_000;

export const orderBySessionKey = (token: string | null, sessionId: string | null) =>
  token && sessionId ? ([apiPath('GET /orders/by-session/:sessionId', { sessionId }), token] as const) : null;

/**
 * The order a payment session belongs to (GET /orders/by-session/{id}), for the result pages.
 * A pending order is polled briefly: the payment page redirects before its event may arrive.
 */
export function useOrderBySession(sessionId: string | null) {
  const token = useToken();
  const [waiting, setWaiting] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setWaiting(false), CONFIRMATION_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, []);
  const { data, error, isLoading } = useSWR<ApiAnswer<'GET /orders/by-session/:sessionId'>, ApiError>(
    orderBySessionKey(token, sessionId),
    {
      refreshInterval: (order) => (waiting && order?.status === 'pending' ? CONFIRMATION_POLL_MS : 0),
    },
  );
  return { order: data, error, isLoading, waiting, token };
}
