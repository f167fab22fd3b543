import { useCallback, useEffect, useRef, useState } from 'react';
import { TIMINGS } from '@shop/contract';
import { useAddToWishlist, type NewWishlistLine } from './add-to-wishlist';

/**
 * The product page's heart: adds to the wishlist and shows the heart filled for
 * TIMINGS.wishlistHeartFeedback after it worked. A click while a request is on its way is ignored.
 */
export function useWishlistHeart(token: string | null) {
  const addToWishlist = useAddToWishlist(token);
  const [filled, setFilled] = useState(false);
  const busy = useRef(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const add = useCallback(
    async (line: NewWishlistLine) => {
      if (busy.current) return;
      busy.current = true;
      try {
        if (await addToWishlist(line, { successKey: 'wishlist.added' })) {
          setFilled(true);
          window.clearTimeout(timer.current);
          timer.current = window.setTimeout(() => setFilled(false), TIMINGS.wishlistHeartFeedback);
        }
      } finally {
        busy.current = false;
      }
    },
    [addToWishlist],
  );

  return { filled, add };
}
