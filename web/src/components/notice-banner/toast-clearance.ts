import { useSyncExternalStore } from 'react';

/**
 * Where toasts start while the notice banner is on their line ('' when it is not): the banner
 * measures it, the toast container sets it on itself (styles/global.css reads it there). On the
 * root element it would restyle the whole page at each change (custom properties inherit).
 */
let clearance = '';
const listeners = new Set<() => void>();

export function setNoticeClearance(value: string): void {
  if (value === clearance) return;
  clearance = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useNoticeClearance = (): string =>
  useSyncExternalStore(
    subscribe,
    () => clearance,
    () => '',
  );
