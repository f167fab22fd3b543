import type { Settings } from '@shop/contract';

type DeliveryWay = 'address' | 'office' | 'locker';

/**
 * The way of delivery that costs least, for the cart's "Delivery from …": to an address, to an
 * office, or to a locker (the office's price until the owner sets one). A tie goes to the first.
 */
export function cheapestMethod(delivery: Settings['delivery']): DeliveryWay {
  const prices: [DeliveryWay, number][] = [
    ['address', delivery.addressPrice],
    ['office', delivery.officePrice],
    ['locker', delivery.lockerPrice ?? delivery.officePrice],
  ];
  return prices.reduce((best, next) => (next[1] < best[1] ? next : best))[0];
}
