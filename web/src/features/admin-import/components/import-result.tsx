import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { toast } from 'react-toastify';
import type { ImportIssue, ImportSummary } from '@shop/contract';
import { DashboardPanel, dashboardWarning } from '../../../components/dashboard-panel/dashboard-panel';
import badge from '../../../components/badge/badge.module.css';
import button from '../../../components/button/button.module.css';
import form from '../../../components/form/form.module.css';
import { DataTable } from '../../../components/table/data-table';
import table from '../../../components/table/table.module.css';
import { ADMIN_FAILED } from '../../../lib/admin-errors';
import { useErrorText } from '../../../lib/error-text';
import { applyImport, isLastImportKey } from '../api/import';
import styles from './import-screen.module.css';

/** The rows each table shows at once: a file of 10,000 rows names the first, and says how many more. */
const SHOWN = 200;

const CHANGE_BADGE = { create: badge.solid, update: badge.accent, unchanged: badge.dashed } as const;

/** What the apply would write: import failures worded as the admin's calls are, the dry run's own cases first. */
const APPLY_FAILED = {
  ...ADMIN_FAILED,
  codes: {
    ...ADMIN_FAILED.codes,
    IMPORT_HAS_ERRORS: 'adminImport.result.hasErrors',
    CONFLICT: 'adminImport.result.appliedAlready',
  },
};

/**
 * The dry run's answer: how many products the apply creates, updates and leaves; the errors and
 * warnings by row and column; each product's change; Apply (refused while there are errors).
 */
export function ImportResult({ summary, onApplied }: { summary: ImportSummary; onApplied: () => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const errorText = useErrorText();
  const { mutate } = useSWRConfig();
  const [applying, setApplying] = useState(false);
  const errors = summary.errors.length > 0;
  const nothing = summary.create + summary.update === 0;

  async function apply() {
    if (applying) return;
    setApplying(true);
    try {
      const done = await applyImport(summary.importId);
      await mutate(isLastImportKey);
      toast.success(t('adminImport.result.applied', { created: done.created, updated: done.updated }));
      onApplied();
    } catch (failure) {
      toast.error(t('adminImport.result.applyFailed', { message: errorText(failure, APPLY_FAILED) }));
    } finally {
      setApplying(false);
    }
  }

  return (
    <DashboardPanel id={`${id}-result`} title={t('adminImport.result.title')} alert={errors}>
      <p className={styles.counts} data-testid="import-counts">
        {t('adminImport.result.counts', {
          count: summary.rows,
          create: summary.create,
          update: summary.update,
          unchanged: summary.unchanged,
        })}
      </p>
      {errors && (
        <p className={dashboardWarning}>{t('adminImport.result.fixErrors', { count: summary.errors.length })}</p>
      )}
      <Issues title={t('adminImport.result.errors')} issues={summary.errors} />
      <Issues title={t('adminImport.result.warnings')} issues={summary.warnings} />
      {summary.changes.length > 0 && (
        <>
          <h3 id={`${id}-changes`} className={styles.subtitle}>
            {t('adminImport.result.changes')}
          </h3>
          <DataTable
            labelledBy={`${id}-changes`}
            dense
            columns={[
              { label: t('adminImport.table.row'), kind: 'number' },
              { label: t('adminImport.table.styleCode') },
              { label: t('adminImport.table.name') },
              { label: t('adminImport.table.change') },
            ]}
          >
            {summary.changes.slice(0, SHOWN).map((change) => (
              <tr key={change.styleCode}>
                <td className={table.number}>
                  <RowLabel />
                  {change.row}
                </td>
                <th scope="row">{change.styleCode}</th>
                <td>{(i18n.language === 'bg' && change.nameBg) || change.name}</td>
                <td>
                  <span className={CHANGE_BADGE[change.change]}>{t(`adminImport.change.${change.change}`)}</span>
                </td>
              </tr>
            ))}
          </DataTable>
          <More total={summary.changes.length} />
        </>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className={button.primary}
          disabled={errors || nothing || applying}
          onClick={() => void apply()}
        >
          {applying ? t('adminImport.result.applying') : t('adminImport.result.apply')}
        </button>
        <span className={form.hint}>
          {errors
            ? t('adminImport.result.applyRefused')
            : nothing
              ? t('adminImport.result.nothingToApply')
              : t('adminImport.result.applyHint')}
        </span>
      </div>
    </DashboardPanel>
  );
}

/** The errors or the warnings, by row and column (the spreadsheet's line: the header is row 1). */
function Issues({ title, issues }: { title: string; issues: ImportIssue[] }) {
  const { t } = useTranslation();
  const id = useId();
  if (issues.length === 0) return null;
  return (
    <>
      <h3 id={id} className={styles.subtitle}>
        {title} ({issues.length})
      </h3>
      <DataTable
        labelledBy={id}
        dense
        columns={[
          { label: t('adminImport.table.row'), kind: 'number' },
          { label: t('adminImport.table.column') },
          { label: t('adminImport.table.message') },
        ]}
      >
        {issues.slice(0, SHOWN).map((issue, index) => (
          <tr key={`${issue.row}-${issue.column}-${index}`}>
            <td className={table.number}>
              {issue.row === 0 ? (
                t('adminImport.table.zip')
              ) : (
                <>
                  <RowLabel />
                  {issue.row}
                </>
              )}
            </td>
            <th scope="row">
              <code>{issue.column}</code>
            </th>
            <td>{t(`adminImport.issues.${issue.code}`, issue.values)}</td>
          </tr>
        ))}
      </DataTable>
      <More total={issues.length} />
    </>
  );
}

function More({ total }: { total: number }) {
  const { t } = useTranslation();
  if (total <= SHOWN) return null;
  return <p className={form.hint}>{t('adminImport.result.more', { count: total - SHOWN, shown: SHOWN })}</p>;
}

/** "Row" before a row's number on a phone, where the table's headings are hidden and each row is a card. */
function RowLabel() {
  const { t } = useTranslation();
  return <span className={styles.rowLabel}>{t('adminImport.table.row')} </span>;
}
