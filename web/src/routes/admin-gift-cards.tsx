import { useTranslation } from 'react-i18next';
import { AdminPage } from '../components/admin-page/admin-page';
import { GiftCardsScreen } from '../features/admin-gift-cards/components/gift-cards-screen';
import { useDocumentTitle } from '../lib/use-document-title';

/** /admin/gift-cards: the cards, what the shop owes on them, gifts, voids and the CSV (YEAR.md section 3). */
export default function AdminGiftCardsRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('adminGiftCards.title'));
  return (
    <AdminPage title={t('adminGiftCards.title')} lead={t('adminGiftCards.lead')}>
      <GiftCardsScreen />
    </AdminPage>
  );
}
