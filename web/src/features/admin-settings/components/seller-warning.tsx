import { useTranslation } from 'react-i18next';
import { sellerNeedsDetails } from '@shop/contract';
import { DashboardWarning } from '../../../components/dashboard-warning/dashboard-warning';
import { useSettings } from '../../../lib/settings';

/**
 * The dashboard's warning while the shop sells under the demo's seller or lacks a name, an
 * address or an email: shoppers see them on every page, in the terms and in every mail.
 */
export function SellerWarning() {
  const { t } = useTranslation();
  const seller = useSettings().data?.seller;
  if (!seller || !sellerNeedsDetails(seller)) return null;
  return (
    <DashboardWarning
      id="seller-warning-title"
      title={t('adminSettings.sellerWarning.title')}
      linkText={t('adminSettings.sellerWarning.link')}
    >
      {t('adminSettings.sellerWarning.text')}
    </DashboardWarning>
  );
}
