import { QUANTITY_MAX, QUANTITY_MIN, SIZES, type Size } from '@shop/contract';
import { readStorage, removeStorage, writeStorage } from '../../../lib/storage';

/**
 * The add a logged-out shopper asked for (issue 28): kept for the tab while they log in or sign
 * up, then done once on the product's page. Forgotten after half an hour or once taken.
 */
export interface PendingAdd {
  productId: number;
  colorId: number;
  selectedSize: Size;
  quantity: number;
}

const KEY = 'shop.pendingAdd';
const KEEP_MS = 30 * 60 * 1000;

export function rememberPendingAdd(line: PendingAdd, now = Date.now()): void {
  writeStorage(KEY, JSON.stringify({ ...line, at: now }), 'session');
}

const isWhole = (value: unknown, min = 1, max = Number.MAX_SAFE_INTEGER): value is number =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

/** The add pending for `productId`, once: it is forgotten as it is read (another product's stays). */
export function takePendingAdd(productId: number, now = Date.now()): PendingAdd | null {
  const raw = readStorage(KEY, 'session');
  if (!raw) return null;
  let stored: Partial<PendingAdd> & { at?: unknown };
  try {
    stored = JSON.parse(raw) as typeof stored;
  } catch {
    removeStorage(KEY, 'session');
    return null;
  }
  if (stored.productId !== productId && typeof stored.at === 'number' && now - stored.at <= KEEP_MS) return null;
  removeStorage(KEY, 'session');
  const { colorId, selectedSize, quantity, at } = stored;
  if (
    stored.productId !== productId ||
    typeof at !== 'number' ||
    now - at > KEEP_MS ||
    !isWhole(colorId) ||
    !(SIZES as readonly unknown[]).includes(selectedSize) ||
    !isWhole(quantity, QUANTITY_MIN, QUANTITY_MAX)
  ) {
    return null;
  }
  return { productId, colorId, selectedSize: selectedSize as Size, quantity };
}
