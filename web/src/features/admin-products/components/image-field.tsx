import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { productThumb } from '../../../lib/images';
import { IMAGE_ACCEPT, usePreview } from '../lib/image-file';
import styles from './image-field.module.css';
import form from '../../../components/form/form.module.css';

interface ImageFieldProps {
  label: string;
  /** The newly chosen file, if any. */
  file: File | null | undefined;
  /** The image the product has now (editing), shown until a file replaces it. */
  currentUrl?: string | undefined;
  error?: string | undefined;
  onChange: (file: File | null) => void;
  disabled?: boolean;
  required?: boolean;
}

/** A file input with a 4:5 preview of the chosen (or current) image. */
export function ImageField({ label, file, currentUrl, error, onChange, disabled, required }: ImageFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const preview = usePreview(file);
  const shown = preview ?? (currentUrl ? productThumb(currentUrl) : null);
  const errorId = `${id}-error`;

  return (
    <div className={styles.root}>
      <span className={form.label} id={`${id}-label`}>
        {label}{' '}
        {required && (
          <span className={form.required} aria-hidden="true">
            *
          </span>
        )}
      </span>
      <div className={styles.frame} data-invalid={error ? true : undefined}>
        {shown ? (
          <img
            src={shown}
            alt={t('admin.form.previewOf', { label })}
            className={styles.preview}
            width={240}
            height={300}
          />
        ) : (
          <span className={styles.empty} aria-hidden="true">
            {t('admin.form.noImage')}
          </span>
        )}
      </div>
      <input
        ref={input}
        id={id}
        type="file"
        accept={IMAGE_ACCEPT}
        className={styles.input}
        disabled={disabled}
        aria-labelledby={`${id}-label ${id}-action`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          onChange(event.target.files?.[0] ?? null);
          // The same file chosen again after a correction still counts as a change.
          event.target.value = '';
        }}
      />
      <label htmlFor={id} className={styles.pick} id={`${id}-action`} data-disabled={disabled || undefined}>
        {shown ? t('admin.form.replaceImage') : t('admin.form.chooseImage')}
      </label>
      {file && <span className={styles.fileName}>{file.name}</span>}
      {error && (
        <p id={errorId} className={form.error}>
          {error}
        </p>
      )}
    </div>
  );
}
