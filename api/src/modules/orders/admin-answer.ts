import type { AdminOrder, AdminOrdersResponse } from '@shop/contract';
import { apiPaths } from '../../lib/links.js';
import type { AdminOrderRead } from './service.js';

/*
 * The admin's order as the routes answer it: the services read whether a courier's label was made
 * (`labelled`), the edge gives the label's address (`tracking.labelUrl`, fetched with the admin's
 * token).
 */

export const adminOrderAnswer = ({ labelled, ...order }: AdminOrderRead): AdminOrder =>
  labelled && order.tracking
    ? { ...order, tracking: { ...order.tracking, labelUrl: apiPaths.shipmentLabel(order.id) } }
    : order;

export const adminOrdersAnswer = (
  page: Omit<AdminOrdersResponse, 'data'> & { data: AdminOrderRead[] },
): AdminOrdersResponse => ({ ...page, data: page.data.map(adminOrderAnswer) });
