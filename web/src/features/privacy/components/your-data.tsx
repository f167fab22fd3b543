import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Field } from '../../../components/field/field';
import { Modal } from '../../../components/modal/modal';
import button from '../../../components/button/button.module.css';
import { CLIENT_ERROR_CODES, isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { deleteAccount } from '../api/delete-account';
import { exportMyData } from '../api/export-my-data';
import styles from './your-data.module.css';

interface YourDataProps {
  /**
   * The deletion is under way (`true`, before the request) or failed (`false`). From the moment the
   * server deletes the account, any other request of this tab (the pages' polling) gets 401 and
   * drops the token; the page must not take that for an expired session.
   */
  onDeleting?: (deleting: boolean) => void;
  /** The account is gone (204): sign out here, leave the page, say so. */
  onDeleted: () => Promise<void> | void;
}

/**
 * "Your data" on the profile page (GDPR): download everything kept about the shopper, or delete
 * the account behind a confirmation that asks for the password.
 */
export function YourData({ onDeleting, onDeleted }: YourDataProps) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState(false);

  async function onDownload() {
    if (exporting) return;
    setExporting(true);
    try {
      await exportMyData();
      toast.success(t('yourData.downloaded'));
    } catch {
      toast.error(t('yourData.downloadFailed'));
    } finally {
      setExporting(false);
    }
  }

  return (
    <section className={styles.section} aria-labelledby="your-data-title">
      <h2 id="your-data-title" className={styles.title}>
        {t('yourData.title')}
      </h2>
      <p className={styles.lead}>
        {t('yourData.lead')} <Link to="/privacy">{t('yourData.privacyLink')}</Link>
      </p>
      <div className={styles.actions}>
        <button type="button" className={button.secondary} onClick={onDownload} disabled={exporting}>
          {exporting ? t('yourData.downloading') : t('yourData.download')}
        </button>
        <button type="button" className={`${button.secondary} ${styles.danger}`} onClick={() => setConfirming(true)}>
          {t('yourData.delete')}
        </button>
      </div>
      {confirming && (
        <DeleteAccountDialog onCancel={() => setConfirming(false)} onDeleting={onDeleting} onDeleted={onDeleted} />
      )}
    </section>
  );
}

function DeleteAccountDialog({
  onCancel,
  onDeleting,
  onDeleted,
}: Pick<YourDataProps, 'onDeleting' | 'onDeleted'> & { onCancel: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setProblem(null);
    if (!password) {
      setPasswordError(t('yourData.confirm.passwordRequired'));
      return;
    }
    setBusy(true);
    onDeleting?.(true);
    try {
      await deleteAccount({ password });
    } catch (error) {
      onDeleting?.(false);
      setBusy(false);
      if (isApiError(error) && error.status === 400 && error.fields.password) {
        setPasswordError(t('yourData.confirm.wrongPassword'));
        return;
      }
      setProblem(
        errorText(error, {
          fallback: 'yourData.confirm.failed',
          codes: {
            ROOT_PROTECTED: 'yourData.confirm.rootProtected',
            RATE_LIMITED: 'yourData.confirm.rateLimited',
            [CLIENT_ERROR_CODES.network]: 'apiErrors.NETWORK_ERROR',
          },
        }),
      );
      return;
    }
    await onDeleted();
  }

  return (
    <Modal title={t('yourData.confirm.title')} onClose={busy ? undefined : onCancel}>
      <form className={styles.dialog} onSubmit={onSubmit} noValidate aria-busy={busy}>
        <p className={styles.warning}>{t('yourData.confirm.body')}</p>
        <Field
          label={t('yourData.confirm.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          maxLength={128}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setPasswordError(undefined);
          }}
          error={passwordError}
          revealable
          required
        />
        {problem && (
          <p className={styles.problem} role="alert">
            {problem}
          </p>
        )}
        <div className={styles.dialogActions}>
          <button type="button" className={button.secondary} onClick={onCancel} disabled={busy}>
            {t('yourData.confirm.cancel')}
          </button>
          <button type="submit" className={`${button.primary} ${styles.dangerSolid}`} disabled={busy}>
            {busy ? t('yourData.confirm.submitting') : t('yourData.confirm.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
