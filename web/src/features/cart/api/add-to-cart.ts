import { useCallback, useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { QUANTITY_MAX, QUANTITY_MIN, type AddLineBody, type CartItem, type Language, type Size } from '@shop/contract';
import { call } from '../../../lib/api-client';
import { useToken } from '../../../lib/session';
import { useUnitsLimit } from '../../../lib/settings';
import { cartKey } from '../../../lib/swr-keys';
import { useLanguage } from '../../../lib/use-language';
import { rememberPendingAdd, takePendingAdd } from '../lib/pending-add';
import { useCart } from './get-cart';

/** What the product page hands over: the product, the colour by id, the size and how many. */
export interface NewCartLine {
  productId: number;
  colorId: number | undefined;
  selectedSize: Size | undefined;
  quantity: number;
}

/** POST /cart: 201 a new line, 200 merged into an existing one (capped at 99 by the server). */
export const addToCart = (body: AddLineBody, lang: Language) => call('POST /cart', { lang }, body);

/**
 * How Add to Cart ended: `added`; `capped` (added, but the line reached 99 and holds no more);
 * nothing sent because the shopper is `loggedOut`, the line is `incomplete` or already `full`;
 * or `failed` with the api's error.
 */
export type AddToCartResult =
  { kind: 'added' | 'capped' | 'loggedOut' | 'incomplete' | 'full' } | { kind: 'failed'; error: unknown };

const isComplete = (line: NewCartLine): line is NewCartLine & { colorId: number; selectedSize: Size } =>
  Number.isInteger(line.productId) &&
  line.productId > 0 &&
  Number.isInteger(line.colorId) &&
  Boolean(line.selectedSize) &&
  Number.isInteger(line.quantity) &&
  line.quantity >= QUANTITY_MIN &&
  line.quantity <= QUANTITY_MAX;

const sameLine = (item: CartItem, line: { productId: number; colorId: number; selectedSize: Size }) =>
  item.productId === line.productId && item.colorId === line.colorId && item.selectedSize === line.selectedSize;

/**
 * Add to Cart with the spec's checks, in its order: logged out first (a complete line is kept to
 * be added once they have logged in: useResumePendingAdd), then incomplete data,
 * then the units rule (a line already at the shop's limit, 99 at most, is refused here; a sum
 * past it is capped by the server). Every cart view (navbar bubble, preview, cart page) updates at once.
 */
export function useAddToCart() {
  const token = useToken();
  const lang = useLanguage();
  const { mutate } = useSWRConfig();
  const { items } = useCart();
  const limit = useUnitsLimit();

  return useCallback(
    async (line: NewCartLine): Promise<AddToCartResult> => {
      const key = cartKey(token, lang);
      if (!key) {
        if (isComplete(line)) rememberPendingAdd(line);
        return { kind: 'loggedOut' };
      }
      if (!isComplete(line)) return { kind: 'incomplete' };
      const existing = items.find((item) => sameLine(item, line));
      if (existing && existing.quantity >= limit) return { kind: 'full' };
      try {
        const body = {
          productId: line.productId,
          selectedColor: line.colorId,
          selectedSize: line.selectedSize,
          quantity: line.quantity,
        };
        const item = await addToCart(body, lang);
        await mutate(
          key,
          (current: CartItem[] | undefined) => {
            const list = current ?? [];
            return list.some((i) => i.cartItemId === item.cartItemId)
              ? list.map((i) => (i.cartItemId === item.cartItemId ? item : i))
              : [...list, item];
          },
          { revalidate: true },
        );
        const before = existing?.quantity ?? 0;
        return { kind: item.quantity < before + line.quantity ? 'capped' : 'added' };
      } catch (error) {
        // The server knows best (e.g. another tab filled the line): show its cart.
        void mutate(key);
        return { kind: 'failed', error };
      }
    },
    [token, lang, items, mutate, limit],
  );
}

/**
 * Back on the product's page after logging in or signing up: the add the shopper asked for while
 * logged out is done, once (taken from the tab's storage before it is sent), and `onResult` told.
 */
export function useResumePendingAdd(productId: number | undefined, onResult: (result: AddToCartResult) => void) {
  const token = useToken();
  const add = useAddToCart();
  const latest = useRef({ add, onResult });
  useEffect(() => {
    latest.current = { add, onResult };
  });
  useEffect(() => {
    if (!token || productId === undefined) return;
    const line = takePendingAdd(productId);
    if (!line) return;
    void latest.current.add(line).then((result) => latest.current.onResult(result));
  }, [token, productId]);
}
