import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw-server';
import { stopSaveRetries } from '@web/ui/autosave';

// The whole suite runs on two cores: give async queries room under load.
// While a modal dialog is open, Fluent's modalizer (tabster) marks the rest of the page aria-hidden, as in a
// browser, and lifts it on a timer after the dialog closes: queries include aria-hidden elements (the e2e tests,
// with axe, cover the accessibility tree). An open dialog itself is never aria-hidden (see the layout shim below).
configure({ asyncUtilTimeout: 10_000, defaultHidden: true });

// The Toaster is a chunk of its own, loaded with the first toast (src/web/ui/toast.tsx): loaded once here, so
// tests on a fake clock see a toast as soon as it is sent.
beforeAll(() => import('@web/ui/Toasts'));

// Unhandled requests fail the test: every call a component makes must have a handler. msw answers them with a
// network error (which a prefetch swallows), so they are also collected here and the test fails after it ran.
const unhandled: string[] = [];
beforeAll(() =>
  server.listen({
    onUnhandledFrame({ frame, defaults }) {
      const request = (frame.data as { request?: Request }).request;
      unhandled.push(request ? `${request.method} ${request.url}` : frame.protocol);
      defaults.error();
    },
  }),
);
afterEach(() => {
  const calls = unhandled.splice(0);
  if (calls.length) throw new Error(`Requests without an msw handler:\n${calls.join('\n')}`);
});
afterEach(() => {
  cleanup();
  // a failed save retries after its field is gone (nothing typed is lost): not into the next test
  stopSaveRetries();
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

// jsdom does no layout: `offsetParent` is always null and every box is 0×0. Tabster, Fluent's focus manager, takes
// such elements for invisible, so an opening Dialog finds nothing focusable in its surface and focuses the surface
// itself — before tabster has registered the surface as a modalizer, so the dialog is never made the active modal.
// Tabster's next aria-hidden pass (a timer, 250 ms after any DOM change) then marks that open dialog
// aria-hidden="true", which empties its accessible name: `findByRole('dialog', { name })` never finds it. Whether
// the test's query beats that timer is a matter of machine load (the "dialog never opens" flake). A browser
// focuses the dialog's first button, which activates the modal; with a layout-like `offsetParent` (per CSSOM View:
// null for hidden, fixed, detached elements and for <body>) and a <body> the size of the window, jsdom does too.
if (navigator.userAgent.includes('jsdom')) {
  const layoutOffsetParent = (el: HTMLElement): Element | null => {
    const doc = el.ownerDocument;
    if (!el.isConnected || el === doc.body || el === doc.documentElement) return null;
    const style = (e: Element) => doc.defaultView!.getComputedStyle(e);
    if (style(el).position === 'fixed') return null;
    let positioned: Element | null = null;
    for (let e: Element | null = el; e && e !== doc.documentElement; e = e.parentElement) {
      const s = style(e);
      if (s.display === 'none') return null;
      if (!positioned && e !== el && (s.position !== 'static' || e === doc.body)) positioned = e;
    }
    return positioned ?? doc.body;
  };
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get(this: HTMLElement) {
      return layoutOffsetParent(this);
    },
  });
  HTMLBodyElement.prototype.getBoundingClientRect = function (this: HTMLBodyElement) {
    const win = this.ownerDocument.defaultView!;
    return new DOMRect(0, 0, win.innerWidth, win.innerHeight);
  };
}
