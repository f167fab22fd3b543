import type { AdminReturn, Return } from '@shop/contract';
import { apiPaths } from '../../lib/links.js';
import type { AdminReturnRead, ReturnRead } from './read.js';

/*
 * Returns as the routes answer them: the services sign a label's link (`label.signature`), the
 * edge gives its address (`label.url`, the PDF without a token: `GET /api/returns/{id}/label`).
 */

export function returnAnswer(read: AdminReturnRead): AdminReturn;
export function returnAnswer(read: ReturnRead): Return;
export function returnAnswer({ label, ...rest }: ReturnRead | AdminReturnRead): Return | AdminReturn {
  return {
    ...rest,
    label: label && {
      url: apiPaths.returnLabel(rest.id, label.signature),
      courier: label.courier,
      trackingNumber: label.trackingNumber,
    },
  };
}
