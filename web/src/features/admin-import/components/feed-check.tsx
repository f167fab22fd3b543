import { useTranslation } from 'react-i18next';
import type { Language } from '@shop/contract';
import form from '../../../components/form/form.module.css';
import { useFeedCheck } from '../api/import';
import styles from './import-screen.module.css';

/**
 * Under a Google feed's address: how many of its items the feed leaves out because Merchant Center
 * would refuse them (an attribute it requires is missing), by attribute, with the first of them.
 */
export function FeedCheckNote({ lang }: { lang: Language }) {
  const { t } = useTranslation();
  const { data, error } = useFeedCheck(lang);
  if (error) return <p className={form.hint}>{t('adminImport.feedCheck.failed')}</p>;
  if (!data) return null;
  if (data.leftOut === 0)
    return (
      <p className={form.hint} data-testid={`feed-check-${lang}`}>
        {t('adminImport.feedCheck.allSent', { count: data.items })}
      </p>
    );
  return (
    <div className={styles.feedCheck} data-testid={`feed-check-${lang}`} role="status">
      <p>
        {t('adminImport.feedCheck.leftOut', { count: data.leftOut, items: data.items })}{' '}
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
