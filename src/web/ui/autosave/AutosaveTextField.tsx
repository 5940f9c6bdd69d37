import { Field, Input, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { FieldConflict } from './ConflictBar';
import { useAutosaveField, type AutosaveFieldOptions } from './useAutosaveField';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
});

export interface AutosaveTextFieldProps extends Omit<AutosaveFieldOptions, 'isEqual'> {
  multiline?: boolean;
  rows?: number;
  placeholder?: string;
  maxLength?: number;
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
      <FieldConflict autosave={a} label={label} />
    </div>
  );
}
