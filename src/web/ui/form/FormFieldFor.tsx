import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormCombobox, FormDate, FormNumber, FormSelect, FormSwitch, FormText, FormTextarea } from './fields';
import type { FormField } from './types';

/** The bound field component of a field described as data. */
export function FormFieldFor<T extends FieldValues>({
  control,
  field: f,
}: {
  control: Control<T, any, any>; // any context and transformed output
  field: FormField<any>; // the described record is free
}) {
  const common = {
    control,
    name: f.key as FieldPath<T>,
    label: f.label,
    required: f.required,
    readOnly: f.readOnly,
  };
  switch (f.type) {
    case 'textarea':
      return <FormTextarea {...common} />;
    case 'number':
      return <FormNumber {...common} min={f.min} max={f.max} step={f.step} />;
    case 'date':
      return <FormDate {...common} />;
    case 'boolean':
      return <FormSwitch {...common} />;
    case 'select':
      return <FormSelect {...common} options={f.options ?? []} />;
    case 'combobox':
      return <FormCombobox {...common} options={f.options ?? []} />;
    default:
      return <FormText {...common} />;
  }
}
