import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_KEY_SUFFIX, usePaymentMethods, useReturnDays } from '../../lib/settings';
import { MOBILE_BREAKPOINT_PX, TIMINGS } from '@shop/contract';
import { CloseIcon, GripIcon } from '../icons/icons';
import { isNoticeClosed, rememberNoticeClosed } from './notice-closed';
import { setNoticeClearance } from './toast-clearance';
import styles from './notice-banner.module.css';

/** Keeps at least this much of the banner on screen, so it can always be dragged back. */
const KEEP_VISIBLE_PX = 48;
/** About one toast's height: a banner lower down than this leaves the toasts' line free. */
const TOAST_ROOM_PX = 72;
const TOAST_GAP_PX = 12;

/**
 * The notice that the shop does not sell yet. It starts open, 120 px from the top and centred,
 * in a place of its own at the top of the page (so it covers nothing, and scrolls away with the
 * page), and below the header in the stacking order (the menu and the cart preview open over
 * it). It can be dragged by mouse, pen or touch through pointer events, and closed: closed, it
 * stays closed for the browsing session (notice-closed.ts).
 * The drag offset is written to CSS variables on the element, not to React state, so a drag
 * re-renders nothing.
 */
export function NoticeBanner() {
  const { t } = useTranslation();
  const payment = PAYMENT_KEY_SUFFIX[usePaymentMethods()];
  const returnDays = useReturnDays();
  const [open, setOpen] = useState(() => !isNoticeClosed());
  const ref = useRef<HTMLElement>(null);
  const offset = useRef({ x: 0, y: 0 });
  const drag = useRef<{
    pointerId: number;
    startX: number;
    startY: number;
    baseX: number;
    baseY: number;
    rect: DOMRect;
    minTop: number;
  } | null>(null);
  const restoreOverflow = useRef<string | null>(null);

  useToastClearance(open ? ref : null);

  if (!open) return null;

  function apply(x: number, y: number) {
    offset.current = { x, y };
    ref.current?.style.setProperty('--drag-x', `${x}px`);
    ref.current?.style.setProperty('--drag-y', `${y}px`);
    window.dispatchEvent(new Event(NOTICE_MOVED));
  }

  function close() {
    rememberNoticeClosed();
    setOpen(false);
  }

  function onPointerDown(event: React.PointerEvent<HTMLElement>) {
    // The close button must stay a plain click target.
    if ((event.target as HTMLElement).closest('button') || event.button !== 0 || !ref.current) return;
    ref.current.setPointerCapture?.(event.pointerId);
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      baseX: offset.current.x,
      baseY: offset.current.y,
      rect: ref.current.getBoundingClientRect(),
      // Not under the sticky header, where it could not be grabbed again.
      minTop: document.querySelector('header')?.getBoundingClientRect().bottom ?? 0,
    };
    ref.current.dataset.dragging = 'true';
    // On phones a finger drag would also scroll the page underneath.
    if (window.innerWidth <= MOBILE_BREAKPOINT_PX) {
      restoreOverflow.current = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
    }
  }

  function onPointerMove(event: React.PointerEvent<HTMLElement>) {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    let dx = event.clientX - d.startX;
    let dy = event.clientY - d.startY;
    // Clamp so that a strip of the banner stays inside the viewport, below the header.
    const { innerWidth, innerHeight } = window;
    if (d.rect.width > 0) {
      dx = Math.min(Math.max(dx, KEEP_VISIBLE_PX - d.rect.right), innerWidth - KEEP_VISIBLE_PX - d.rect.left);
      dy = Math.min(Math.max(dy, d.minTop - d.rect.top), innerHeight - KEEP_VISIBLE_PX - d.rect.top);
    }
    apply(d.baseX + dx, d.baseY + dy);
  }

  function endDrag(event: React.PointerEvent<HTMLElement>) {
    if (!drag.current || drag.current.pointerId !== event.pointerId) return;
    drag.current = null;
    if (ref.current) delete ref.current.dataset.dragging;
    if (restoreOverflow.current !== null) {
      document.body.style.overflow = restoreOverflow.current;
      restoreOverflow.current = null;
    }
  }

  return (
    <div className={styles.place}>
      <aside
        ref={ref}
        className={styles.banner}
        aria-label={t('banner.label')}
        data-testid="notice-banner"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        <GripIcon className={styles.grip} />
        <div className={styles.body}>
          <p className={styles.title}>{t('banner.title')}</p>
          <p className={styles.text}>{t(`banner.text${payment}`, { returnDays })}</p>
        </div>
        <button type="button" className={styles.close} onClick={close} aria-label={t('banner.close')}>
          <CloseIcon width={18} height={18} />
        </button>
      </aside>
    </div>
  );
}

const NOTICE_MOVED = 'shop:notice-moved';

/**
 * Toasts appear 120 px from the top, where the banner starts: while the banner is on that line,
 * they appear just below it instead, so neither hides the other (toast-clearance.ts). Measured
 * in animation frames, when the browser lays the page out anyway: a measure in the app's start
 * would force a layout of its own.
 */
function useToastClearance(ref: React.RefObject<HTMLElement | null> | null) {
  useEffect(() => {
    if (!ref) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const rect = ref.current?.getBoundingClientRect();
      const top = TIMINGS.toastTopOffsetPx;
      const onToastLine = rect !== undefined && rect.bottom > top && rect.top < top + TOAST_ROOM_PX;
      const below = rect ? rect.bottom + TOAST_GAP_PX : 0;
      // A banner dragged low enough to leave no room under it: the toasts stay on top of it.
      setNoticeClearance(onToastLine && below + TOAST_ROOM_PX < window.innerHeight ? `${Math.round(below)}px` : '');
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    window.addEventListener(NOTICE_MOVED, schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      window.removeEventListener(NOTICE_MOVED, schedule);
      setNoticeClearance('');
    };
  }, [ref]);
}
