import { on, type RecordedEvent } from '../../platform/outbox/declare.js';
import { BACK_IN_STOCK } from './effect-kinds.js';

const backInStock = ({ id, orderId }: RecordedEvent) => BACK_IN_STOCK.effect({}, { id, orderId });

/** Stock came back (an order gave back what it held, or a returned parcel was restocked): whoever waits for it is told (effects.ts). */
export const stockSubscriptions = [
  on(['cancelled', 'expired', 'failed'], (event) => (event.detail.noneAwaited ? [] : backInStock(event))),
  on('returned', (event) => (event.detail.restock ? backInStock(event) : [])),
];
