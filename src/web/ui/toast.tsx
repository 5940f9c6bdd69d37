import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import {
  Button,
  Toast,
  ToastBody,
  ToastTitle,
  Toaster,
  useId,
  useToastController,
  type ToastIntent,
} from '@fluentui/react-components';
import { Dismiss16Regular } from '@fluentui/react-icons';
import { TOAST_LIFETIME_MS } from '@domain/constants';

type Notify = (title: string, body?: string) => void;
export interface Notifier {
  info: Notify;
  success: Notify;
  error: Notify;
}

const ToasterIdContext = createContext<string>('portal-toaster');

/** Hosts the app's toasts (info, success, error; 3 s; dismissible). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const toasterId = useId('portal-toaster');
  return (
    <ToasterIdContext.Provider value={toasterId}>
      {children}
      <Toaster toasterId={toasterId} position="top-end" timeout={TOAST_LIFETIME_MS} pauseOnHover />
    </ToasterIdContext.Provider>
  );
}

export function useNotify(): Notifier {
  const toasterId = useContext(ToasterIdContext);
  const { dispatchToast, dismissToast } = useToastController(toasterId);
  const show = useCallback(
    (intent: ToastIntent) => (title: string, body?: string) => {
      const toastId = `${intent}-${Date.now()}-${Math.random()}`;
      dispatchToast(
        <Toast>
          <ToastTitle
            action={
              <Button
                appearance="transparent"
                size="small"
                icon={<Dismiss16Regular />}
                aria-label="Dismiss"
                onClick={() => dismissToast(toastId)}
              />
            }
          >
            {title}
          </ToastTitle>
          {body ? <ToastBody>{body}</ToastBody> : null}
        </Toast>,
        { intent, toastId, timeout: TOAST_LIFETIME_MS },
      );
    },
    [dispatchToast, dismissToast],
  );
  return useMemo(() => ({ info: show('info'), success: show('success'), error: show('error') }), [show]);
}
