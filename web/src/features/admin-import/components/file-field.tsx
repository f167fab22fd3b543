import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import button from '../../../components/button/button.module.css';
import form from '../../../components/form/form.module.css';
import styles from './import-screen.module.css';

/**
 * A file to upload, with the button and the chosen file's name in the page's language (the
 * browser's own "Choose File / No file chosen" speaks the browser's language, not the page's).
 */
export function FileField({
  label,
  hint,
  accept,
  required,
  file,
  onChange,
}: {
  label: ReactNode;
  hint?: string;
  accept: string;
  required?: boolean;
  file: File | null;
  onChange: (file: File | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={form.field}>
      <span className={form.label} id={`${id}-label`}>
        {label}
      </span>
      <div className={styles.pick}>
        <input
          id={id}
          type="file"
          accept={accept}
          required={required}
          className={styles.fileInput}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-name`}
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        />
        <label htmlFor={id} className={`${button.secondary} ${styles.pickButton}`}>
          {t('adminImport.form.chooseFile')}
        </label>
        <span id={`${id}-name`} className={styles.fileName}>
          {file?.name ?? t('adminImport.form.noFile')}
        </span>
      </div>
      {hint && <span className={form.hint}>{hint}</span>}
    </div>
  );
}
