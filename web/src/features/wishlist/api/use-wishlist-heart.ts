import { useCallback, useEffect, useRef, useState } from 'react';
import { TIMINGS } from '@shop/contract';
import { useAddToWishlist, type AddToWishlistResult, type NewWishlistLine } from './add-to-wishlist';

/**
 * The product page's heart: adds to the wishlist and shows the heart filled for
 * TIMINGS.wishlistHeartFeedback after it worked. A click while a request is on its way is
 * ignored (resolves to null).
 */
export function useWishlistHeart() {
  const addToWishlist = useAddToWishlist();
  const [filled, setFilled] = useState(false);
  const busy = useRef(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const add = useCallback(
    async (line: NewWishlistLine): Promise<AddToWishlistResult | null> => {
      if (busy.current) return null;
      busy.current = true;
      try {
        const result = await addToWishlist(line);
        if (result.kind === 'added') {
          setFilled(true);
          window.clearTimeout(timer.current);
          timer.current = window.setTimeout(() => setFilled(false), TIMINGS.wishlistHeartFeedback);
        }
        return result;
      } finally {
        busy.current = false;
      }
    },
    [addToWishlist],
  );

  return { filled, add };
}
