import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../features/auth/use-session';
import { OrderHistory } from '../features/checkout/components/order-history';
import { StateMessage } from '../components/state-message/state-message';
import { useDocumentTitle } from '../lib/use-document-title';
import button from '../components/button/button.module.css';
import styles from './shopping-page.module.css';

/** The footer's "My Order": the shopper's order history. */
export default function MyOrderRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('orders.title'));
  const session = useSession();

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>{t('orders.eyebrow')}</p>
        <h1 className={styles.title}>{t('orders.title')}</h1>
        <p className={styles.lead}>{t('orders.lead')}</p>
      </header>
      {session.token ? (
        <OrderHistory token={session.token} />
      ) : (
        <StateMessage kind="info" title={t('orders.loginToSee')}>
          <Link to="/login" className={button.primary}>
            {t('orders.logIn')}
          </Link>
        </StateMessage>
      )}
    </div>
  );
}
