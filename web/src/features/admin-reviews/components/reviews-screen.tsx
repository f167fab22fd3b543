import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { toast } from 'react-toastify';
import { REVIEW_STATUSES, type AdminReview, type ReviewStatus } from '@shop/contract';
import { ADMIN_FAILED } from '../../../lib/admin-errors';
import { useErrorText } from '../../../lib/error-text';
import { isCatalogKey } from '../../../lib/swr-keys';
import { useLanguage } from '../../../lib/use-language';
import { StateMessage } from '../../../components/state-message/state-message';
import { Stars } from '../../../components/stars/stars';
import { Tabs } from '../../../components/tabs/tabs';
import button from '../../../components/button/button.module.css';
import { DataTable, TableLoading } from '../../../components/table/data-table';
import table from '../../../components/table/table.module.css';
import { isAdminReviewsKey, moderateReview, useAdminReviews } from '../api/admin-reviews';
import styles from './reviews-screen.module.css';

const LOCALES: Record<string, string> = { en: 'en-GB', bg: 'bg-BG' };

const statusOf = (value: string | null): ReviewStatus =>
  (REVIEW_STATUSES as readonly string[]).includes(value ?? '') ? (value as ReviewStatus) : 'pending';

/**
 * The admin's moderation of reviews (TRADE.md section 5): the reviews of one state by tab (kept in
 * the URL), each with its product, stars, text as written, reviewer and what they bought, and the
 * buttons that publish or hide it.
 */
export function ReviewsScreen() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const errorText = useErrorText();
  const { mutate } = useSWRConfig();
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  const { data, error, isValidating } = useAdminReviews(status, lang);
  const [busy, setBusy] = useState<number | null>(null);
  const when = (iso: string) => new Date(iso).toLocaleDateString(LOCALES[lang] ?? 'en-GB', { dateStyle: 'medium' });

  async function moderate(review: AdminReview, action: 'publish' | 'hide') {
    setBusy(review.id);
    try {
      await moderateReview(review.id, action, lang);
      // The lists of reviews, and the product's answers and pages (its rating, its reviews).
      await mutate((key) => isAdminReviewsKey(key) || isCatalogKey(key));
      toast.success(t(action === 'publish' ? 'adminReviews.toasts.published' : 'adminReviews.toasts.hidden'));
    } catch (failure) {
      toast.error(t('adminReviews.toasts.failed', { message: errorText(failure, ADMIN_FAILED) }));
    } finally {
      setBusy(null);
    }
  }

  const reviews = data?.data;
  let panel: React.ReactNode;
  if (error && !reviews) panel = <StateMessage kind="error" title={t('adminReviews.loadError')} />;
  else if (!reviews) panel = <TableLoading>{t('common.loading')}</TableLoading>;
  else if (reviews.length === 0) panel = <StateMessage kind="empty" title={t(`adminReviews.empty.${status}`)} />;
  else
    panel = (
      <DataTable
        busy={isValidating}
        columns={[
          { label: t('adminReviews.table.product') },
          { label: t('adminReviews.table.rating') },
          { label: t('adminReviews.table.review') },
          { label: t('adminReviews.table.author') },
          { label: t('adminReviews.table.bought') },
          { label: t('adminReviews.table.written') },
          { label: t('adminReviews.table.actions'), kind: 'actions' },
        ]}
      >
        {reviews.map((review) => (
          <tr key={review.id}>
            <td data-label={t('adminReviews.table.product')}>
              <Link to={`/product/${review.productId}`}>{review.productName}</Link>
            </td>
            <td data-label={t('adminReviews.table.rating')}>
              <Stars value={review.rating} label={t('reviews.rated', { average: review.rating })} />
            </td>
            <td data-label={t('adminReviews.table.review')} className={styles.text}>
              {/* Plain text as the buyer wrote it: React escapes it. */}
              <strong>{review.title}</strong>
              <p className={styles.body}>{review.body}</p>
              {review.fit && <p className={table.muted}>{t(`reviews.fit.${review.fit}`)}</p>}
            </td>
            <td data-label={t('adminReviews.table.author')}>
              {review.author}
              {review.email && <span className={`${table.muted} ${styles.email}`}>{review.email}</span>}
            </td>
            <td data-label={t('adminReviews.table.bought')}>
              {t('reviews.bought', { size: review.size, color: review.colorName })}
            </td>
            <td data-label={t('adminReviews.table.written')}>
              <time dateTime={review.createdAt}>{when(review.createdAt)}</time>
            </td>
            <td>
              <div className={table.actionRow}>
                {review.status !== 'published' && (
                  <button
                    type="button"
                    className={button.primary}
                    disabled={busy === review.id}
                    aria-label={t('adminReviews.publishNamed', { title: review.title })}
                    onClick={() => void moderate(review, 'publish')}
                  >
                    {t('adminReviews.publish')}
                  </button>
                )}
                {review.status !== 'hidden' && (
                  <button
                    type="button"
                    className={button.secondary}
                    disabled={busy === review.id}
                    aria-label={t('adminReviews.hideNamed', { title: review.title })}
                    onClick={() => void moderate(review, 'hide')}
                  >
                    {t('adminReviews.hide')}
                  </button>
                )}
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
    );

  return (
    <Tabs
      label={t('adminReviews.tabs.label')}
      tabs={REVIEW_STATUSES.map((name) => ({ name, label: t(`adminReviews.tabs.${name}`) }))}
      selected={status}
      onSelect={(next) =>
        setParams(next === 'pending' ? {} : { status: next }, { replace: true, preventScrollReset: true })
      }
      title={t(`adminReviews.tabs.${status}`)}
    >
      {panel}
    </Tabs>
  );
}
