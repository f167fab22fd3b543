import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_BODY_MAX, REVIEW_FITS, REVIEW_TITLE_MAX, type ReviewFit } from '@shop/contract';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { Field } from '../../../components/field/field';
import button from '../../../components/button/button.module.css';
import field from '../../../components/field/field.module.css';
import { createReview } from '../api/create-review';
import styles from './reviews.module.css';

type Problems = Partial<Record<'rating' | 'title' | 'body', string>>;

const WORDING = {
  fallback: 'reviews.form.errors.failed',
  codes: { NOT_A_BUYER: 'reviews.form.errors.notABuyer', ALREADY_REVIEWED: 'reviews.form.errors.already' },
};
const FIELD_KEYS = {
  rating: 'reviews.form.errors.rating',
  title: 'reviews.form.errors.title',
  body: 'reviews.form.errors.body',
} as const;

/**
 * A signed-in shopper's review: stars, how it fits (optional), a title and the text. The server
 * decides whether they bought it; a refusal is said kindly beside the button, a success says the
 * review waits to be read.
 */
export function ReviewForm({ productId, onSent }: { productId: number; onSent?: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const id = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [fit, setFit] = useState<ReviewFit | null>(null);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  if (sent) {
    return (
      <p className={styles.sent} role="status">
        {t('reviews.form.sent')}
      </p>
    );
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const found: Problems = {};
    if (rating === null) found.rating = t(FIELD_KEYS.rating);
    if (!title.trim()) found.title = t(FIELD_KEYS.title);
    if (!body.trim()) found.body = t(FIELD_KEYS.body);
    setProblems(found);
    setRefusal(null);
    if (rating === null || Object.keys(found).length > 0) return;
    setSending(true);
    try {
      await createReview(productId, { rating, ...(fit ? { fit } : {}), title: title.trim(), body: body.trim() });
      setSent(true);
      onSent?.();
    } catch (failure) {
      const fields = isApiError(failure) ? failure.fields : {};
      const named = (Object.keys(FIELD_KEYS) as (keyof typeof FIELD_KEYS)[]).filter((name) => fields[name]);
      if (named.length > 0) setProblems(Object.fromEntries(named.map((name) => [name, t(FIELD_KEYS[name])])));
      else setRefusal(errorText(failure, WORDING));
    } finally {
      setSending(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.formTitle}>
        {t('reviews.form.title')}
      </h3>
      <fieldset
        className={styles.choices}
        aria-describedby={problems.rating ? `${id}-rating-error` : undefined}
        aria-invalid={problems.rating ? true : undefined}
      >
        <legend className={field.label}>{t('reviews.form.rating')}</legend>
        <div className={styles.starChoices}>
          {[1, 2, 3, 4, 5].map((value) => (
            <label
              key={value}
              className={styles.starChoice}
              data-on={rating !== null && value <= rating ? '' : undefined}
            >
              <input
                type="radio"
                name={`${id}-rating`}
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
                className="visually-hidden"
              />
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">{t('reviews.form.star', { count: value })}</span>
            </label>
          ))}
        </div>
        {problems.rating && (
          <p id={`${id}-rating-error`} className={field.error} role="alert">
            {problems.rating}
          </p>
        )}
      </fieldset>
      <fieldset className={styles.choices}>
        <legend className={field.label}>{t('reviews.form.fit')}</legend>
        <div className={styles.fitChoices}>
          {REVIEW_FITS.map((value) => (
            <label key={value} className={styles.fitChoice}>
              <input
                type="radio"
                name={`${id}-fit`}
                value={value}
                checked={fit === value}
                onChange={() => setFit(value)}
              />
              {t(`reviews.fit.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        label={t('reviews.form.titleLabel')}
        value={title}
        maxLength={REVIEW_TITLE_MAX}
        onChange={(event) => setTitle(event.target.value)}
        error={problems.title}
      />
      <div className={field.field} data-invalid={problems.body ? '' : undefined}>
        <label htmlFor={`${id}-body`} className={field.label}>
          {t('reviews.form.body')}
        </label>
        <textarea
          id={`${id}-body`}
          className={`${field.input} ${styles.textarea}`}
          value={body}
          rows={5}
          maxLength={REVIEW_BODY_MAX}
          onChange={(event) => setBody(event.target.value)}
          aria-invalid={problems.body ? true : undefined}
          aria-describedby={problems.body ? `${id}-body-error` : undefined}
        />
        {problems.body && (
          <p id={`${id}-body-error`} className={field.error} role="alert">
            {problems.body}
          </p>
        )}
      </div>
      {refusal && (
        <p className={styles.refusal} role="alert">
          {refusal}
        </p>
      )}
      <button type="submit" className={button.primary} disabled={sending}>
        {sending ? t('reviews.form.sending') : t('reviews.form.submit')}
      </button>
    </form>
  );
}
