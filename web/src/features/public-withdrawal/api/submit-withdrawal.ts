import type { PublicWithdrawalBody } from '@shop/contract';
import { anonymousCall } from '../../../lib/api-client';

/**
 * The public withdrawal form (docs/decisions/0024): order reference, the email it was placed
 * with and a name, no login. 202 `{ sent: true }` whatever the order: a link to confirm goes to the
 * order's own address when they match. 400 for a malformed field; 429 past the limits.
 */
export const submitWithdrawal = (body: PublicWithdrawalBody) => anonymousCall('POST /withdrawals', body);
