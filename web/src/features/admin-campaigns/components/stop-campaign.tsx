import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { Campaign } from '@shop/contract';
import { ADMIN_FAILED } from '../../../lib/admin-errors';
import { useErrorText } from '../../../lib/error-text';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { stopCampaign } from '../api/campaigns';

interface StopCampaignProps {
  campaign: Campaign;
  onDone: () => void;
}

/**
 * Stopping a campaign that is scheduled or going out, after a confirm: what has not gone yet never
 * goes, and the toast says how many mails went out.
 */
export function StopCampaign({ campaign, onDone }: StopCampaignProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);

  async function stop() {
    setBusy(true);
    try {
      const stopped = await stopCampaign(campaign.id);
      toast.success(t('adminCampaigns.toasts.stopped', { sent: stopped.sent }));
    } catch (failure) {
      toast.error(errorText(failure, ADMIN_FAILED));
    } finally {
      setBusy(false);
      onDone();
    }
  }

  return (
    <ConfirmDialog
      title={t('adminCampaigns.stop.title')}
      text={t('adminCampaigns.stop.text', { sent: campaign.sent })}
      confirmLabel={t('adminCampaigns.stop.yes')}
      busyLabel={t('adminCampaigns.form.working')}
      busy={busy}
      onConfirm={() => void stop()}
      onCancel={onDone}
    />
  );
}
