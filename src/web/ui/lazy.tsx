import { lazy, useState, type ComponentType } from 'react';

const registry: (() => Promise<unknown>)[] = [];

/**
 * A component whose code loads on first use (React.lazy: the nearest Suspense shows its fallback meanwhile) and
 * that renders at once — without suspending — once its code has arrived, whether by `preload()` or an earlier
 * use. Each mounted instance keeps the form it started with (no remount when the code arrives later).
 */
export function lazyComponent<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (m) => (loaded = m.default),
      (err: unknown) => {
        pending = undefined; // a failed chunk load is tried again next time
        throw err;
      },
    ));
  const Lazy = lazy(() => preload().then((C) => ({ default: C })));
  function LazyComponent(props: P) {
    const [C] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <C {...props} />;
  }
  registry.push(preload);
  return Object.assign(LazyComponent, { preload });
}

/** Loads every lazy component defined so far (tests: render as a warm app does, without a first suspension). */
export function preloadLazyComponents() {
  return Promise.all(registry.map((preload) => preload()));
}
