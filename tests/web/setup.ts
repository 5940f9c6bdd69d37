import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw-server';

// The whole suite runs on two cores: give async queries room under load.
// Fluent's modalizer (tabster) may mark an open dialog aria-hidden in jsdom when focus settles elsewhere,
// which never happens in a real browser (the e2e tests, with axe, cover the accessibility tree there):
// queries include aria-hidden elements.
configure({ asyncUtilTimeout: 10_000, defaultHidden: true });

// The Toaster is a chunk of its own, loaded with the first toast (src/web/ui/toast.tsx): loaded once here, so
// tests on a fake clock see a toast as soon as it is sent.
beforeAll(() => import('@web/ui/Toasts'));

// Unhandled requests fail the test: every call a component makes must have a handler.
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => server.close());

// jsdom lacks these; Fluent and our responsive hooks read them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as any).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
if (!(globalThis as any).NodeFilter) (globalThis as any).NodeFilter = window.NodeFilter;
