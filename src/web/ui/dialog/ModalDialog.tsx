import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  Spinner,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { failureMessage } from './failure';

export type ModalWidth = 'small' | 'medium' | 'large' | number;

export interface ModalDialogProps {
  /** Default true: a dialog that is rendered is open. */
  open?: boolean;
  title: ReactNode;
  /** small 480 px, medium 600 px (Fluent's default), large 960 px, or a maximum width in px. */
  width?: ModalWidth;
  children?: ReactNode;
  /** Cancel, Escape, the backdrop: ignored while busy (a running save is never lost). */
  onClose: () => void;
  /** The label of the closing button (default "Cancel"). */
  closeLabel?: string;
  /** The primary button; without it the dialog has only the closing button. */
  primaryLabel?: string;
  /** Click on the primary button. A returned promise keeps the dialog busy until it settles; a rejection is shown. */
  onPrimary?: () => unknown;
  /**
   * Makes the body a form: Enter submits, the primary button is its submit button. A returned promise keeps
   * the dialog busy until it settles; a rejection is shown in the error area.
   */
  onSubmit?: () => unknown;
  primaryDisabled?: boolean;
  /** A save is running: the primary shows a spinner and is disabled; the dialog cannot be closed. */
  busy?: boolean;
  /** A message kept visible in the error area (MessageBar) above the body. */
  error?: ReactNode;
  /** Buttons placed before the closing and primary buttons. */
  extraActions?: ReactNode;
  /** Class of the body (layout of the content). */
  contentClassName?: string;
}

const useStyles = makeStyles({
  small: { maxWidth: '480px' },
  medium: { maxWidth: '600px' },
  large: { maxWidth: '960px' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** The fields a dialog focuses first (a form's first field), before any button. */
const FIELD =
  'input:not([type=hidden]):not([disabled]), textarea:not([disabled]), select:not([disabled]), ' +
  '[role=combobox]:not([disabled]):not([aria-disabled=true])';

const isThenable = (v: unknown): v is PromiseLike<unknown> =>
  !!v && typeof (v as { then?: unknown }).then === 'function';

/**
 * The one modal dialog of the app (Fluent `Dialog`): title, width, body, actions, busy state and an error area.
 * Focus goes to the first focusable element of the body (the first field of a form) on open; Escape closes
 * when not busy; with `onSubmit` the body is a form and Enter submits it.
 */
export function ModalDialog({
  open = true,
  title,
  width = 'medium',
  children,
  onClose,
  closeLabel = 'Cancel',
  primaryLabel,
  onPrimary,
  onSubmit,
  primaryDisabled = false,
  busy: busyProp = false,
  error: errorProp,
  extraActions,
  contentClassName,
}: ModalDialogProps) {
  const s = useStyles();
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // a dialog reopened starts clean
  useEffect(() => {
    if (!open) setFailure(null);
  }, [open]);
  const busy = busyProp || running;

  // initial focus on the first field of the body (Fluent's own choice is the first focusable element, which
  // may be a link or button before it); without fields Fluent's choice stands
  const contentRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const first = contentRef.current?.querySelector<HTMLElement>(FIELD);
    if (!first) return;
    first.focus();
    const t = setTimeout(() => {
      if (!contentRef.current?.contains(document.activeElement)) first.focus();
    });
    return () => clearTimeout(t);
  }, [open]);

  const run = (fn: (() => unknown) | undefined) => {
    if (!fn || busy) return;
    setFailure(null);
    const result = fn();
    if (!isThenable(result)) return;
    setRunning(true);
    Promise.resolve(result).then(
      () => mounted.current && setRunning(false),
      (e: unknown) => {
        if (!mounted.current) return;
        setRunning(false);
        setFailure(failureMessage(e));
      },
    );
  };

  const close = () => {
    if (!busy) onClose();
  };
  const shownError = errorProp ?? failure;
  const widthClass = typeof width === 'number' ? undefined : s[width];
  const widthStyle = typeof width === 'number' ? { maxWidth: `${width}px` } : undefined;

  const primary = primaryLabel ? (
    <Button
      appearance="primary"
      type={onSubmit ? 'submit' : 'button'}
      disabled={busy || primaryDisabled}
      icon={busy ? <Spinner size="tiny" /> : undefined}
      onClick={onSubmit ? undefined : () => run(onPrimary)}
    >
      {primaryLabel}
    </Button>
  ) : null;

  const body = (
    <DialogBody>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent ref={contentRef} className={mergeClasses(s.content, contentClassName)}>
        {shownError ? (
          <MessageBar intent="error">
            <MessageBarBody>{shownError}</MessageBarBody>
          </MessageBar>
        ) : null}
        {children}
      </DialogContent>
      <DialogActions>
        {extraActions}
        <Button appearance="secondary" onClick={close} disabled={busy}>
          {closeLabel}
        </Button>
        {primary}
      </DialogActions>
    </DialogBody>
  );

  return (
    <Dialog open={open} modalType="modal" onOpenChange={(_, d) => !d.open && close()}>
      <DialogSurface className={widthClass} style={widthStyle}>
        {onSubmit ? (
          <form
            noValidate
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              if (!primaryDisabled) run(onSubmit);
            }}
          >
            {body}
          </form>
        ) : (
          body
        )}
      </DialogSurface>
    </Dialog>
  );
}
