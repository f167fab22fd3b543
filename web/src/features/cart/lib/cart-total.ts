import type { CartItem } from '@shop/contract';

/** What one line costs; a line without a price counts as 0 (the spec). */
export const lineTotal = (item: CartItem) => (Number.isFinite(item.price) ? item.price : 0) * item.quantity;

export const cartTotal = (items: readonly CartItem[]) => items.reduce((sum, item) => sum + lineTotal(item), 0);
