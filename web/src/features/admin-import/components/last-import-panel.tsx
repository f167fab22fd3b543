import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { DashboardPanel, dashboardWarning } from '../../../components/dashboard-panel/dashboard-panel';
import button from '../../../components/button/button.module.css';
import form from '../../../components/form/form.module.css';
import { ADMIN_FAILED } from '../../../lib/admin-errors';
import { useErrorText } from '../../../lib/error-text';
import { formatDayAndTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { isLastImportKey, undoImport, useLastImport } from '../api/import';
import styles from './import-screen.module.css';

const UNDO_FAILED = {
  ...ADMIN_FAILED,
  codes: { ...ADMIN_FAILED.codes, IMPORT_SUPERSEDED: 'adminImport.last.superseded' },
};

/**
 * The last applied import (read from the server, so it outlives a reload): when, by whom, in which format,
 * how many products it created and updated, and Undo while none of them changed since; once one
 * did (an edit, an order's stock, a sale), why it can no longer be undone (409 IMPORT_SUPERSEDED);
 * when an order names a product it created, which one (the undo would delete what the order refers to).
 */
export function LastImportPanel() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const id = useId();
  const errorText = useErrorText();
  const { mutate } = useSWRConfig();
  const { data: last, error } = useLastImport();
  const [confirming, setConfirming] = useState(false);
  const [undoing, setUndoing] = useState(false);

  async function undo() {
    if (!last || undoing) return;
    setUndoing(true);
    try {
      const done = await undoImport(last.importId);
      toast.success(t('adminImport.last.undone', { count: done.restored }));
    } catch (failure) {
      toast.error(t('adminImport.last.undoFailed', { message: errorText(failure, UNDO_FAILED) }));
    } finally {
      setUndoing(false);
      setConfirming(false);
      await mutate(isLastImportKey);
    }
  }

  let body: React.ReactNode;
  if (error && last === undefined) body = <p className={dashboardWarning}>{t('adminImport.last.loadError')}</p>;
  else if (last === undefined) body = <p className={form.hint}>{t('common.loading')}</p>;
  else if (last === null) body = <p className={styles.text}>{t('adminImport.last.none')}</p>;
  else
    body = (
      <>
        <p className={styles.text} data-testid="last-import">
          {t('adminImport.last.summary', {
            number: last.importId,
            format: t(`adminImport.formats.${last.format}`),
            when: last.appliedAt ? formatDayAndTime(new Date(last.appliedAt), lang) : '',
            created: last.created,
            updated: last.updated,
          })}
        </p>
        <p className={styles.text} data-testid="last-import-by">
          {last.appliedBy ? t('adminImport.last.by', last.appliedBy) : t('adminImport.last.byDeleted')}
        </p>
        {last.status === 'undone' && last.undoneAt && (
          <p className={styles.text}>
            {t('adminImport.last.undoneOn', { when: formatDayAndTime(new Date(last.undoneAt), lang) })}
          </p>
        )}
        {last.orderedProduct ? (
          <p className={dashboardWarning}>
            {t('adminImport.last.ordered', {
              name: (lang === 'bg' && last.orderedProduct.nameBg) || last.orderedProduct.name,
              code: last.orderedProduct.styleCode,
            })}
          </p>
        ) : (
          last.superseded && <p className={dashboardWarning}>{t('adminImport.last.superseded')}</p>
        )}
        {last.undoable && (
          <div className={styles.actions}>
            <button type="button" className={button.secondary} onClick={() => setConfirming(true)}>
              {t('adminImport.last.undo')}
            </button>
            <span className={form.hint}>{t('adminImport.last.undoHint')}</span>
          </div>
        )}
      </>
    );

  return (
    <DashboardPanel id={`${id}-last`} title={t('adminImport.last.title')}>
      {body}
      {confirming && last && (
        <ConfirmDialog
          title={t('adminImport.last.confirmTitle')}
          text={t('adminImport.last.confirmText', { created: last.created, updated: last.updated })}
          confirmLabel={t('adminImport.last.undo')}
          busyLabel={t('adminImport.last.undoing')}
          busy={undoing}
          onConfirm={() => void undo()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </DashboardPanel>
  );
}
