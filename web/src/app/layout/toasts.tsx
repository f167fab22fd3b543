import { ToastContainer } from 'react-toastify';
import 'react-toastify/ReactToastify.css';
import { TIMINGS } from '@shop/contract';
import { useNoticeClearance } from '../../components/notice-banner/toast-clearance';

/**
 * The toast container: top-center, 120 px from the top (global.css), or just below the notice
 * banner while it is on that line; closing after 2.5 s. Loaded when root-layout.tsx wants it (the
 * visitor's first act on a server-rendered page, else once the page is idle); a toast raised
 * before it mounts waits in toastify's queue (the vite alias makes every `react-toastify` import
 * share that one instance).
 */
export default function Toasts() {
  const clearance = useNoticeClearance();
  return (
    <div style={clearance ? ({ '--notice-clearance': clearance } as React.CSSProperties) : undefined}>
      <ToastContainer
        position="top-center"
        autoClose={TIMINGS.toastAutoClose}
        hideProgressBar
        newestOnTop
        closeOnClick
        pauseOnFocusLoss={false}
        theme="light"
      />
    </div>
  );
}
