import { useTranslation } from 'react-i18next';
import type { FeedService, Language } from '@shop/contract';
import form from '../../../components/form/form.module.css';
import { useFeedCheck } from '../api/import';
import styles from './import-screen.module.css';

/** The services' own names, as their consoles spell them (not translated). */
const SERVICE_NAMES: Record<FeedService, string> = { google: 'Google', meta: 'Meta' };

/**
 * Under a feed's address: how many of its items the feed leaves out because Merchant Center or
 * Commerce Manager would refuse them (an attribute it requires is missing), by attribute, with the
 * first of them.
 */
export function FeedCheckNote({ lang, service }: { lang: Language; service: FeedService }) {
  const { t } = useTranslation();
  const { data, error } = useFeedCheck(lang, service);
  const testId = service === 'google' ? `feed-check-${lang}` : `feed-check-${service}-${lang}`;
  const named = SERVICE_NAMES[service];
  if (error) return <p className={form.hint}>{t('adminImport.feedCheck.failed')}</p>;
  if (!data) return null;
  if (data.leftOut === 0)
    return (
      <p className={form.hint} data-testid={testId}>
        {t('adminImport.feedCheck.allSent', { count: data.items, service: named })}
      </p>
    );
  return (
    <div className={styles.feedCheck} data-testid={testId} role="status">
      <p>
        {t('adminImport.feedCheck.leftOut', { count: data.leftOut, items: data.items, service: named })}{' '}
        {data.missing
          .map(({ attribute, items }) =>
            t('adminImport.feedCheck.reason', {
              attribute: t(`adminImport.feedCheck.attributes.${attribute}`),
              name: attribute,
              count: items,
            }),
          )
          .join('; ')}
      </p>
      <details>
        <summary>{t('adminImport.feedCheck.examples', { count: data.examples.length })}</summary>
        <ul>
          {data.examples.map((item) => (
            <li key={item.id}>
              <code>{item.id}</code> {item.title}: {item.missing.join(', ')}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
