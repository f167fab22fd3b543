import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { QUANTITY_MAX, QUANTITY_MIN, type AddLineBody, type CartItem, type Language, type Size } from '@shop/contract';
import { api } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { cartErrorMessage } from '../lib/cart-error';
import { CART_PATH, cartKey, useCart } from './get-cart';

/** What the product page hands over: the product, the colour by id, the size and how many. */
export interface NewCartLine {
  productId: number;
  colorId: number | undefined;
  selectedSize: Size | undefined;
  quantity: number;
}

/** POST /cart: 201 a new line, 200 merged into an existing one (capped at 99 by the server). */
export const addToCart = (body: AddLineBody, lang: Language) => api.post<CartItem>(`${CART_PATH}?lang=${lang}`, body);

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
 * Add to Cart with the spec's checks and messages: logged out first, then incomplete data,
 * then the 99 rule (a line already at 99 is refused here; a sum past 99 is capped by the
 * server and said so). Every cart view (navbar bubble, preview, cart page) updates at once.
 * Resolves to true when the line was added.
 */
export function useAddToCart(token: string | null) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { mutate } = useSWRConfig();
  const { items } = useCart(token);

  return useCallback(
    async (line: NewCartLine): Promise<boolean> => {
      const key = cartKey(token, lang);
      if (!key) {
        toast.info(t('cart.loginRequired'));
        return false;
      }
      if (!isComplete(line)) {
        toast.error(t('cart.incomplete'));
        return false;
      }
      const existing = items.find((item) => sameLine(item, line));
      if (existing && existing.quantity >= QUANTITY_MAX) {
        toast.warn(t('cart.maxQuantity'));
        return false;
      }
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
        // The server capped the sum at 99: the line is full now.
        if (item.quantity < before + line.quantity) toast.warn(t('cart.maxQuantity'));
        else toast.success(t('cart.added'));
        return true;
      } catch (error) {
        toast.error(cartErrorMessage(error, t, 'cart.addFailed'));
        // The server knows best (e.g. another tab filled the line): show its cart.
        void mutate(key);
        return false;
      }
    },
    [token, lang, items, mutate, t],
  );
}
