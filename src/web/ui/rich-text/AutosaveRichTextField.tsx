import { Suspense, lazy } from 'react';
import { Field, Skeleton, SkeletonItem, makeStyles, tokens } from '@fluentui/react-components';
import { FieldConflict, useAutosaveField, type AutosaveTextFieldProps } from '../autosave';
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
export function AutosaveRichTextField({ placeholder, ...options }: AutosaveRichTextFieldProps) {
  const s = useStyles();
  const { readOnly, label } = options;
  const a = useAutosaveField({ ...options, isEqual: sameHtml });
  return (
    <div className={s.root}>
      <Field {...a.field}>
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
      <FieldConflict autosave={a} label={label} renderTheirs={(html) => <RichTextView value={html} />} />
    </div>
  );
}
