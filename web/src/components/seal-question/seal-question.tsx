import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './seal-question.module.css';

/**
 * Under a chosen line of a hygiene-sealed product, once delivered: is its seal intact? (YEAR.md
 * section 2: the withdrawal does not apply to an item whose seal was broken after delivery.) The
 * withdrawal form and the return form ask it; `brokenNote` says, beside a "no", what follows.
 */
export function SealQuestion({
  item,
  intact,
  brokenNote,
  onChange,
}: {
  item: string;
  intact: boolean | undefined;
  brokenNote: string;
  onChange: (intact: boolean) => void;
}) {
  const { t } = useTranslation();
  const noteId = useId();
  const name = useId();
  return (
    <fieldset className={styles.seal} aria-describedby={intact === false ? noteId : undefined}>
      <legend className={styles.legend}>{t('orderDetail.withdraw.seal.question', { item })}</legend>
      <div className={styles.options}>
        {([true, false] as const).map((value) => (
          <label key={String(value)} className={styles.option}>
            <input type="radio" name={name} checked={intact === value} onChange={() => onChange(value)} />
            <span>{t(value ? 'orderDetail.withdraw.seal.intact' : 'orderDetail.withdraw.seal.broken')}</span>
          </label>
        ))}
      </div>
      {intact === false && (
        <p id={noteId} className={styles.note}>
          {brokenNote}
        </p>
      )}
    </fieldset>
  );
}
