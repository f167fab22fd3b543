import {
  FULFILMENT_STATUSES,
  ORDER_STATUSES,
  type AdminOrdersQuery,
  type Fulfilment,
  type OrderStatus,
} from '@shop/contract';

/** The orders list's filters, as the screen's URL keeps them (so back, reload and links keep them). */
export interface OrderFilters {
  status: OrderStatus | null;
  fulfilment: Fulfilment | null;
  withdrawal: boolean;
  /** Only the orders to ship (the dashboard's count links here). */
  ship: boolean;
  q: string;
  page: number;
}

export const ORDERS_PAGE_SIZE = 20;

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;

export function filtersOf(params: URLSearchParams): OrderFilters {
  const page = Number(params.get('page'));
  return {
    status: oneOf(ORDER_STATUSES, params.get('status')),
    fulfilment: oneOf(FULFILMENT_STATUSES, params.get('fulfilment')),
    withdrawal: params.get('withdrawal') === 'requested',
    ship: params.get('ship') === 'due',
    q: params.get('q')?.trim().slice(0, 100) ?? '',
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The filters as the api's query (`limit`: with the page size). Defaults are left out. */
export function queryOf(filters: OrderFilters, { limit = false } = {}): AdminOrdersQuery {
  const query: AdminOrdersQuery = {};
  if (filters.status) query.status = filters.status;
  if (filters.fulfilment) query.fulfilment = filters.fulfilment;
  if (filters.withdrawal) query.withdrawal = 'requested';
  if (filters.ship) query.ship = 'due';
  if (filters.q) query.q = filters.q;
  if (filters.page > 1) query.page = String(filters.page);
  if (limit) query.limit = String(ORDERS_PAGE_SIZE);
  return query;
}

/** The filters as the screen's URL keeps them (so back, reload and links keep them). */
export const paramsOf = (filters: OrderFilters): URLSearchParams => new URLSearchParams(queryOf(filters));
