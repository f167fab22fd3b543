import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '@shop/contract';
import { useLanguage } from '../../../lib/use-language';
import { EditIcon, StopIcon } from '../../../components/icons/admin-icons';
import { ListState } from '../../../components/paged-list/paged-list';
import { DataTable } from '../../../components/table/data-table';
import { useCampaigns } from '../api/campaigns';
import { CampaignEditor } from './campaign-editor';
import { StopCampaign } from './stop-campaign';
import badge from '../../../components/badge/badge.module.css';
import button from '../../../components/button/button.module.css';
import table from '../../../components/table/table.module.css';
import styles from './campaigns-screen.module.css';

const LOCALES: Record<string, string> = { en: 'en-GB', bg: 'bg-BG' };
const STATUS_BADGE: Record<Campaign['status'], string | undefined> = {
  draft: badge.dashed,
  scheduled: badge.solid,
  sending: badge.accent,
  sent: badge.solid,
  stopped: badge.dashed,
};

/**
 * The owner's campaigns (/admin/campaigns; YEAR.md section 4): each with its status, audience and
 * progress (sent, failed, unsubscribed, read again while one goes out); a draft or a scheduled
 * one opens in the editor; a scheduled one or one going out can be stopped.
 */
export function CampaignsScreen() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { data, error, mutate } = useCampaigns();
  const [editing, setEditing] = useState<Campaign | 'new' | null>(null);
  const [stopping, setStopping] = useState<Campaign | null>(null);
  const number = (value: number) => value.toLocaleString(LOCALES[lang] ?? 'en-GB');
  const when = (iso: string) =>
    new Date(iso).toLocaleString(LOCALES[lang] ?? 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });

  const audienceOf = (campaign: Campaign) => {
    const { kind, value } = campaign.audience;
    const named =
      kind === 'language' && value
        ? t(`languages.${value}`)
        : kind === 'category' && value
          ? t(`categories.${value}.name`)
          : (value ?? '');
    return kind === 'all' ? t('adminCampaigns.audience.all') : `${t(`adminCampaigns.audience.${kind}`)}: ${named}`;
  };

  const campaigns = data?.campaigns ?? [];
  return (
    <div className={styles.screen}>
      <div className={styles.bar}>
        <button type="button" className={button.primary} onClick={() => setEditing('new')}>
          {t('adminCampaigns.new')}
        </button>
      </div>
      <ListState
        failed={Boolean(error)}
        rows={data ? campaigns.length : undefined}
        labels={{
          error: t('adminCampaigns.loadError'),
          empty: t('adminCampaigns.empty'),
          loading: t('adminCampaigns.loading'),
        }}
      >
        <DataTable
          caption={t('adminCampaigns.table.caption', { count: campaigns.length })}
          columns={[
            { label: t('adminCampaigns.table.subject') },
            { label: t('adminCampaigns.table.status') },
            { label: t('adminCampaigns.table.audience') },
            { label: t('adminCampaigns.table.progress') },
            { label: t('adminCampaigns.table.actions'), kind: 'actions' },
          ]}
        >
          {campaigns.map((campaign) => {
            const size = campaign.audience.size;
            const handled = campaign.sent + campaign.failed;
            const editable = campaign.status === 'draft' || campaign.status === 'scheduled';
            const stoppable = campaign.status === 'scheduled' || campaign.status === 'sending';
            const subject = campaign.subject[lang === 'bg' ? 'bg' : 'en'];
            return (
              <tr key={campaign.id} data-testid={`campaign-${campaign.id}`}>
                <th scope="row" className={styles.subject}>
                  {subject}
                </th>
                <td data-label={t('adminCampaigns.table.status')}>
                  <span className={STATUS_BADGE[campaign.status]}>{t(`adminCampaigns.status.${campaign.status}`)}</span>
                  {campaign.status === 'scheduled' && campaign.scheduledAt && (
                    <span className={styles.note}>{when(campaign.scheduledAt)}</span>
                  )}
                </td>
                <td data-label={t('adminCampaigns.table.audience')}>
                  {audienceOf(campaign)}
                  <span className={styles.note}>
                    {t('adminCampaigns.table.reach', { count: size, shown: number(size) })}
                  </span>
                </td>
                <td data-label={t('adminCampaigns.table.progress')} className={styles.progressCell}>
                  {campaign.queuedAt ? (
                    <>
                      <progress className={styles.progress} max={Math.max(size, 1)} value={Math.min(handled, size)}>
                        {handled}/{size}
                      </progress>
                      <span className={styles.note}>
                        {t('adminCampaigns.table.counts', {
                          sent: number(campaign.sent),
                          failed: number(campaign.failed),
                          unsubscribed: number(campaign.unsubscribed),
                        })}
                      </span>
                    </>
                  ) : (
                    <span className={table.muted}>—</span>
                  )}
                </td>
                <td>
                  {(editable || stoppable) && (
                    <div className={`${table.actionRow} ${styles.actions}`}>
                      {editable && (
                        <button
                          type="button"
                          className={table.action}
                          aria-label={t('adminCampaigns.table.editLabel', { subject })}
                          title={t('adminCampaigns.table.edit')}
                          onClick={() => setEditing(campaign)}
                        >
                          <EditIcon />
                          <span className={styles.actionText}>{t('adminCampaigns.table.edit')}</span>
                        </button>
                      )}
                      {stoppable && (
                        <button
                          type="button"
                          className={table.danger}
                          aria-label={t('adminCampaigns.table.stopLabel', { subject })}
                          title={t('adminCampaigns.table.stop')}
                          onClick={() => setStopping(campaign)}
                        >
                          <StopIcon />
                          <span className={styles.actionText}>{t('adminCampaigns.table.stop')}</span>
                        </button>
                      )}
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </DataTable>
      </ListState>
      {stopping && (
        <StopCampaign
          campaign={stopping}
          onDone={() => {
            setStopping(null);
            void mutate();
          }}
        />
      )}
      {editing && (
        <CampaignEditor
          campaign={editing === 'new' ? null : editing}
          onDone={() => {
            setEditing(null);
            void mutate();
          }}
        />
      )}
    </div>
  );
}
