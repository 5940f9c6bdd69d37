import { useEffect } from 'react';
import {
  Button,
  Toast,
  ToastBody,
  ToastTitle,
  Toaster,
  useId,
  useToastController,
} from '@fluentui/react-components';
import { Dismiss16Regular } from '@fluentui/react-icons';
import { TOAST_LIFETIME_MS } from '@domain/constants';
import type { ToastItem } from './toast';

/** Fluent's Toaster (loaded after the first screen): shows every toast the app's notifier sends. */
export default function Toasts({ connect }: { connect: (show: (t: ToastItem) => void) => () => void }) {
  const toasterId = useId('portal-toaster');
  const { dispatchToast, dismissToast } = useToastController(toasterId);
  useEffect(
    () =>
      connect(({ intent, title, body }) => {
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
      }),
    [connect, dispatchToast, dismissToast],
  );
  return <Toaster toasterId={toasterId} position="top-end" timeout={TOAST_LIFETIME_MS} pauseOnHover />;
}
