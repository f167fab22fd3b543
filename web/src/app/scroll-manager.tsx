import { useEffect, useLayoutEffect } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import { renderOffscreen } from '../lib/offscreen';
import { readStorage, writeStorage } from '../lib/storage';

/** sessionStorage key: `{ [pathname]: scrollY }` for this browsing session. */
const SCROLL_KEY = 'scrollPositions';
/** How long a back navigation waits for its page to grow tall enough to restore into. */
const RESTORE_WAIT_MS = 1500;

function readPositions(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(readStorage(SCROLL_KEY, 'session') ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * New pages start at the top; going back (POP) returns to where the visitor was on that path.
 * Positions are saved continuously under the path the window shows at that moment, so leaving a
 * page never overwrites its position with the next page's.
 */
export function ScrollManager() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    let frame = 0;
    const save = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const positions = readPositions();
        positions[window.location.pathname] = Math.round(window.scrollY);
        writeStorage(SCROLL_KEY, JSON.stringify(positions), 'session');
      });
    };
    window.addEventListener('scroll', save, { passive: true });
    return () => {
      window.removeEventListener('scroll', save);
      cancelAnimationFrame(frame);
    };
  }, []);

  useLayoutEffect(() => {
    const target = navigationType === NavigationType.Pop ? (readPositions()[pathname] ?? 0) : 0;
    // A position restored is one of the real page: render what would wait offscreen.
    renderOffscreen(target > 0);
    if (target <= 0) {
      window.scrollTo(0, 0);
      return;
    }
    // The page may still be loading its data: wait (briefly) until it is tall enough.
    const start = performance.now();
    let frame = 0;
    const attempt = () => {
      const max = document.documentElement.scrollHeight - window.innerHeight;
      if (max >= target || performance.now() - start > RESTORE_WAIT_MS) {
        window.scrollTo(0, Math.min(target, Math.max(0, max)));
        return;
      }
      frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [pathname, navigationType]);

  return null;
}
