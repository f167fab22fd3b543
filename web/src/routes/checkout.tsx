import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../features/auth/use-session';
import { CheckoutView } from '../features/checkout/components/checkout-view';
import { StateMessage } from '../components/state-message/state-message';
import { useDocumentTitle } from '../lib/use-document-title';
import button from '../components/button/button.module.css';
import styles from './shopping-page.module.css';

export default function CheckoutRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('checkout.title'));
  const session = useSession();

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>{t('checkout.eyebrow')}</p>
        <h1 className={styles.title}>{t('checkout.title')}</h1>
      </header>
      {session.token ? (
        <CheckoutView token={session.token} />
      ) : (
        <StateMessage kind="info" title={t('checkout.loginToCheckout')}>
          <Link to="/login" className={button.primary}>
            {t('checkout.logIn')}
          </Link>
        </StateMessage>
      )}
    </div>
  );
}
