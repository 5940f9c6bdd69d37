import { useMemo, useState } from 'react';
import { Combobox, Field, Tag, TagGroup, makeStyles, tokens } from '@fluentui/react-components';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { comboboxOptions, fold } from './fields';
import type { FormOption } from './types';

/** At most this many matches are listed (the project list may hold thousands): typing narrows them. */
const SHOWN_MAX = 100;

const useStyles = makeStyles({
  tags: { marginTop: tokens.spacingVerticalXS, flexWrap: 'wrap', rowGap: tokens.spacingVerticalXS },
});

/**
 * A searchable multiple choice on the form kit (Fluent Combobox `multiselect`): typing filters the options
 * (accents and case ignored), each choice toggles, the chosen ones show as dismissible tags. Stores the chosen
 * options' values as an array (empty = none chosen).
 */
export function FormMultiCombobox<T extends FieldValues>(p: {
  control: Control<T, any, any>; // any context and transformed output
  name: FieldPath<T>;
  label: string;
  options: readonly FormOption[];
  placeholder?: string;
  disabled?: boolean;
}) {
  const s = useStyles();
  const { field, fieldState } = useController({ control: p.control, name: p.name });
  const value = useMemo(
    () => ((field.value as (string | number)[] | undefined) ?? []).map(String),
    [field.value],
  );
  const byValue = useMemo(() => new Map(p.options.map((o) => [String(o.value), o])), [p.options]);
  const [query, setQuery] = useState('');
  const q = fold(query.trim());
  const matches = q ? p.options.filter((o) => fold(o.label).includes(q)) : p.options;
  const shown = matches.slice(0, SHOWN_MAX);
  const set = (values: string[]) =>
    field.onChange(values.map((v) => byValue.get(v)?.value).filter((v) => v !== undefined));
  return (
    <Field
      label={p.label}
      validationMessage={fieldState.error?.message}
      validationState={fieldState.error ? 'error' : 'none'}
      hint={
        matches.length > SHOWN_MAX ? `Showing ${SHOWN_MAX} of ${matches.length}: type to narrow` : undefined
      }
    >
      <Combobox
        ref={field.ref}
        name={field.name}
        multiselect
        freeform
        value={query}
        placeholder={p.placeholder}
        disabled={p.disabled}
        selectedOptions={value}
        onChange={(e) => setQuery(e.target.value)}
        onOptionSelect={(_, d) => {
          set(d.selectedOptions);
          setQuery('');
        }}
        onBlur={() => {
          field.onBlur();
          setQuery('');
        }}
      >
        {comboboxOptions(shown)}
      </Combobox>
      {value.length > 0 ? (
        <TagGroup
          className={s.tags}
          aria-label={`${p.label} chosen`}
          onDismiss={(_, d) => set(value.filter((v) => v !== d.value))}
        >
          {value.map((v) => (
            <Tag
              key={v}
              value={v}
              size="small"
              dismissible
              dismissIcon={{ 'aria-label': `Remove ${byValue.get(v)?.label ?? v}` }}
            >
              {byValue.get(v)?.label ?? v}
            </Tag>
          ))}
        </TagGroup>
      ) : null}
    </Field>
  );
}
