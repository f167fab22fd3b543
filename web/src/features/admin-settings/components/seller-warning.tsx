import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { sellerNeedsDetails } from '@shop/contract';
import { useSettings } from '../../../lib/settings';
import styles from './seller-warning.module.css';

/**
 * The dashboard's warning while the shop sells under the demo's seller or lacks a name, an
 * address or an email: shoppers see them on every page, in the terms and in every mail.
 */
export function SellerWarning() {
  const { t } = useTranslation();
  const seller = useSettings().data?.seller;
  if (!seller || !sellerNeedsDetails(seller)) return null;
  return (
    <section className={styles.warning} role="alert" aria-labelledby="seller-warning-title">
      <h2 id="seller-warning-title" className={styles.title}>
        {t('adminSettings.sellerWarning.title')}
      </h2>
      <p className={styles.text}>{t('adminSettings.sellerWarning.text')}</p>
      <Link to="/admin/settings" className={styles.link}>
        {t('adminSettings.sellerWarning.link')}
      </Link>
    </section>
  );
}
