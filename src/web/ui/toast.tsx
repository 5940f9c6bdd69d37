import {
  Suspense,
  createContext,
  lazy,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

type Notify = (title: string, body?: string) => void;
export interface Notifier {
  info: Notify;
  success: Notify;
  error: Notify;
}
export interface ToastItem {
  intent: 'info' | 'success' | 'error';
  title: string;
  body?: string;
}
type Show = (t: ToastItem) => void;
interface ToastBus {
  show: Show;
  /** The Toaster connects here; toasts sent before it had loaded are shown at once. */
  connect: (show: Show) => () => void;
}

// Fluent's Toaster loads with the first toast or a few seconds after start: the first screen never needs it
const Toasts = lazy(() => import('./Toasts'));
const ToastBusContext = createContext<ToastBus>({ show: () => undefined, connect: () => () => undefined });

/** Hosts the app's toasts (info, success, error; 3 s; dismissible). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [active, setActive] = useState(false);
  const pending = useRef<ToastItem[]>([]);
  const sink = useRef<Show | null>(null);
  const bus = useMemo<ToastBus>(
    () => ({
      show: (t) => {
        if (sink.current) sink.current(t);
        else {
          pending.current.push(t);
          setActive(true);
        }
      },
      connect: (show) => {
        sink.current = show;
        for (const t of pending.current.splice(0)) show(t);
        return () => {
          if (sink.current === show) sink.current = null;
        };
      },
    }),
    [],
  );
  // once the page has been idle a while (the first screen long shown), the Toaster loads ahead of any toast
  useEffect(() => {
    const timer = window.setTimeout(() => setActive(true), 5000);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <ToastBusContext.Provider value={bus}>
      {children}
      {active ? (
        <Suspense fallback={null}>
          <Toasts connect={bus.connect} />
        </Suspense>
      ) : null}
    </ToastBusContext.Provider>
  );
}

/** Shows a toast: `notify.success('Saved')`, `notify.error('Something went wrong')`. */
export function useNotify(): Notifier {
  const bus = useContext(ToastBusContext);
  return useMemo(
    () => ({
      info: (title, body) => bus.show({ intent: 'info', title, body }),
      success: (title, body) => bus.show({ intent: 'success', title, body }),
      error: (title, body) => bus.show({ intent: 'error', title, body }),
    }),
    [bus],
  );
}
