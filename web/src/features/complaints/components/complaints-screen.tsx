import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ADMIN_FAILED } from '../../../lib/admin-errors';
import { useErrorText } from '../../../lib/error-text';
import { useLanguage } from '../../../lib/use-language';
import { Pager } from '../../../components/pager/pager';
import { StateMessage } from '../../../components/state-message/state-message';
import { Tabs } from '../../../components/tabs/tabs';
import button from '../../../components/button/button.module.css';
import { DataTable, TableLoading } from '../../../components/table/data-table';
import { downloadComplaintsRegister, useAdminComplaints } from '../api/complaints';
import { ComplaintRow } from './complaint-row';
import styles from './complaints-screen.module.css';

const TABS = ['open', 'decided'] as const;
type Tab = (typeof TABS)[number];
const PAGE_SIZE = 20;

/**
 * The owner's register of complaints (/admin/complaints; YEAR.md section 6, decision 0059): open
 * ones by due date, each with the consumer, the item, the defect and its photos, what was asked,
 * and the decision's form; decided ones with their decision, and "Repair done" for a repair; the
 * register as CSV.
 */
export function ComplaintsScreen() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('status') === 'decided' ? 'decided' : 'open';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, error, isValidating } = useAdminComplaints(tab, page, PAGE_SIZE);
  const [downloading, setDownloading] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      await downloadComplaintsRegister(lang);
    } catch (failure) {
      toast.error(t('complaints.admin.exportFailed', { message: errorText(failure, ADMIN_FAILED) }));
    } finally {
      setDownloading(false);
    }
  }

  const complaints = data?.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const go = (next: { status?: Tab; page?: number }) => {
    const status = next.status ?? tab;
    const number = next.page ?? 1;
    setParams(
      { ...(status === 'open' ? {} : { status }), ...(number > 1 ? { page: String(number) } : {}) },
      { replace: true, preventScrollReset: true },
    );
  };

  let panel: React.ReactNode;
  if (error && !complaints) panel = <StateMessage kind="error" title={t('complaints.admin.loadError')} />;
  else if (!complaints) panel = <TableLoading>{t('common.loading')}</TableLoading>;
  else if (complaints.length === 0) panel = <StateMessage kind="empty" title={t(`complaints.admin.empty.${tab}`)} />;
  else
    panel = (
      <>
        <DataTable
          busy={isValidating}
          columns={[
            { label: t('complaints.admin.table.number') },
            { label: t('complaints.admin.table.customer') },
            { label: t('complaints.admin.table.item') },
            { label: t('complaints.admin.table.defect') },
            { label: t(tab === 'open' ? 'complaints.admin.table.due' : 'complaints.admin.table.decision') },
            { label: t('complaints.admin.table.actions'), kind: 'actions' },
          ]}
        >
          {complaints.map((complaint) => (
            <ComplaintRow key={complaint.id} complaint={complaint} lang={lang} />
          ))}
        </DataTable>
        <Pager
          page={page}
          pages={pages}
          onGo={(number) => go({ page: number })}
          labels={{
            nav: t('complaints.admin.pages.label'),
            previous: t('complaints.admin.pages.previous'),
            next: t('complaints.admin.pages.next'),
            of: t('complaints.admin.pages.of', { page, pages }),
          }}
        />
      </>
    );

  return (
    <div className={styles.screen}>
      <div className={styles.toolbar}>
        <button type="button" className={button.secondary} disabled={downloading} onClick={() => void download()}>
          {t('complaints.admin.export')}
        </button>
      </div>
      <Tabs
        label={t('complaints.admin.tabs.label')}
        tabs={TABS.map((name) => ({ name, label: t(`complaints.admin.tabs.${name}`) }))}
        selected={tab}
        onSelect={(next) => go({ status: next })}
        title={t(`complaints.admin.tabs.${tab}`)}
      >
        {panel}
      </Tabs>
    </div>
  );
}
