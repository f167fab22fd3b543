import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** How long the preview stays after the pointer leaves: time to cross a gap or overshoot. */
export const PREVIEW_GRACE_MS = 300;

/**
 * A preview that opens while a mouse is over its area or keyboard focus is in it (not after a
 * click, whose focus would keep it open), closes a moment after the mouse leaves, when focus
 * leaves, on Escape and on every navigation (View Cart must not leave it over the cart page).
 * Touch has no hover: a tap follows the link. `disabled` keeps it closed (on the page it previews).
 */
export function useHoverPreview({ disabled = false }: { disabled?: boolean } = {}) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  /** Escape moved focus back to the area's link: that focus must not reopen it. */
  const escaped = useRef(false);
  const pressed = useRef(false);

  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setOpen(false);
  }

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const show = () => {
    window.clearTimeout(timer.current);
    if (!disabled) setOpen(true);
  };
  const hide = (after = 0) => {
    window.clearTimeout(timer.current);
    if (after > 0) timer.current = window.setTimeout(() => setOpen(false), after);
    else setOpen(false);
  };

  const areaProps = {
    onPointerEnter: (event: React.PointerEvent) => {
      if (event.pointerType === 'mouse') show();
    },
    onPointerLeave: (event: React.PointerEvent) => {
      if (event.pointerType === 'mouse') hide(PREVIEW_GRACE_MS);
    },
    // A press focuses what it lands on: that focus is the click's, not the keyboard's.
    onPointerDown: () => {
      pressed.current = true;
      window.setTimeout(() => (pressed.current = false));
    },
    onFocus: () => {
      if (!pressed.current && !escaped.current) show();
      pressed.current = false;
      escaped.current = false;
    },
    onBlur: (event: React.FocusEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget)) hide();
    },
    onKeyDown: (event: React.KeyboardEvent<HTMLElement>) => {
      if (event.key !== 'Escape' || !open) return;
      hide();
      // Focus must not stay inside what is now hidden: back to the area's first link.
      const first = event.currentTarget.querySelector<HTMLElement>('a, button');
      if (first && first !== document.activeElement) {
        escaped.current = true;
        first.focus();
      }
    },
  };

  return { open: open && !disabled, areaProps };
}
