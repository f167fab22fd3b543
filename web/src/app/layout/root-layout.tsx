import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { ScrollManager } from '../scroll-manager';
import styles from './root-layout.module.css';

const Toasts = lazy(() => import('./toasts'));

/** Toasts answer clicks, so their code can wait until the page has finished loading. */
function useWhenIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(() => setIdle(true), 1000);
    return () => clearTimeout(id);
  }, []);
  return idle;
}

/** Around every route, bare or not: scroll handling, toasts and the navigation progress line. */
export function RootLayout() {
  const navigation = useNavigation();
  const idle = useWhenIdle();
  return (
    <>
      <ScrollManager />
      {navigation.state !== 'idle' && <div className={styles.progress} aria-hidden="true" />}
      <Outlet />
      {idle && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </>
  );
}
