import { STOCK_MAX, type Product, type Size, type UpdateStock } from '@shop/contract';

/** The stock grid as the editor holds it: on hand per `colorId:size`, as typed. */
export interface StockDraft {
  tracked: boolean;
  onHand: Record<string, string>;
}

export const variantKey = (colorId: number, size: string) => `${colorId}:${size}`;
/** The form field of one cell, as errors name it. */
export const stockField = (colorId: number, size: string) => `stock_${colorId}_${size}`;

export function stockDraftOf(product: Product): StockDraft {
  const onHand: Record<string, string> = {};
  for (const entry of product.stock)
    onHand[variantKey(entry.colorId, entry.size)] = String(entry.onHand ?? entry.available);
  return { tracked: product.stockTracked, onHand };
}

/** What one cell holds: typed, else what the product has, else 0. */
export const cellValue = (draft: StockDraft, colorId: number, size: string) =>
  draft.onHand[variantKey(colorId, size)] ?? '0';

const WHOLE = /^\d{1,7}$/;

/**
 * The body of `PUT /products/{id}/stock` for the colours and sizes the product keeps, or the cells
 * that are not a whole number from 0 to STOCK_MAX. Untracked: nothing is listed (the counts kept
 * on the server stay for when tracking comes back).
 */
export function parseStock(
  draft: StockDraft,
  colorIds: readonly number[],
  sizes: readonly Size[],
): { body: UpdateStock | null; invalid: string[] } {
  if (!draft.tracked) return { body: { stockTracked: false, stock: [] }, invalid: [] };
  const invalid: string[] = [];
  const stock: UpdateStock['stock'] = [];
  for (const colorId of colorIds) {
    for (const size of sizes) {
      const text = cellValue(draft, colorId, size).trim();
      const value = Number(text);
      if (!WHOLE.test(text) || value > STOCK_MAX) invalid.push(stockField(colorId, size));
      else stock.push({ colorId, size, onHand: value });
    }
  }
  return { body: invalid.length > 0 ? null : { stockTracked: true, stock }, invalid };
}

/** Whether the draft differs from the product (nothing to send otherwise). */
export function stockChanged(product: Product, draft: StockDraft): boolean {
  if (draft.tracked !== product.stockTracked) return true;
  if (!draft.tracked) return false;
  const saved = stockDraftOf(product).onHand;
  return Object.entries(draft.onHand).some(([key, value]) => (saved[key] ?? '0') !== value.trim());
}
