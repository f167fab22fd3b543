import { useTranslation } from 'react-i18next';
import { Modal } from '../modal/modal';
import button from '../button/button.module.css';
import modal from '../modal/modal.module.css';
import styles from './confirm-dialog.module.css';

interface ConfirmDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Are you sure?" for a destructive action; Cancel takes the first focus stop, so Enter is never a slip. */
export function ConfirmDialog({ title, text, confirmLabel, busyLabel, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal title={title} onClose={busy ? undefined : onCancel}>
      <div className={styles.body}>
        <p className={modal.text}>{text}</p>
        <div className={modal.actions}>
          <button type="button" className={button.secondary} onClick={onCancel} disabled={busy}>
            {t('admin.confirm.cancel')}
          </button>
          <button type="button" className={button.danger} onClick={onConfirm} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </Modal>
  );
}
