import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { loadAllStrings } from '../../lib/i18n';
import { Navbar } from './navbar';
import { Footer } from './footer';
import { NoticeBanner } from '../../components/notice-banner/notice-banner';
import { TermsPopup } from '../../components/terms-popup/terms-popup';
import { BackToTop } from '../../components/back-to-top/back-to-top';
import styles from './public-layout.module.css';

// Admin code is its own chunk: only admins ever download it (with every string: the home page
// itself makes do with the shell strings).
const AdminNavIcons = lazy(async () => {
  const [module] = await Promise.all([import('./admin-nav-icons'), loadAllStrings()]);
  return module;
});

/** Header, notice banner, the page and the footer: the frame of every public screen. */
export function PublicLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { isAdmin } = useSession();
  // The page of arrival is on screen before the app runs (server-rendered): it does not fade in
  // again. Every page navigated to does. (React's pattern for state derived from a change.)
  const [arrival, setArrival] = useState<string | null>(pathname);
  if (arrival !== null && pathname !== arrival) setArrival(null);
  return (
    <div className={styles.shell}>
      {/* First, so that before the app runs (it then makes the page behind inert) Tab reaches it first. */}
      <TermsPopup />
      <a href="#main" className={styles.skip}>
        {t('common.skipToContent')}
      </a>
      <Navbar
        adminActions={
          isAdmin && (
            <Suspense fallback={null}>
              <AdminNavIcons />
            </Suspense>
          )
        }
      />
      <NoticeBanner />
      <main id="main" tabIndex={-1} className={styles.main}>
        {/* A new key per path replays the page-in animation on every navigation. */}
        <div key={pathname} className={arrival === null ? styles.page : undefined}>
          <Outlet />
        </div>
      </main>
      <Footer />
      <BackToTop />
    </div>
  );
}
