import { SaveState } from './SaveState';
import { useNotify } from '../toast';
import { useAutosave, type Autosave, type RecordVersion, type SaveContext } from './useAutosave';

export interface AutosaveFieldOptions {
  label: string;
  /** The text as loaded. */
  value: string | null | undefined;
  /**
   * Saves the text: send `ctx.version` as If-Match and `ctx.keepalive` (`apiSend(..., { version, keepalive })`),
   * resolve to the saved record (its `version` is the next If-Match).
   */
  onSave: (value: string, ctx: SaveContext) => Promise<unknown>;
  /** The loaded record's version, or the RecordVersion shared by the record's fields (`useRecordVersion`). */
  version?: number | null | RecordVersion;
  /** This field's text in the record a 412 answers (default: the record itself when it is a string). */
  fromRecord?: (record: any) => string | null | undefined;
  readOnly?: boolean;
  /** Debounce; default 3 s. */
  delayMs?: number;
  /** Toast "Saved" after each save and "Something went wrong" when saving fails (default true). */
  toasts?: boolean;
  isEqual?: (a: string, b: string) => boolean;
}

const asText = (v: unknown) => (typeof v === 'string' ? v : '');

/** The spec's save toasts of a field: "Saved" after each save, "Something went wrong" when a run of saves fails. */
function useSaveToasts(toasts = true) {
  const notify = useNotify();
  return {
    onSaved: () => toasts && notify.success('Saved'),
    onFailed: (_: unknown, attempt: number) =>
      toasts && attempt === 1 && notify.error('Something went wrong'),
  };
}

/** The Field's hint (the save state) and its validation state, from an autosave. */
function fieldState<T>(a: Autosave<T>, readOnly: boolean | undefined) {
  return {
    hint: readOnly ? undefined : <SaveState state={a.state} retrying={a.retrying} offline={a.offline} />,
    validationState: (a.state === 'failed' ? 'error' : a.state === 'conflict' ? 'warning' : 'none') as
      'error' | 'warning' | 'none',
  };
}

/**
 * One field that saves itself (text or rich text): the autosave hook with the spec's toasts ("Saved",
 * "Something went wrong"), the conflict toast when the field is gone, and the Field's hint and state.
 */
export function useAutosaveField({
  label,
  value,
  onSave,
  fromRecord,
  toasts = true,
  ...o
}: AutosaveFieldOptions) {
  const notify = useNotify();
  const a = useAutosave<string>({
    ...o,
    ...useSaveToasts(toasts),
    value: value ?? '',
    save: onSave,
    fromRecord: (r) => (fromRecord ? (fromRecord(r) ?? '') : asText(r)),
    onConflict: (_, mounted) =>
      !mounted &&
      notify.error('Not saved', `Someone else changed “${label}” meanwhile. Open it again to choose.`),
  });
  return { ...a, field: { label, ...fieldState(a, o.readOnly) } };
}

export interface InstantFieldOptions<T> {
  value: T;
  save: (value: T, ctx: SaveContext) => Promise<unknown>;
  /** This field's value in a record (a 412's current one). */
  fromRecord: (record: any) => T;
  version?: number | null | RecordVersion;
  readOnly?: boolean;
}

/**
 * A field saved as soon as it changes (a choice, a date, yes / no): the autosave hook without a debounce and with
 * the spec's toasts; `set` shows and saves a value at once (not when read-only); `field` is the Field's hint and
 * state.
 */
export function useInstantField<T>({ readOnly, ...o }: InstantFieldOptions<T>) {
  const a = useAutosave<T>({ ...o, ...useSaveToasts(), readOnly, delayMs: 0 });
  const set = (v: T) => {
    if (readOnly) return;
    a.change(v);
    void a.flush();
  };
  return { ...a, set, field: fieldState(a, readOnly) };
}
