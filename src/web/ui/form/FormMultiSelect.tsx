import { Dropdown, Field } from '@fluentui/react-components';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { dropdownOptions, findOption } from './fields';
import type { FormOption } from './types';

/** A multiple choice (Fluent Dropdown `multiselect`) bound to a form field holding an array of ids. */
export function FormMultiSelect<T extends FieldValues>(p: {
  control: Control<T, any, any>; // any context and transformed output
  name: FieldPath<T>;
  label: string;
  options: readonly FormOption[];
  placeholder?: string;
}) {
  const { field, fieldState } = useController({ control: p.control, name: p.name });
  const values = ((field.value as (string | number)[] | undefined) ?? []).map(String);
  const labels = p.options.filter((o) => values.includes(String(o.value))).map((o) => o.label);
  const message = fieldState.error?.message;
  return (
    <Field label={p.label} validationMessage={message} validationState={message ? 'error' : 'none'}>
      <Dropdown
        ref={field.ref}
        name={field.name}
        multiselect
        value={labels.join(', ')}
        placeholder={p.placeholder}
        selectedOptions={values}
        onOptionSelect={(_, d) =>
          field.onChange(
            d.selectedOptions.map((v) => findOption(p.options, v)?.value).filter((v) => v !== undefined),
          )
        }
        onBlur={field.onBlur}
      >
        {dropdownOptions(p.options)}
      </Dropdown>
    </Field>
  );
}
