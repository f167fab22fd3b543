import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_ACCEPT, UPLOAD_MAX_BYTES } from '@shop/contract';
import { UserIcon } from '../../../components/icons/icons';
import { useErrorText, type ErrorWording } from '../../../lib/error-text';
import { uploadAvatar } from '../api/upload-avatar';
import styles from './avatar-picker.module.css';

interface AvatarPickerProps {
  /** What is shown: the new preview, else the saved picture, else an icon. */
  src: string | null;
  name: string;
  /** A picture was uploaded and can be saved: its previewPath. */
  onUploaded: (previewPath: string) => void;
  disabled?: boolean;
}

/** The server checks the picture again (type, size, readable): its reason, or ours. */
const UPLOAD_FAILED: ErrorWording = { fallback: 'profile.avatar.failed', serverMessage: true };

/** Choose a picture: checked here for type and size, then uploaded at once; the server's re-encoded copy is the preview. */
export function AvatarPicker({ src, name, onUploaded, disabled }: AvatarPickerProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again must fire again
    if (!file) return;
    if (!(UPLOAD_ACCEPT as readonly string[]).includes(file.type)) return setError(t('profile.avatar.wrongType'));
    if (file.size > UPLOAD_MAX_BYTES) return setError(t('profile.avatar.tooLarge'));
    setError(null);
    setUploading(true);
    try {
      const { previewPath } = await uploadAvatar(file);
      onUploaded(previewPath);
    } catch (failure) {
      setError(errorText(failure, UPLOAD_FAILED));
    } finally {
      setUploading(false);
    }
  }

  const errorId = `${inputId}-error`;
  return (
    <div className={styles.root}>
      <div className={styles.frame} data-busy={uploading ? '' : undefined}>
        {src ? (
          <img src={src} alt={t('profile.avatar.alt', { name })} width={160} height={160} className={styles.image} />
        ) : (
          <UserIcon className={styles.placeholder} />
        )}
        {uploading && <span className={styles.spinner} aria-hidden="true" />}
      </div>
      <div className={styles.actions}>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={UPLOAD_ACCEPT.join(',')}
          className="visually-hidden"
          onChange={onChange}
          disabled={disabled || uploading}
          aria-describedby={error ? errorId : `${inputId}-hint`}
        />
        <label htmlFor={inputId} className={styles.button} data-disabled={disabled || uploading ? '' : undefined}>
          {uploading ? t('profile.avatar.uploading') : src ? t('profile.avatar.change') : t('profile.avatar.choose')}
        </label>
        <p id={`${inputId}-hint`} className={styles.hint}>
          {t('profile.avatar.hint')}
        </p>
        {error && (
          <p id={errorId} className={styles.error} role="alert">
            {error}
          </p>
        )}
        <p className="visually-hidden" role="status">
          {uploading ? t('profile.avatar.uploading') : ''}
        </p>
      </div>
    </div>
  );
}
