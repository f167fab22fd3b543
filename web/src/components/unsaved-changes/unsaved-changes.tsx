import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';

type Report = (id: string, dirty: boolean) => void;

const UnsavedContext = createContext<Report | null>(null);

/**
 * Asks before leaving a page while any form inside it holds unsaved changes (issue 45): a link or
 * the back button inside the app asks "leave and lose them?", a reload or a closed tab gets the
 * browser's own question. One router blocker for all the forms (a router holds one at a time);
 * each form says whether it is dirty with useUnsavedChanges.
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [dirty, setDirty] = useState<ReadonlySet<string>>(() => new Set());
  // The router asks the blocker at once: a form that reports itself clean and then leaves in the
  // same turn (the create form, on to the product it made) must not be asked, before this
  // component has rendered again.
  const dirtyNow = useRef<ReadonlySet<string>>(dirty);
  const report = useCallback<Report>((id, isDirty) => {
    const current = dirtyNow.current;
    if (current.has(id) === isDirty) return;
    const next = new Set(current);
    if (isDirty) next.add(id);
    else next.delete(id);
    dirtyNow.current = next;
    setDirty(next);
  }, []);
  const any = dirty.size > 0;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyNow.current.size > 0 &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(t('admin.unsaved.leave'))) blocker.proceed();
    else blocker.reset();
  }, [blocker, t]);

  useEffect(() => {
    if (!any) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [any]);

  return <UnsavedContext.Provider value={report}>{children}</UnsavedContext.Provider>;
}

/** Tells the page's guard whether this form holds unsaved changes; nothing outside a guard. */
export function useUnsavedChanges(dirty: boolean): void {
  const report = useContext(UnsavedContext);
  const id = useId();
  useEffect(() => {
    report?.(id, dirty);
  }, [report, id, dirty]);
  useEffect(() => () => report?.(id, false), [report, id]);
}

/** Whether a form's draft differs from what was last loaded or saved (flat drafts of fields). */
export function isDirty<T extends object>(draft: T, saved: T): boolean {
  return (Object.keys(draft) as (keyof T)[]).some((key) => draft[key] !== saved[key]);
}
