import type { CartItem } from '@shop/contract';
import { lineAmount, sumAmounts } from '../../../lib/money';

/** What one line costs; a line without a price counts as 0 (the spec). In cents inside. */
export const lineTotal = (item: CartItem) => lineAmount(item.price, item.quantity);

export const cartTotal = (items: readonly CartItem[]) => sumAmounts(items.map(lineTotal));
