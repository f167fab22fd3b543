import { useTranslation } from 'react-i18next';
import styles from './newsletter-box.module.css';

/** The unticked box at sign-up and at checkout (YEAR.md section 4): consent is never pre-ticked. */
export function NewsletterBox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <label className={styles.box}>
      <input type="checkbox" name="newsletter" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>{t('newsletter.checkbox')}</span>
    </label>
  );
}
