import { useSyncExternalStore } from 'react';

/**
 * The global methodology flag (spec 000 §2.3, §3): the close-out completion state reported by the
 * internal closure screen; reset when the home screen opens. `undefined` = unknown.
 */
let flag: boolean | undefined;
const listeners = new Set<() => void>();

export function setMethodologyFlag(v: boolean | undefined) {
  flag = v;
  listeners.forEach((l) => l());
}
export function resetMethodologyFlag() {
  setMethodologyFlag(undefined);
}
export function getMethodologyFlag() {
  return flag;
}
export function useMethodologyFlag() {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => flag,
  );
}
