import { useId, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PlusIcon } from '../../../components/icons/icons';
import { AdminPage } from '../../../components/admin-page/admin-page';
import { BackupPanel } from './backup-panel';
import { ProductTable } from './product-table';
import { StatsPanel } from './stats-panel';
import { UserTable } from './user-table';
import button from '../../../components/button/button.module.css';
import styles from './admin-dashboard.module.css';

const TABS = ['users', 'products'] as const;
type Tab = (typeof TABS)[number];

interface AdminDashboardProps {
  currentUserId: number | undefined;
  lang: string;
  /** The shop's currency, for the sales figures; null until the settings are read. */
  currency: string | null;
  /** Panels of other features, shown under the backups (the route composes them: the failing tasks). */
  /** Shown first, above the sales: what the owner must see (the seller warning). */
  notice?: ReactNode;
  panels?: ReactNode;
}

/**
 * /admin/dashboard: the sales of a chosen period, the backups, user management (what the spec
 * shows there), and a products tab listing every product, drafts too. The tab is in the URL, so back and reload keep it.
 */
export default function AdminDashboard({ currentUserId, lang, currency, notice, panels }: AdminDashboardProps) {
  const { t } = useTranslation();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'products' ? 'products' : 'users';
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});

  const select = (next: Tab, focus = false) => {
    setParams(next === 'users' ? {} : { tab: next }, { replace: true, preventScrollReset: true });
    if (focus) tabRefs.current[next]?.focus();
  };

  // Arrow keys move between tabs (the ARIA tabs pattern); Tab goes on to the panel.
  function onKeyDown(event: React.KeyboardEvent) {
    const index = TABS.indexOf(tab);
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, Home: -index, End: TABS.length - 1 - index };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    select(TABS[(index + move + TABS.length) % TABS.length]!, true);
  }

  return (
    <AdminPage
      title={t('admin.dashboard.title')}
      lead={t('admin.dashboard.lead')}
      action={
        <Link to="/admin/create-a-product" className={button.primary}>
          <PlusIcon width={18} height={18} />
          {t('admin.nav.createProduct')}
        </Link>
      }
    >
      {notice}

      <StatsPanel lang={lang} currency={currency} />

      <BackupPanel lang={lang} />

      {panels}

      <div role="tablist" aria-label={t('admin.dashboard.tabs')} className={styles.tabs} onKeyDown={onKeyDown}>
        {TABS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabRefs.current[name] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-${name}-tab`}
            aria-selected={tab === name}
            aria-controls={`${id}-${name}-panel`}
            tabIndex={tab === name ? 0 : -1}
            className={styles.tab}
            onClick={() => select(name)}
          >
            {t(`admin.dashboard.${name}`)}
          </button>
        ))}
      </div>

      <section
        role="tabpanel"
        id={`${id}-${tab}-panel`}
        aria-labelledby={`${id}-${tab}-tab`}
        tabIndex={0}
        className={styles.panel}
      >
        <h2 className={styles.panelTitle}>{t(`admin.dashboard.${tab}Title`)}</h2>
        {tab === 'users' ? <UserTable currentUserId={currentUserId} /> : <ProductTable lang={lang} />}
      </section>
    </AdminPage>
  );
}
