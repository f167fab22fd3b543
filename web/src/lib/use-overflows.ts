import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether an element scrolls sideways (its content wider than its box), kept up as it is resized:
 * a phone's table says it goes on past its right edge. False on the server's render and until the
 * browser has laid the element out, so the first paint matches the server's. While it overflows,
 * the element's `data-at-end` says whether it is scrolled to its right end (for a CSS fade).
 */
export function useOverflowsX(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => {
      setOverflows(element.scrollWidth > element.clientWidth + 1);
      element.dataset.atEnd = String(element.scrollLeft + element.clientWidth >= element.scrollWidth - 1);
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    // The box and what it holds: a table widens as its font loads, inside a box that does not.
    observer?.observe(element);
    for (const child of element.children) observer?.observe(child);
    return () => {
      element.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [ref]);
  return overflows;
}
