import { useCallback, useEffect, useRef, useState } from 'react';
import { Field, Input, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { AUTOSAVE_DELAY_MS } from '@domain/constants';
import { useNotify } from './toast';

export type AutosaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

export interface AutosaveOptions {
  save: (value: string) => Promise<void>;
  delayMs?: number;
  readOnly?: boolean;
  /** First retry after a failure (doubles each time, capped at 30 s). */
  retryMs?: number;
  onSaved?: () => void;
  onFailed?: (e: unknown) => void;
}

/**
 * Saves a text value 3 s after typing stops and at once on flush (blur); never when read-only.
 * Saves run one at a time and the latest value wins; a failed save keeps the value pending and
 * retries with backoff; a pending value is flushed on unmount and when the page is hidden.
 */
export function useAutosave({
  save,
  delayMs = AUTOSAVE_DELAY_MS,
  readOnly = false,
  retryMs = 2000,
  onSaved,
  onFailed,
}: AutosaveOptions) {
  const [state, setState] = useState<AutosaveState>('idle');
  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const running = useRef<Promise<void> | null>(null);
  const backoff = useRef(retryMs);
  const mounted = useRef(true);
  const cb = useRef({ save, onSaved, onFailed });
  cb.current = { save, onSaved, onFailed };

  const set = (s: AutosaveState) => mounted.current && setState(s);

  const run = useCallback(async (): Promise<void> => {
    if (running.current) {
      await running.current;
      return run();
    }
    if (pending.current === null) return;
    const value = pending.current;
    pending.current = null;
    set('saving');
    running.current = (async () => {
      try {
        await cb.current.save(value);
        backoff.current = retryMs;
        set(pending.current === null ? 'saved' : 'pending');
        cb.current.onSaved?.();
      } catch (e) {
        // keep the value (unless a newer one was typed meanwhile) and retry
        if (pending.current === null) pending.current = value;
        set('error');
        cb.current.onFailed?.(e);
        clearTimeout(timer.current);
        const wait = backoff.current;
        backoff.current = Math.min(backoff.current * 2, 30_000);
        timer.current = setTimeout(() => void run(), wait);
      }
    })();
    try {
      await running.current;
    } finally {
      running.current = null;
    }
    // a value typed during the save is saved by its own timer or flush
  }, [retryMs]);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    return run();
  }, [run]);

  const change = useCallback(
    (value: string) => {
      if (readOnly) return;
      pending.current = value;
      set('pending');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void run(), delayMs);
    },

    [readOnly, delayMs, run],
  );

  useEffect(() => {
    mounted.current = true;
    const onHide = () => void flush();
    const onVisibility = () => document.visibilityState === 'hidden' && void flush();
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      mounted.current = false;
      void flush();
    };
  }, [flush]);

  return { state, change, flush };
}

const useStyles = makeStyles({
  status: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  error: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
});

export interface AutosaveTextFieldProps {
  label: string;
  value: string | null | undefined;
  onSave: (value: string) => Promise<void>;
  readOnly?: boolean;
  multiline?: boolean;
  rows?: number;
  placeholder?: string;
  maxLength?: number;
  delayMs?: number;
}

/** A text field that autosaves (3 s after typing stops, at once on blur) with "Saved" / "Something went wrong". */
export function AutosaveTextField({
  label,
  value,
  onSave,
  readOnly,
  multiline,
  rows = 4,
  placeholder,
  maxLength,
  delayMs,
}: AutosaveTextFieldProps) {
  const s = useStyles();
  const notify = useNotify();
  const [text, setText] = useState(value ?? '');
  const dirty = useRef(false);
  useEffect(() => {
    if (!dirty.current) setText(value ?? '');
  }, [value]);
  const { state, change, flush } = useAutosave({
    save: onSave,
    readOnly,
    delayMs,
    onSaved: () => {
      dirty.current = false;
      notify.success('Saved');
    },
    onFailed: () => notify.error('Something went wrong'),
  });
  const onChange = (v: string) => {
    dirty.current = true;
    setText(v);
    change(v);
  };
  const hint =
    state === 'error' ? (
      <span className={s.error}>Not saved — retrying</span>
    ) : state === 'pending' || state === 'saving' ? (
      <span className={s.status}>Saving…</span>
    ) : undefined;
  return (
    <Field label={label} hint={hint} validationState={state === 'error' ? 'error' : 'none'}>
      {multiline ? (
        <Textarea
          value={text}
          readOnly={readOnly}
          rows={rows}
          placeholder={placeholder}
          maxLength={maxLength}
          resize="vertical"
          onChange={(_, d) => onChange(d.value)}
          onBlur={() => void flush()}
        />
      ) : (
        <Input
          value={text}
          readOnly={readOnly}
          placeholder={placeholder}
          maxLength={maxLength}
          onChange={(_, d) => onChange(d.value)}
          onBlur={() => void flush()}
        />
      )}
    </Field>
  );
}

/**
 * Rich text with autosave: a formatted-text editor (bold, italic, lists) on a contentEditable region,
 * saving HTML with the same rules as AutosaveTextField.
 */
export function AutosaveRichTextField({
  label,
  value,
  onSave,
  readOnly,
  delayMs,
}: Omit<AutosaveTextFieldProps, 'multiline' | 'rows' | 'maxLength' | 'placeholder'>) {
  const notify = useNotify();
  const ref = useRef<HTMLDivElement>(null);
  const dirty = useRef(false);
  const id = useRef(`rt-${Math.random().toString(36).slice(2)}`);
  useEffect(() => {
    if (ref.current && !dirty.current && ref.current.innerHTML !== (value ?? ''))
      ref.current.innerHTML = value ?? '';
  }, [value]);
  const { state, change, flush } = useAutosave({
    save: onSave,
    readOnly,
    delayMs,
    onSaved: () => {
      dirty.current = false;
      notify.success('Saved');
    },
    onFailed: () => notify.error('Something went wrong'),
  });
  const cmd = (c: string) => {
    if (readOnly) return;
    document.execCommand?.(c);
    if (ref.current) {
      dirty.current = true;
      change(ref.current.innerHTML);
    }
  };
  return (
    <Field
      label={{ children: label, id: id.current }}
      validationState={state === 'error' ? 'error' : 'none'}
      validationMessage={state === 'error' ? 'Not saved — retrying' : undefined}
    >
      <div>
        {!readOnly && (
          <div
            role="toolbar"
            aria-label={`${label} formatting`}
            style={{ display: 'flex', gap: 4, marginBottom: 4 }}
          >
            <button
              type="button"
              aria-label="Bold"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => cmd('bold')}
            >
              <b>B</b>
            </button>
            <button
              type="button"
              aria-label="Italic"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => cmd('italic')}
            >
              <i>I</i>
            </button>
            <button
              type="button"
              aria-label="Bulleted list"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => cmd('insertUnorderedList')}
            >
              •
            </button>
          </div>
        )}
        <div
          ref={ref}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={id.current}
          aria-readonly={readOnly || undefined}
          contentEditable={!readOnly}
          suppressContentEditableWarning
          tabIndex={0}
          style={{
            minHeight: 120,
            padding: 8,
            border: `1px solid ${tokens.colorNeutralStroke1}`,
            borderRadius: 4,
          }}
          onInput={() => {
            dirty.current = true;
            change(ref.current?.innerHTML ?? '');
          }}
          onBlur={() => void flush()}
        />
      </div>
    </Field>
  );
}
