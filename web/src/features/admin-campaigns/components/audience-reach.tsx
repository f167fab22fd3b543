import { useTranslation } from 'react-i18next';
import type { CampaignBody } from '@shop/contract';
import { useLanguage } from '../../../lib/use-language';
import { useAudienceCount } from '../api/campaigns';
import styles from './campaign-editor.module.css';

const LOCALES: Record<string, string> = { en: 'en-GB', bg: 'bg-BG' };

/**
 * How many subscribers the audience being chosen reaches now (YEAR.md section 4: its size shown
 * before sending), counted by the server a moment after each change, the draft saved or not.
 */
export function AudienceReach({ audience }: { audience: CampaignBody['audience'] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { count, error, counting } = useAudienceCount(audience);
  const text =
    count !== undefined
      ? t('adminCampaigns.form.reach', { count, shown: count.toLocaleString(LOCALES[lang] ?? 'en-GB') })
      : error
        ? t('adminCampaigns.form.reachError')
        : counting
          ? t('adminCampaigns.form.reachCounting')
          : '';
  return (
    <p className={styles.reach} role="status" aria-busy={counting} data-testid="audience-reach">
      {text}
    </p>
  );
}
