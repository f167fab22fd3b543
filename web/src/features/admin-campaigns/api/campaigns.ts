import { useEffect, useState } from 'react';
import useSWR from 'swr';
import type { CampaignBody } from '@shop/contract';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { apiPath, call, type ApiError } from '../../../lib/api-client';
import { useToken } from '../../../lib/session';

export const CAMPAIGNS_PATH = apiPath('GET /admin/campaigns');

/** The key carries the token: another admin signing in on this browser never sees a stale list. */
export const campaignsKey = (token: string | null) => (token ? ([CAMPAIGNS_PATH, token] as const) : null);

/** GET /admin/campaigns: newest first, each with its progress; read again every few seconds while one is going out. */
export function useCampaigns() {
  return useSWR<ApiAnswer<'GET /admin/campaigns'>, ApiError>(campaignsKey(useToken()), {
    refreshInterval: (data) =>
      data?.campaigns.some((campaign) => campaign.status === 'sending' || campaign.status === 'scheduled') ? 5_000 : 0,
  });
}

export const createCampaign = (body: CampaignBody) => call('POST /admin/campaigns', body);

export const updateCampaign = (id: number, body: CampaignBody) => call('PUT /admin/campaigns/:id', { id }, body);

/** To the signed-in admin's own address, once in each language. */
export const testCampaign = (id: number) => call('POST /admin/campaigns/:id/test', { id });

export const sendCampaign = (id: number) => call('POST /admin/campaigns/:id/send', { id });

/** `at`: an ISO instant to come. */
export const scheduleCampaign = (id: number, at: string) => call('POST /admin/campaigns/:id/schedule', { id }, { at });

/** What has not gone out yet never goes; the answer says how many did (`sent`). */
export const stopCampaign = (id: number) => call('POST /admin/campaigns/:id/stop', { id });

/** A pause after the last change of the audience before it is counted (a value picked after a kind asks once). */
export const AUDIENCE_DEBOUNCE_MS = 300;

/** The path that counts an audience, or null while it is incomplete (a kind without its value). */
export function audiencePath(audience: CampaignBody['audience']): string | null {
  if (audience.kind === 'all') return apiPath('GET /admin/campaigns/audience', { kind: 'all' });
  if (!audience.value) return null;
  return apiPath('GET /admin/campaigns/audience', { kind: audience.kind, value: audience.value });
}

/**
 * GET /admin/campaigns/audience: how many subscribers the audience being chosen reaches now,
 * asked a short pause after the last change; the last count stays on screen while the next loads.
 */
export function useAudienceCount(audience: CampaignBody['audience']) {
  const token = useToken();
  const path = audiencePath(audience);
  const [asked, setAsked] = useState(path);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(path), AUDIENCE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [path]);
  const { data, error, isLoading } = useSWR<ApiAnswer<'GET /admin/campaigns/audience'>, ApiError>(
    asked && token ? [asked, token] : null,
    {
      refreshInterval: 0,
      keepPreviousData: true,
    },
  );
  return {
    count: path ? data?.count : undefined,
    error: path ? error : undefined,
    counting: path !== asked || isLoading,
  };
}
