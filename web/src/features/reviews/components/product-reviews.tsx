import { useId, useState, type CSSProperties } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fitVerdict, REVIEWS_PAGE_SIZE, type Language, type Review } from '@shop/contract';
import { ratingText, Stars } from '../../../components/stars/stars';
import { formatShopDate } from '../../../lib/format';
import { loginPath } from '../../../lib/return-to';
import button from '../../../components/button/button.module.css';
import { useReviews } from '../api/get-reviews';
import { ReviewForm } from './review-form';
import { useReviewEligibility } from '../api/get-review-eligibility';
import styles from './reviews.module.css';

function ReviewItem({ review, lang }: { review: Review; lang: Language }) {
  const { t } = useTranslation();
  const date = formatShopDate(review.createdAt, lang);
  return (
    <li className={styles.review}>
      <article>
        <Stars value={review.rating} label={t('reviews.rated', { average: review.rating })} />
        {/* Plain text as the buyer wrote it: React escapes it, nothing in it is read as markup. */}
        <h3 className={styles.reviewTitle}>{review.title}</h3>
        <p className={styles.body}>{review.body}</p>
        <p className={styles.meta}>
          {[review.author, t('reviews.bought', { size: review.size, color: review.colorName })]
            .filter(Boolean)
            .join(' · ')}
          {review.fit && <> · {t(`reviews.fit.${review.fit}`)}</>} · <time dateTime={review.createdAt}>{date}</time>
        </p>
      </article>
    </li>
  );
}

/**
 * The review form for those who may write one (a delivered order of the product, no review yet);
 * the others are told why not instead of learning it after writing (issue 45). While the answer
 * loads, nothing; if it cannot be had, the form (the server still decides when it is sent).
 */
function ReviewFormIfAllowed({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const { data, error } = useReviewEligibility(productId);
  if (!data && !error) return null;
  if (!data || data.canReview) return <ReviewForm productId={productId} />;
  return (
    <p className={styles.login} role="note">
      {t(`reviews.form.cannot.${data.reason ?? 'not-a-buyer'}`)}
    </p>
  );
}

/**
 * The product page's reviews (TRADE.md section 5): the average and its stars, the count, how the
 * fit runs, how reviews are checked, the published reviews a page at a time, and the form for a
 * signed-in shopper (whether they bought it is the server's to say).
 */
export function ProductReviews({
  productId,
  lang,
  isLoggedIn,
}: {
  productId: number;
  lang: Language;
  isLoggedIn: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { pathname, search } = useLocation();
  const [page, setPage] = useState(1);
  const { data, error } = useReviews(productId, lang, page);
  const summary = data?.summary;
  const pages = data ? Math.max(1, Math.ceil(data.total / REVIEWS_PAGE_SIZE)) : 1;
  const verdict = summary ? fitVerdict(summary.fit) : null;

  return (
    <section className={styles.section} aria-labelledby={`${id}-heading`} id="reviews">
      <h2 id={`${id}-heading`} className={styles.heading}>
        {t('reviews.title')}
      </h2>
      {summary && summary.average !== null && (
        <div className={styles.summary}>
          <Stars
            value={summary.average}
            label={t('reviews.rated', { average: ratingText(summary.average, lang) })}
            size="large"
          />
          <p className={styles.average}>{t('reviews.average', { average: ratingText(summary.average, lang) })}</p>
          <p className={styles.count}>{t('reviews.count', { count: summary.count })}</p>
          {verdict && (
            <p className={styles.fit}>
              <span className={styles.fitLabel}>{t('reviews.fitLabel')}:</span> {t(`reviews.fit.${verdict}`)}
            </p>
          )}
        </div>
      )}
      {summary?.returned && summary.returned.small + summary.returned.large > 0 && (
        <p className={styles.fit}>
          <span className={styles.fitLabel}>{t('reviews.returnedLabel')}:</span>{' '}
          {t('reviews.returned', { small: summary.returned.small, large: summary.returned.large })}
        </p>
      )}
      {summary?.count === 0 && <p className={styles.none}>{t('reviews.none')}</p>}
      {error && !data && (
        <p className={styles.refusal} role="alert">
          {t('reviews.loadError')}
        </p>
      )}
      <p className={styles.notice}>{t('reviews.notice')}</p>
      {data && data.data.length > 0 && (
        <ul className={styles.list} data-offscreen style={{ '--review-count': data.data.length } as CSSProperties}>
          {data.data.map((review) => (
            <ReviewItem key={review.id} review={review} lang={lang} />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className={styles.pager} aria-label={t('reviews.pages.label')}>
          <button
            type="button"
            className={button.secondary}
            disabled={page <= 1}
            onClick={() => setPage((current) => current - 1)}
          >
            {t('reviews.pages.previous')}
          </button>
          <span aria-live="polite">{t('reviews.pages.current', { page, pages })}</span>
          <button
            type="button"
            className={button.secondary}
            disabled={page >= pages}
            onClick={() => setPage((current) => current + 1)}
          >
            {t('reviews.pages.next')}
          </button>
        </nav>
      )}
      {isLoggedIn ? (
        <ReviewFormIfAllowed productId={productId} />
      ) : (
        <p className={styles.login}>
          {t('reviews.form.login')} <Link to={loginPath(`${pathname}${search}`)}>{t('reviews.form.loginLink')}</Link>
        </p>
      )}
    </section>
  );
}
