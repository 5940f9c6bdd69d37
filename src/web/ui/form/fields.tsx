import { useEffect, useState } from 'react';
import {
  Combobox,
  Dropdown,
  Field,
  Input,
  Option,
  Switch,
  Textarea,
  type FieldProps,
} from '@fluentui/react-components';
import {
  useController,
  type Control,
  type FieldPath,
  type FieldValues,
  type UseControllerReturn,
} from 'react-hook-form';
import { isoDay } from '../dates';
import { REQUIRED } from './useZodForm';
import type { FormOption } from './types';

/** The props every bound field takes: the form's `control`, the field's `name`, and what the Field shows. */
export interface FormFieldProps<T extends FieldValues> {
  control: Control<T, any, any>; // any context and transformed output
  name: FieldPath<T>;
  label: string;
  /** Shows the required mark; what is required is the schema's to say. */
  required?: boolean;
  readOnly?: boolean;
  hint?: FieldProps['hint'];
  placeholder?: string;
  className?: string;
}

/** Accent- and case-insensitive form of a text, for searching ("São" matches "sao"). */
export const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function useBound<T extends FieldValues>(
  p: FormFieldProps<T>,
): {
  field: UseControllerReturn<T>['field'];
  fieldProps: FieldProps;
} {
  const { field, fieldState } = useController({ control: p.control, name: p.name });
  const raw = fieldState.error?.message;
  // any error on an empty field means it needs a value: "<Label> is required" (not "must be a date YYYY-MM-DD")
  const message =
    raw === undefined ? undefined : raw === REQUIRED || isEmpty(field.value) ? `${p.label} is required` : raw;
  return {
    field,
    fieldProps: {
      label: p.label,
      required: p.required,
      hint: p.hint,
      className: p.className,
      validationMessage: message,
      validationState: message ? 'error' : 'none',
    },
  };
}

/** What a text input takes of its bound field: the ref (focus on error), the name, read-only and blur. */
const inputBinding = <T extends FieldValues>(
  field: UseControllerReturn<T>['field'],
  p: FormFieldProps<T>,
) => ({
  ref: field.ref,
  name: field.name,
  readOnly: p.readOnly,
  onBlur: field.onBlur,
});

/** A one-line text (stores the string; empty is ''). */
export function FormText<T extends FieldValues>(p: FormFieldProps<T> & { type?: 'text' | 'email' | 'url' }) {
  const { field, fieldProps } = useBound(p);
  return (
    <Field {...fieldProps}>
      <Input
        {...inputBinding(field, p)}
        type={p.type ?? 'text'}
        value={(field.value as string | null | undefined) ?? ''}
        placeholder={p.placeholder}
        onChange={(_, d) => field.onChange(d.value)}
      />
    </Field>
  );
}

/** A multi-line text (stores the string; Enter makes a new line). */
export function FormTextarea<T extends FieldValues>(p: FormFieldProps<T> & { rows?: number }) {
  const { field, fieldProps } = useBound(p);
  return (
    <Field {...fieldProps}>
      <Textarea
        {...inputBinding(field, p)}
        rows={p.rows}
        value={(field.value as string | null | undefined) ?? ''}
        placeholder={p.placeholder}
        onChange={(_, d) => field.onChange(d.value)}
      />
    </Field>
  );
}

const numberText = (v: unknown) => (v === undefined || v === null || Number.isNaN(v) ? '' : String(v));
const parseNumber = (s: string) => (s.trim() === '' ? null : Number(s));

/** A number (stores a number, null when empty, NaN when not a number: the schema says so). */
export function FormNumber<T extends FieldValues>(
  p: FormFieldProps<T> & { min?: number; max?: number; step?: number },
) {
  const { field, fieldProps } = useBound(p);
  // the typed text is kept as typed ("1." stays) while the form holds the number
  const [text, setText] = useState(numberText(field.value));
  useEffect(() => {
    setText((t) => (Object.is(parseNumber(t), field.value ?? null) ? t : numberText(field.value)));
  }, [field.value]);
  return (
    <Field {...fieldProps}>
      <Input
        {...inputBinding(field, p)}
        type="number"
        inputMode="decimal"
        value={text}
        min={p.min}
        max={p.max}
        step={p.step}
        placeholder={p.placeholder}
        onChange={(_, d) => {
          setText(d.value);
          field.onChange(parseNumber(d.value));
        }}
      />
    </Field>
  );
}

/** A calendar date (stores 'YYYY-MM-DD', null when empty; shows the date part of a date-time). */
export function FormDate<T extends FieldValues>(p: FormFieldProps<T> & { min?: string; max?: string }) {
  const { field, fieldProps } = useBound(p);
  const v = field.value as string | null | undefined;
  return (
    <Field {...fieldProps}>
      <Input
        {...inputBinding(field, p)}
        type="date"
        value={isoDay(v ? String(v) : null)}
        min={p.min}
        max={p.max}
        onChange={(_, d) => field.onChange(d.value === '' ? null : d.value)}
      />
    </Field>
  );
}

/** A yes/no switch (stores a boolean). */
export function FormSwitch<T extends FieldValues>(p: FormFieldProps<T> & { switchLabel?: string }) {
  const { field, fieldProps } = useBound(p);
  return (
    <Field {...fieldProps}>
      <Switch
        ref={field.ref}
        name={field.name}
        checked={!!field.value}
        disabled={p.readOnly}
        label={p.switchLabel}
        onChange={(_, d) => field.onChange(d.checked)}
        onBlur={field.onBlur}
      />
    </Field>
  );
}

/** The option whose value is `v` (options' values are compared as text, as Fluent gives them back). */
export const findOption = (options: readonly FormOption[], v: unknown) =>
  v === undefined || v === null ? undefined : options.find((o) => String(o.value) === String(v));

/** A Dropdown's options. */
export const dropdownOptions = (options: readonly FormOption[]) =>
  options.map((o) => (
    <Option key={String(o.value)} value={String(o.value)}>
      {o.label}
    </Option>
  ));

/** A Combobox's options as typed text narrows them, or one disabled "No matches" line. */
export const comboboxOptions = (shown: readonly FormOption[], noMatchText = 'No matches') =>
  shown.length > 0 ? (
    shown.map((o) => (
      <Option key={String(o.value)} value={String(o.value)} text={o.label}>
        {o.label}
      </Option>
    ))
  ) : (
    <Option key="__none" value="" text="" disabled>
      {noMatchText}
    </Option>
  );

/** A select (Fluent Dropdown) over options; stores the option's value (number or string). */
export function FormSelect<T extends FieldValues>(p: FormFieldProps<T> & { options: readonly FormOption[] }) {
  const { field, fieldProps } = useBound(p);
  const selected = findOption(p.options, field.value);
  return (
    <Field {...fieldProps}>
      <Dropdown
        ref={field.ref}
        name={field.name}
        value={selected?.label ?? ''}
        placeholder={p.placeholder}
        selectedOptions={selected ? [String(selected.value)] : []}
        disabled={p.readOnly}
        onOptionSelect={(_, d) => field.onChange(findOption(p.options, d.optionValue)?.value ?? null)}
        onBlur={field.onBlur}
      >
        {dropdownOptions(p.options)}
      </Dropdown>
    </Field>
  );
}

/**
 * A searchable select (Fluent Combobox): typing filters the options, ignoring accents and case; stores the
 * chosen option's value. Emptying the text clears the choice; other text not chosen from the list is undone
 * on leaving the field.
 */
export function FormCombobox<T extends FieldValues>(
  p: FormFieldProps<T> & { options: readonly FormOption[]; noMatchText?: string },
) {
  const { field, fieldProps } = useBound(p);
  const selected = findOption(p.options, field.value);
  const selectedLabel = selected?.label ?? '';
  const [query, setQuery] = useState(selectedLabel);
  useEffect(() => setQuery(selectedLabel), [selectedLabel]);
  const q = fold(query.trim());
  const shown =
    query === selectedLabel || q === '' ? p.options : p.options.filter((o) => fold(o.label).includes(q));
  return (
    <Field {...fieldProps}>
      <Combobox
        ref={field.ref}
        name={field.name}
        value={query}
        placeholder={p.placeholder}
        selectedOptions={selected ? [String(selected.value)] : []}
        disabled={p.readOnly}
        onChange={(e) => setQuery(e.target.value)}
        onOptionSelect={(_, d) => {
          const o = findOption(p.options, d.optionValue);
          if (!o) return;
          field.onChange(o.value);
          setQuery(o.label);
        }}
        onBlur={() => {
          field.onBlur();
          if (query.trim() === '') {
            if (selected) field.onChange(null);
            setQuery('');
          } else if (query !== selectedLabel) setQuery(selectedLabel);
        }}
      >
        {comboboxOptions(shown, p.noMatchText)}
      </Combobox>
    </Field>
  );
}
