import { Suspense, lazy } from 'react';
import { Field, Skeleton, SkeletonItem, makeStyles, tokens } from '@fluentui/react-components';
import { ConflictBar, SaveState, useAutosave, type AutosaveTextFieldProps } from '../autosave';
import { useNotify } from '../toast';
import { RichTextView } from './RichTextView';
import { sanitizeRichTextHtml } from './sanitize';

/** Lexical loads with the first editor on screen, not with the page that imports this module. */
const RichTextEditor = lazy(() => import('./RichTextEditor'));

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  loading: { height: '160px' },
});

/** The props of AutosaveTextField, for HTML (no multiline, rows or maxLength: the editor grows with its text). */
export type AutosaveRichTextFieldProps = Omit<AutosaveTextFieldProps, 'multiline' | 'rows' | 'maxLength'>;

const sameHtml = (a: string, b: string) => a === b || sanitizeRichTextHtml(a) === sanitizeRichTextHtml(b);

/**
 * Rich text (Lexical) with autosave: 3 s after typing stops, at once when focus leaves the editor and its
 * toolbar, on unmount and page hide; its save state, retries and conflict choice as AutosaveTextField.
 */
export function AutosaveRichTextField({
  label,
  value,
  onSave,
  version,
  fromRecord,
  readOnly,
  placeholder,
  delayMs,
  toasts = true,
}: AutosaveRichTextFieldProps) {
  const s = useStyles();
  const notify = useNotify();
  const a = useAutosave<string>({
    value: value ?? '',
    save: onSave,
    version,
    fromRecord: (r) => (fromRecord ? (fromRecord(r) ?? '') : typeof r === 'string' ? r : ''),
    isEqual: sameHtml,
    readOnly,
    delayMs,
    onSaved: () => toasts && notify.success('Saved'),
    onFailed: (_, attempt) => toasts && attempt === 1 && notify.error('Something went wrong'),
    onConflict: (_, mounted) =>
      !mounted &&
      notify.error('Not saved', `Someone else changed “${label}” meanwhile. Open it again to choose.`),
  });
  return (
    <div className={s.root}>
      <Field
        label={label}
        hint={readOnly ? undefined : <SaveState state={a.state} retrying={a.retrying} offline={a.offline} />}
        validationState={a.state === 'failed' ? 'error' : a.state === 'conflict' ? 'warning' : 'none'}
      >
        {(field) => (
          <Suspense
            fallback={
              <Skeleton aria-label={`${label}: loading the editor`}>
                <SkeletonItem className={s.loading} />
              </Skeleton>
            }
          >
            <RichTextEditor
              id={field.id}
              aria-labelledby={field['aria-labelledby']}
              aria-describedby={field['aria-describedby']}
              toolbarLabel={`${label} formatting`}
              value={a.value}
              readOnly={readOnly}
              placeholder={placeholder}
              onChange={a.change}
              onBlur={() => void a.flush()}
            />
          </Suspense>
        )}
      </Field>
      {a.conflict ? (
        <ConflictBar
          conflict={a.conflict}
          label={label}
          renderTheirs={(html) => <RichTextView value={html} />}
          onKeepMine={a.keepMine}
          onTakeTheirs={a.takeTheirs}
        />
      ) : null}
    </div>
  );
}
