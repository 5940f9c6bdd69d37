import { useCallback, useEffect, useRef } from 'react';

/** Height of one row in virtual mode (Fluent's medium table row). */
export const ROW_HEIGHT = 44;
/** Rows rendered beyond the visible ones in virtual mode. */
export const OVERSCAN = 10;

/** The search box's debounce before the server is asked (infinite mode). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A debounced call of `fn`: each call restarts the wait; the latest `fn` runs with the last arguments.
 * Pending calls are dropped on unmount.
 */
export function useDebouncedCallback<A extends unknown[]>(
  fn: ((...args: A) => void) | undefined,
  ms: number,
) {
  const fnRef = useRef(fn);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    fnRef.current = fn;
  }, [fn]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (...args: A) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => fnRef.current?.(...args), ms);
    },
    [ms],
  );
}
