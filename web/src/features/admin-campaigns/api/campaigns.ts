import useSWR from 'swr';
import type { Campaign, CampaignBody, CampaignList } from '@shop/contract';
import { api, type ApiError } from '../../../lib/api-client';
import { useToken } from '../../../lib/session';

export const CAMPAIGNS_PATH = '/admin/campaigns';

/** The key carries the token: another admin signing in on this browser never sees a stale list. */
export const campaignsKey = (token: string | null) => (token ? ([CAMPAIGNS_PATH, token] as const) : null);

/** GET /admin/campaigns: newest first, each with its progress; read again every few seconds while one is going out. */
export function useCampaigns() {
  return useSWR<CampaignList, ApiError>(campaignsKey(useToken()), {
    refreshInterval: (data) =>
      data?.campaigns.some((campaign) => campaign.status === 'sending' || campaign.status === 'scheduled') ? 5_000 : 0,
  });
}

export const createCampaign = (body: CampaignBody) => api.post<Campaign>(CAMPAIGNS_PATH, body);

export const updateCampaign = (id: number, body: CampaignBody) => api.put<Campaign>(`${CAMPAIGNS_PATH}/${id}`, body);

/** To the signed-in admin's own address, once in each language. */
export const testCampaign = (id: number) => api.post<{ to: string }>(`${CAMPAIGNS_PATH}/${id}/test`);

export const sendCampaign = (id: number) => api.post<Campaign>(`${CAMPAIGNS_PATH}/${id}/send`);

/** `at`: an ISO instant to come. */
export const scheduleCampaign = (id: number, at: string) =>
  api.post<Campaign>(`${CAMPAIGNS_PATH}/${id}/schedule`, { at });
