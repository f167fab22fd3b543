import { createContext, useCallback, useContext, useEffect, useId, useState, type ReactNode } from 'react';
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
  const report = useCallback<Report>(
    (id, isDirty) =>
      setDirty((current) => {
        if (current.has(id) === isDirty) return current;
        const next = new Set(current);
        if (isDirty) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const any = dirty.size > 0;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      any && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
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
