import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FULFILMENT_STATUSES, ORDER_STATUSES, type AdminOrder } from '@shop/contract';
import { useErrorText } from '../../../lib/error-text';
import { formatMoney } from '../../../lib/money';
import { useSearchParamsNow } from '../../../lib/use-search-params-now';
import { useAdminOrders } from '../api/get-admin-orders';
import { filtersOf, ORDERS_PAGE_SIZE, paramsOf, type OrderFilters } from '../lib/filters';
import { formatDateTime } from '../lib/format';
import { ORDERS_LOAD_FAILED } from '../lib/order-errors';
import { ExportPanel } from './export-panel';
import { OrderBadges } from './order-badges';
import button from '../../../components/button/button.module.css';
import form from '../../../components/form/form.module.css';
import { DataTable } from '../../../components/table/data-table';
import { Pager } from '../../../components/pager/pager';
import styles from './orders-list.module.css';

interface OrdersListProps {
  lang: string;
}

/**
 * /admin/orders: every order, newest first, filtered by payment state, where the parcel is, a
 * requested withdrawal and a search (order number, email, name, phone); the filters live in the
 * URL. Each row opens the order.
 */
export function OrdersList({ lang }: OrdersListProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const id = useId();
  const [params, changeParams] = useSearchParamsNow();
  const filters = filtersOf(params);
  const { data, error, isLoading, isValidating } = useAdminOrders(filters);
  const [search, setSearch] = useState(filters.q);
  // Back, forward or a link changes the search in the URL: the field follows it.
  const [shownQ, setShownQ] = useState(filters.q);
  if (shownQ !== filters.q) {
    setShownQ(filters.q);
    setSearch(filters.q);
  }
  const pages = data ? Math.max(1, Math.ceil(data.total / ORDERS_PAGE_SIZE)) : 1;

  /** A new filter starts again at page 1. */
  const apply = (change: Partial<OrderFilters>) =>
    changeParams((now) => paramsOf({ ...filtersOf(now), page: 1, ...change }), { preventScrollReset: true });

  return (
    <div className={styles.root}>
      <form
        className={styles.filters}
        role="search"
        aria-label={t('adminOrders.filters.label')}
        onSubmit={(event) => {
          event.preventDefault();
          apply({ q: search.trim() });
        }}
      >
        <div className={form.field}>
          <label htmlFor={`${id}-q`} className={form.label}>
            {t('adminOrders.filters.search')}
          </label>
          <div className={styles.searchRow}>
            <input
              id={`${id}-q`}
              type="search"
              className={`${form.input} ${form.compact}`}
              value={search}
              maxLength={100}
              placeholder={t('adminOrders.filters.searchPlaceholder')}
              aria-describedby={`${id}-q-hint`}
              onChange={(event) => setSearch(event.target.value)}
            />
            <button type="submit" className={button.secondary}>
              {t('adminOrders.filters.searchButton')}
            </button>
          </div>
          {/* What it finds, whole: a placeholder that long is cut on a phone. */}
          <p id={`${id}-q-hint`} className={styles.hint}>
            {t('adminOrders.filters.searchHint')}
          </p>
        </div>
        <div className={form.field}>
          <label htmlFor={`${id}-status`} className={form.label}>
            {t('adminOrders.filters.status')}
          </label>
          <select
            id={`${id}-status`}
            className={`${form.select} ${form.compact}`}
            value={filters.status ?? ''}
            onChange={(event) => apply({ status: (event.target.value || null) as OrderFilters['status'] })}
          >
            <option value="">{t('adminOrders.filters.any')}</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`adminOrders.status.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={form.field}>
          <label htmlFor={`${id}-fulfilment`} className={form.label}>
            {t('adminOrders.filters.fulfilment')}
          </label>
          <select
            id={`${id}-fulfilment`}
            className={`${form.select} ${form.compact}`}
            value={filters.fulfilment ?? ''}
            onChange={(event) => apply({ fulfilment: (event.target.value || null) as OrderFilters['fulfilment'] })}
          >
            <option value="">{t('adminOrders.filters.any')}</option>
            {FULFILMENT_STATUSES.map((fulfilment) => (
              <option key={fulfilment} value={fulfilment}>
                {t(`adminOrders.fulfilment.${fulfilment}`)}
              </option>
            ))}
          </select>
        </div>
        <label className={`${form.check} ${form.compact}`}>
          <input
            type="checkbox"
            checked={filters.withdrawal}
            onChange={(event) => apply({ withdrawal: event.target.checked })}
          />
          {t('adminOrders.filters.withdrawal')}
        </label>
        <label className={`${form.check} ${form.compact}`}>
          <input type="checkbox" checked={filters.ship} onChange={(event) => apply({ ship: event.target.checked })} />
          {t('adminOrders.filters.toShip')}
        </label>
      </form>

      <ExportPanel lang={lang} />

      {error && !data ? (
        <p className={form.problem} role="alert">
          {errorText(error, ORDERS_LOAD_FAILED)}
        </p>
      ) : isLoading && !data ? (
        <p className={styles.loading} role="status">
          {t('adminOrders.loading')}
        </p>
      ) : data && data.data.length === 0 ? (
        <p className={styles.empty} role="status">
          {filters.q || filters.status || filters.fulfilment || filters.withdrawal || filters.ship
            ? t('adminOrders.noMatch')
            : t('adminOrders.none')}
        </p>
      ) : (
        data && (
          <>
            <DataTable
              className={styles.orders}
              dense
              busy={isValidating}
              caption={t('adminOrders.caption', { count: data.total })}
              captionClassName={styles.caption}
              columns={[
                { label: t('adminOrders.columns.order') },
                { label: t('adminOrders.columns.date') },
                { label: t('adminOrders.columns.customer') },
                { label: t('adminOrders.columns.status') },
                { label: t('adminOrders.columns.payment') },
                { label: t('adminOrders.columns.total'), className: styles.right },
              ]}
            >
              {data.data.map((order) => (
                <OrderRow key={order.id} order={order} lang={lang} />
              ))}
            </DataTable>
            <Pager
              page={filters.page}
              pages={pages}
              onGo={(page) => changeParams((now) => paramsOf({ ...filtersOf(now), page }))}
              label={t('adminOrders.pages.label')}
            />
          </>
        )
      )}
    </div>
  );
}

function OrderRow({ order, lang }: { order: AdminOrder; lang: string }) {
  const { t } = useTranslation();
  const who = order.customer?.name ?? order.delivery?.name ?? t('adminOrders.guest');
  return (
    <tr>
      <th scope="row">
        <Link to={`/admin/orders/${order.id}`} className={styles.orderLink}>
          {t('adminOrders.number', { id: order.id })}
        </Link>
        <span className={styles.reference}>{order.reference}</span>
      </th>
      <td className={styles.date}>{formatDateTime(order.createdAt, lang)}</td>
      <td>
        <span className={styles.customer}>{who}</span>
        {order.customer && <span className={styles.email}>{order.customer.email}</span>}
      </td>
      <td>
        <OrderBadges order={order} />
      </td>
      <td>{t(`adminOrders.payment.${order.paymentMethod}`)}</td>
      <td className={`${styles.right} ${styles.money}`}>{formatMoney(order.total, lang, order.currency)}</td>
    </tr>
  );
}
