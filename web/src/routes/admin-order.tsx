import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OrderDetail } from '../features/admin-orders/components/order-detail';
import { OrderDocuments } from '../features/documents/components/order-documents';
import { useAdminOrder } from '../features/admin-orders/api/get-admin-order';
import { RequestInvoice } from '../features/documents/components/request-invoice';
import { ExchangeLinks } from '../features/returns/components/exchange-links';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLanguage } from '../lib/use-language';

/** /admin/orders/{id}: one order and the steps it allows. */
export default function AdminOrderRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { orderId } = useParams();
  const id = /^[1-9]\d{0,9}$/.test(orderId ?? '') ? Number(orderId) : null;
  useDocumentTitle(t('adminOrders.number', { id: orderId }));
  const { data: order } = useAdminOrder(id);
  if (id === null) return <Navigate to="/admin/orders" replace />;
  return (
    <>
      <OrderDetail key={id} orderId={id} lang={lang}>
        {order && <ExchangeLinks order={order} to={(other) => `/admin/orders/${other}`} />}
        {order && <RequestInvoice key={id} order={order} admin />}
        <OrderDocuments orderId={id} lang={lang} />
      </OrderDetail>
    </>
  );
}
