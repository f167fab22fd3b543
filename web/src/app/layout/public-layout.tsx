import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Navbar } from './navbar';
import { Footer } from './footer';
import { NoticeBanner } from '../../components/notice-banner/notice-banner';
import { TermsPopup } from '../../components/terms-popup/terms-popup';
import { BackToTop } from '../../components/back-to-top/back-to-top';
import styles from './public-layout.module.css';

/** Header, notice banner, the page and the footer: the frame of every public screen. */
export function PublicLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skip}>
        {t('common.skipToContent')}
      </a>
      {/* Admin icons plug in here: <Navbar adminActions={...} /> */}
      <Navbar />
      <NoticeBanner />
      <main id="main" tabIndex={-1} className={styles.main}>
        {/* A new key per path replays the page-in animation on every navigation. */}
        <div key={pathname} className={styles.page}>
          <Outlet />
        </div>
      </main>
      <Footer />
      <BackToTop />
      <TermsPopup />
    </div>
  );
}
