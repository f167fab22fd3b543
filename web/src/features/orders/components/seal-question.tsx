import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './withdraw-panel.module.css';

/**
 * Under a chosen line of a hygiene-sealed product, once delivered: is its seal intact? The right of
 * withdrawal ends for an item whose seal was broken after delivery (YEAR.md section 2); said
 * beside the answer, so the shopper unticks the line rather than meets a refusal.
 */
export function SealQuestion({
  item,
  intact,
  onChange,
}: {
  item: string;
  intact: boolean | undefined;
  onChange: (intact: boolean) => void;
}) {
  const { t } = useTranslation();
  const noteId = useId();
  const name = useId();
  return (
    <fieldset className={styles.seal} aria-describedby={intact === false ? noteId : undefined}>
      <legend className={styles.sealLegend}>{t('orderDetail.withdraw.seal.question', { item })}</legend>
      <div className={styles.sealOptions}>
        {([true, false] as const).map((value) => (
          <label key={String(value)} className={styles.check}>
            <input type="radio" name={name} checked={intact === value} onChange={() => onChange(value)} />
            <span>{t(value ? 'orderDetail.withdraw.seal.intact' : 'orderDetail.withdraw.seal.broken')}</span>
          </label>
        ))}
      </div>
      {intact === false && (
        <p id={noteId} className={styles.sealNote}>
          {t('orderDetail.withdraw.seal.brokenNote')}
        </p>
      )}
    </fieldset>
  );
}
