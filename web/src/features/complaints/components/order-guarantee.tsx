import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import {
  COMPLAINT_DESCRIPTION_MAX,
  COMPLAINT_PHOTOS_MAX,
  COMPLAINT_REMEDIES,
  colorNameIn,
  itemNameIn,
  type Complaint,
  type ComplaintRemedy,
  type Language,
  type Order,
} from '@shop/contract';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import button from '../../../components/button/button.module.css';
import choice from '../../../components/choice/choice.module.css';
import form from '../../../components/form/form.module.css';
import { fileComplaint } from '../api/complaints';
import orderCard from '../../../components/order-card/order-card.module.css';
import styles from './order-guarantee.module.css';

const LOCALES: Record<Language, string> = { en: 'en-GB', bg: 'bg-BG' };
const day = (iso: string, lang: Language) =>
  new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'long' }).format(new Date(iso));

const FAILED = {
  fallback: 'complaints.form.errors.failed',
  codes: {
    GUARANTEE_OVER: 'complaints.form.errors.guaranteeOver',
    PAYLOAD_TOO_LARGE: 'complaints.form.errors.tooLarge',
    UNSUPPORTED_MEDIA_TYPE: 'complaints.form.errors.notImage',
  },
} as const;

type Item = Order['items'][number];

/**
 * The guarantee of a delivered order's lines (YEAR.md section 6, decision 0059): when each one's
 * ends, and for a line still covered a "Report a defect" form (description, what is asked, up to
 * three photos). Once filed, its number and due date are said where the form was.
 */
export function OrderGuarantee({ order, lang }: { order: Order; lang: Language }) {
  const { t } = useTranslation();
  const [openLine, setOpenLine] = useState<number | null>(null);
  const [filed, setFiled] = useState<Record<number, Complaint>>({});
  const { mutate } = useSWRConfig();
  // The moment the page opened: a line's guarantee does not end while it is read.
  const [now] = useState(() => Date.now());
  if (!order.deliveredAt) return null;

  return (
    <section aria-labelledby="order-guarantee" className={orderCard.card}>
      <h2 id="order-guarantee" className={styles.title}>
        {t('complaints.guarantee.title')}
      </h2>
      <p className={styles.lead}>
        {t('complaints.guarantee.lead')} <Link to="/legal-guarantee">{t('complaints.guarantee.more')}</Link>
      </p>
      <ul className={styles.lines}>
        {order.items.map((item) => {
          const endsAt = item.guaranteeEndsAt ?? null;
          const covered = endsAt !== null && Date.parse(endsAt) >= now;
          const name = `${itemNameIn(item, lang)} (${colorNameIn(item, lang)}, ${item.size})`;
          const done = filed[item.id];
          return (
            <li key={item.id} className={styles.line}>
              <div className={styles.lineHead}>
                <span className={styles.name}>{name}</span>
                {endsAt && (
                  <span className={styles.ends} data-testid={`guarantee-${item.id}`}>
                    {t(covered ? 'complaints.guarantee.until' : 'complaints.guarantee.ended', {
                      date: day(endsAt, lang),
                    })}
                  </span>
                )}
                {covered && openLine !== item.id && (
                  <button
                    type="button"
                    className={button.secondary}
                    aria-label={t('complaints.guarantee.reportNamed', { name })}
                    onClick={() => setOpenLine(item.id)}
                  >
                    {t('complaints.guarantee.report')}
                  </button>
                )}
              </div>
              {done && (
                <p className={`${orderCard.note} ${styles.done}`} role="status">
                  {t('complaints.form.done', { number: done.number, date: day(done.dueAt, lang) })}
                </p>
              )}
              {openLine === item.id && (
                <DefectForm
                  order={order}
                  item={item}
                  name={name}
                  onCancel={() => setOpenLine(null)}
                  onFiled={(complaint) => {
                    setFiled((all) => ({ ...all, [item.id]: complaint }));
                    setOpenLine(null);
                    // Its acknowledgement is kept as one of the order's documents (decision 0064).
                    void mutate((key) => Array.isArray(key) && key[0] === `/orders/${order.id}/documents`);
                  }}
                />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function DefectForm({
  order,
  item,
  name,
  onCancel,
  onFiled,
}: {
  order: Order;
  item: Item;
  name: string;
  onCancel: () => void;
  onFiled: (complaint: Complaint) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const id = useId();
  const [description, setDescription] = useState('');
  const [remedy, setRemedy] = useState<ComplaintRemedy>('repair');
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (description.trim() === '') found.description = t('complaints.form.errors.description');
    if (photos.length > COMPLAINT_PHOTOS_MAX)
      found.photos = t('complaints.form.errors.photos', { max: COMPLAINT_PHOTOS_MAX });
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length > 0) return;
    const body = new FormData();
    body.append('orderItemId', String(item.id));
    body.append('description', description.trim());
    body.append('remedy', remedy);
    photos.forEach((photo, index) => body.append(`photo${index + 1}`, photo));
    setBusy(true);
    try {
      const { complaint } = await fileComplaint(order.id, body);
      onFiled(complaint);
    } catch (failure) {
      if (isApiError(failure) && failure.fields?.description)
        setErrors({ description: t('complaints.form.errors.description') });
      setProblem(errorText(failure, FAILED));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={name}>
      <div className={form.field}>
        <label htmlFor={`${id}-description`} className={form.label}>
          {t('complaints.form.description')}
        </label>
        <textarea
          id={`${id}-description`}
          className={form.textarea}
          rows={4}
          maxLength={COMPLAINT_DESCRIPTION_MAX}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${id}-description-error` : undefined}
          required
        />
        {errors.description && (
          <p id={`${id}-description-error`} className={form.error} role="alert">
            {errors.description}
          </p>
        )}
      </div>
      <fieldset className={choice.group}>
        <legend className={form.label}>{t('complaints.form.remedy')}</legend>
        <div className={styles.remedies}>
          {COMPLAINT_REMEDIES.map((each) => (
            <label key={each} className={styles.remedy}>
              <input
                type="radio"
                name={`${id}-remedy`}
                value={each}
                checked={remedy === each}
                onChange={() => setRemedy(each)}
              />
              {t(`complaints.remedies.${each}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className={form.field}>
        <label htmlFor={`${id}-photos`} className={form.label}>
          {t('complaints.form.photos', { max: COMPLAINT_PHOTOS_MAX })}
        </label>
        <input
          id={`${id}-photos`}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          onChange={(event) => setPhotos([...(event.target.files ?? [])])}
          aria-invalid={errors.photos ? true : undefined}
          aria-describedby={`${id}-photos-hint${errors.photos ? ` ${id}-photos-error` : ''}`}
        />
        <p id={`${id}-photos-hint`} className={form.hint}>
          {t('complaints.form.photosHint', { max: COMPLAINT_PHOTOS_MAX })}
        </p>
        {errors.photos && (
          <p id={`${id}-photos-error`} className={form.error} role="alert">
            {errors.photos}
          </p>
        )}
      </div>
      {problem && (
        <p className={form.problem} role="alert">
          {problem}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={button.primary} disabled={busy}>
          {busy ? t('complaints.form.sending') : t('complaints.form.submit')}
        </button>
        <button type="button" className={button.secondary} onClick={onCancel}>
          {t('complaints.form.cancel')}
        </button>
      </div>
    </form>
  );
}
