import { useEffect, useState } from 'react';
import { STORAGE_KEYS, TIMINGS } from '@shop/contract';
import { readStorage } from '../../lib/storage';

/**
 * The bearer token in localStorage. Re-read every second (the spec), and at once when another
 * tab changes it (`storage` event), so logging in or out anywhere shows up everywhere.
 */
export function useToken(): string | null {
  const [token, setToken] = useState(() => readStorage(STORAGE_KEYS.token));

  useEffect(() => {
    const reread = () => setToken(readStorage(STORAGE_KEYS.token));
    const timer = window.setInterval(reread, TIMINGS.tokenReread);
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === STORAGE_KEYS.token) reread();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  return token;
}
