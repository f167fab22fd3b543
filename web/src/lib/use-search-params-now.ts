import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

/**
 * `useSearchParams`, with a setter that builds on the address as it is now. React Router renders a
 * navigation as a transition and builds on the address the screen shows: a second change made
 * before the first is rendered (a quick second choice on a slow device) would undo the first.
 */
export function useSearchParamsNow() {
  const [params, setParams] = useSearchParams();
  const now = useRef(params);
  // Back, forward and links change the address too.
  useEffect(() => {
    now.current = params;
  }, [params]);
  const change = useCallback(
    (next: (now: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      now.current = next(new URLSearchParams(now.current));
      setParams(now.current, options);
    },
    [setParams],
  );
  return [params, change] as const;
}
