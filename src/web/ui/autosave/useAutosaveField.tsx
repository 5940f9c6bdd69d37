import { SaveState } from './SaveState';
import { useNotify } from '../toast';
import { useAutosave, type RecordVersion, type SaveContext } from './useAutosave';

export interface AutosaveFieldOptions {
  label: string;
  value: string | null | undefined;
  onSave: (value: string, ctx: SaveContext) => Promise<unknown>;
  version?: number | null | RecordVersion;
  fromRecord?: (record: any) => string | null | undefined;
  readOnly?: boolean;
  delayMs?: number;
  toasts?: boolean;
  isEqual?: (a: string, b: string) => boolean;
}

const asText = (v: unknown) => (typeof v === 'string' ? v : '');

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
    value: value ?? '',
    save: onSave,
    fromRecord: (r) => (fromRecord ? (fromRecord(r) ?? '') : asText(r)),
    onSaved: () => toasts && notify.success('Saved'),
    onFailed: (_, attempt) => toasts && attempt === 1 && notify.error('Something went wrong'),
    onConflict: (_, mounted) =>
      !mounted &&
      notify.error('Not saved', `Someone else changed “${label}” meanwhile. Open it again to choose.`),
  });
  const field = {
    label,
    hint: o.readOnly ? undefined : <SaveState state={a.state} retrying={a.retrying} offline={a.offline} />,
    validationState: (a.state === 'failed' ? 'error' : a.state === 'conflict' ? 'warning' : 'none') as
      'error' | 'warning' | 'none',
  };
  return { ...a, field };
}
