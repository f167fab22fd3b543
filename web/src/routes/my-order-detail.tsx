import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useProfile, useSession } from '../lib/session';
import { isApiError } from '../lib/api-client';
import { useLanguage } from '../lib/use-language';
import { useDocumentTitle } from '../lib/use-document-title';
import { parseOrderId, useOrder } from '../features/orders/api/get-order';
import { OrderDetail } from '../features/orders/components/order-detail';
import { OrderGuarantee } from '../features/complaints/components/order-guarantee';
import { OrderDocuments } from '../features/documents/components/order-documents';
import { RequestInvoice } from '../features/documents/components/request-invoice';
import { ExchangeLinks } from '../features/returns/components/exchange-links';
import { ReturnsPanel } from '../features/returns/components/returns-panel';
import { LoginPrompt, ShoppingPage } from '../components/shopping-page/shopping-page';
import { LoadingBlocks } from '../components/loading-blocks/loading-blocks';
import { StateMessage } from '../components/state-message/state-message';
import button from '../components/button/button.module.css';
import styles from './my-order-detail.module.css';

/** One of the shopper's orders: `/my-order/{id}`, opened from My Orders and the result pages. */
export default function MyOrderDetailRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const session = useSession();
  const id = parseOrderId(useParams().orderId);
  const { order, error } = useOrder(id);
  const { data: profile } = useProfile();
  // Shoppers read the order's reference; the address keeps its id (the page is theirs alone).
  const title =
    id === null
      ? t('orders.title')
      : order
        ? t('orderDetail.title', { reference: order.reference })
        : t('orderDetail.titlePending');
  useDocumentTitle(title);

  let body: React.ReactNode;
  if (!session.token) {
    body = <LoginPrompt title={t('orders.loginToSee')} action={t('orders.logIn')} />;
  } else if (id === null || (isApiError(error) && error.status === 404)) {
    body = (
      <StateMessage kind="empty" title={t('orderDetail.notFound')}>
        <Link to="/my-order" className={button.primary}>
          {t('orderDetail.backToOrders')}
        </Link>
      </StateMessage>
    );
  } else if (error && !order) {
    body = <StateMessage kind="error" title={t('orderDetail.loadFailed')} />;
  } else if (!order) {
    body = <LoadingBlocks label={t('orderDetail.loading')} count={2} blockClassName={styles.skeleton} />;
  } else {
    body = (
      <div className={styles.stack}>
        <OrderDetail order={order} lang={lang} />
        <ExchangeLinks order={order} to={(other) => `/my-order/${other}`} />
        <ReturnsPanel order={order} lang={lang} />
        <OrderGuarantee order={order} lang={lang} />
        <RequestInvoice key={order.id} order={order} saved={profile?.invoiceDetails} />
        <OrderDocuments orderId={order.id} lang={lang} />
      </div>
    );
  }

  return (
    <ShoppingPage eyebrow={t('orders.eyebrow')} title={title}>
      {body}
    </ShoppingPage>
  );
}
