import { useTranslation } from 'react-i18next';
import { AdminPage } from '../components/admin-page/admin-page';
import { ReviewsScreen } from '../features/admin-reviews/components/reviews-screen';
import { useDocumentTitle } from '../lib/use-document-title';

/** /admin/reviews: buyers' reviews, read before they appear (TRADE.md section 5). */
export default function AdminReviewsRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('adminReviews.title'));
  return (
    <AdminPage title={t('adminReviews.title')} lead={t('adminReviews.lead')}>
      <ReviewsScreen />
    </AdminPage>
  );
}
