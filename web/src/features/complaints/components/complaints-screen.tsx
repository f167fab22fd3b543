import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ADMIN_FAILED } from '../../../lib/admin-errors';
import { useErrorText } from '../../../lib/error-text';
import { useLanguage } from '../../../lib/use-language';
import { PagedList, useListParams } from '../../../components/paged-list/paged-list';
import { Tabs } from '../../../components/tabs/tabs';
import button from '../../../components/button/button.module.css';
import { downloadComplaintsRegister, useAdminComplaints } from '../api/complaints';
import { ComplaintRow } from './complaint-row';
import styles from './complaints-screen.module.css';

const TABS = ['open', 'decided'] as const;
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
  const { tab, page, go } = useListParams(TABS);
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

  const panel = (
    <PagedList
      items={data?.data}
      total={data?.total}
      error={error}
      busy={isValidating}
      page={page}
      pageSize={PAGE_SIZE}
      onPage={(number) => go({ page: number })}
      columns={[
        { label: t('complaints.admin.table.number') },
        { label: t('complaints.admin.table.customer') },
        { label: t('complaints.admin.table.item') },
        { label: t('complaints.admin.table.defect') },
        { label: t(tab === 'open' ? 'complaints.admin.table.due' : 'complaints.admin.table.decision') },
        { label: t('complaints.admin.table.actions'), kind: 'actions' },
      ]}
      labels={{
        error: t('complaints.admin.loadError'),
        empty: t(`complaints.admin.empty.${tab}`),
        pages: t('complaints.admin.pages.label'),
      }}
    >
      {(complaints) =>
        complaints.map((complaint) => <ComplaintRow key={complaint.id} complaint={complaint} lang={lang} />)
      }
    </PagedList>
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
