import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../features/auth/use-session';
import { WishlistView } from '../features/wishlist/components/wishlist-view';
import { StateMessage } from '../components/state-message/state-message';
import { useDocumentTitle } from '../lib/use-document-title';
import button from '../components/button/button.module.css';
import styles from './shopping-page.module.css';

export default function WishlistRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('wishlist.title'));
  const session = useSession();

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>{t('wishlist.eyebrow')}</p>
        <h1 className={styles.title}>{t('wishlist.title')}</h1>
        <p className={styles.lead}>{t('wishlist.lead')}</p>
      </header>
      {session.isLoggedIn ? (
        <WishlistView token={session.token} />
      ) : (
        <StateMessage kind="info" title={t('wishlist.loginToSee')}>
          <Link to="/login" className={button.primary}>
            {t('wishlist.logIn')}
          </Link>
        </StateMessage>
      )}
    </div>
  );
}
