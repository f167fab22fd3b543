import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { whenIdle } from '../../lib/idle';
import { isServerRendered } from '../../lib/server-render';
import { ScrollManager } from '../scroll-manager';
import styles from './root-layout.module.css';

const Toasts = lazy(() => import('./toasts'));

/** On a page the server rendered, the toasts' code comes at the visitor's first act, or after this. */
const TOASTS_AT_THE_LATEST_MS = 10_000;
const FIRST_ACTS = ['pointerdown', 'keydown', 'click'] as const;

/**
 * Toasts answer what the visitor does, so their code (7 KB) waits. On a page the server rendered
 * (docs/decisions/0012), whose start must stay short, it waits for the first tap, click or key:
 * a toast that this raises waits in toastify's queue the moment it takes the container to load.
 * Elsewhere it waits until the page is idle.
 */
function useToastsWanted(): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const want = () => setWanted(true);
    if (isServerRendered()) {
      for (const type of FIRST_ACTS) window.addEventListener(type, want, { capture: true, once: true, passive: true });
      const id = setTimeout(want, TOASTS_AT_THE_LATEST_MS);
      return () => {
        clearTimeout(id);
        for (const type of FIRST_ACTS) window.removeEventListener(type, want, { capture: true });
      };
    }
    return whenIdle(want);
  }, []);
  return wanted;
}

/** Around every route, bare or not: scroll handling, toasts and the navigation progress line. */
export function RootLayout() {
  const navigation = useNavigation();
  const toasts = useToastsWanted();
  return (
    <>
      <ScrollManager />
      {navigation.state !== 'idle' && <div className={styles.progress} aria-hidden="true" />}
      <Outlet />
      {toasts && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </>
  );
}
