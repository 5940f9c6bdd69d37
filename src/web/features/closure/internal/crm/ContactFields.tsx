import { Dropdown, Field, Input, Option, type FieldProps } from '@fluentui/react-components';
import { useController, type Control } from 'react-hook-form';
import type { CrmContact } from '@domain/contract';
import type { CrmRow } from './model';

/** One choice of a select of the Edit Stakeholder modal. */
export interface Choice {
  value: string;
  label: string;
}

/**
 * A field of the Edit Stakeholder modal bound to its form. The message under it is the schema's own (§5's
 * 'Required', 'Invalid format', 'Invalid email format'), not the form kit's "<Label> is required".
 */
interface ContactFieldProps {
  control: Control<CrmRow>;
  name: keyof CrmContact & string;
  label: string;
  required?: boolean;
  disabled: boolean;
}

function useContactField({ control, name, label, required }: ContactFieldProps) {
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message;
  const fieldProps: FieldProps = {
    label,
    required,
    validationMessage: message,
    validationState: message ? 'error' : 'none',
  };
  return { field, fieldProps };
}

/** A one-line text (the typed string). */
export function ContactText(p: ContactFieldProps & { placeholder?: string; type?: 'email' }) {
  const { field, fieldProps } = useContactField(p);
  return (
    <Field {...fieldProps}>
      <Input
        ref={field.ref}
        name={field.name}
        value={String(field.value ?? '')}
        disabled={p.disabled}
        placeholder={p.placeholder}
        type={p.type}
        onChange={(_, d) => field.onChange(d.value)}
        onBlur={field.onBlur}
      />
    </Field>
  );
}

/**
 * A select (a list with `multi`, a number with `numeric`); choosing counts as leaving the field, so its message
 * shows at once.
 */
export function ContactSelect(
  p: ContactFieldProps & { choices: readonly Choice[]; multi?: boolean; numeric?: boolean },
) {
  const { field, fieldProps } = useContactField(p);
  const raw: unknown = field.value;
  const selected = (
    Array.isArray(raw) ? raw : raw !== null && raw !== undefined && raw !== '' ? [raw] : []
  ).map(String);
  const shown = selected.map((v) => p.choices.find((ch) => ch.value === v)?.label ?? v).join(', ');
  return (
    <Field {...fieldProps}>
      <Dropdown
        ref={field.ref}
        aria-label={p.label}
        multiselect={p.multi}
        placeholder="Select"
        value={shown}
        selectedOptions={selected}
        disabled={p.disabled}
        onOptionSelect={(_, d) => {
          if (p.multi) field.onChange(d.selectedOptions.length ? d.selectedOptions : undefined);
          else field.onChange(p.numeric ? Number(d.optionValue) : d.optionValue);
          field.onBlur();
        }}
        onBlur={field.onBlur}
      >
        {p.choices.map((ch) => (
          <Option key={ch.value} value={ch.value}>
            {ch.label}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}
