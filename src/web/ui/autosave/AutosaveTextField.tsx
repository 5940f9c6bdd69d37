import { Field, Input, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { ConflictBar } from './ConflictBar';
import type { RecordVersion, SaveContext } from './useAutosave';
import { useAutosaveField } from './useAutosaveField';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
});

export interface AutosaveTextFieldProps {
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
  multiline?: boolean;
  rows?: number;
  placeholder?: string;
  maxLength?: number;
  /** Debounce; default 3 s. */
  delayMs?: number;
  /** Toast "Saved" after each save and "Something went wrong" when saving fails (default true). */
  toasts?: boolean;
}

/**
 * A text field that autosaves (3 s after typing stops, at once on blur, on unmount and page hide), shows its
 * save state, retries failed saves and, when someone else changed the record meanwhile, shows their text
 * with "Keep mine" / "Take theirs".
 */
export function AutosaveTextField({
  multiline,
  rows = 4,
  placeholder,
  maxLength,
  ...options
}: AutosaveTextFieldProps) {
  const s = useStyles();
  const { readOnly, label } = options;
  const a = useAutosaveField(options);
  const onBlur = () => void a.flush();
  return (
    <div className={s.root}>
      <Field {...a.field}>
        {multiline ? (
          <Textarea
            value={a.value}
            readOnly={readOnly}
            rows={rows}
            placeholder={placeholder}
            maxLength={maxLength}
            resize="vertical"
            onChange={(_, d) => a.change(d.value)}
            onBlur={onBlur}
          />
        ) : (
          <Input
            value={a.value}
            readOnly={readOnly}
            placeholder={placeholder}
            maxLength={maxLength}
            onChange={(_, d) => a.change(d.value)}
            onBlur={onBlur}
          />
        )}
      </Field>
      {a.conflict ? (
        <ConflictBar
          conflict={a.conflict}
          label={label}
          onKeepMine={a.keepMine}
          onTakeTheirs={a.takeTheirs}
        />
      ) : null}
    </div>
  );
}
