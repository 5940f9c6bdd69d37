import { useState } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import { ModalDialog, type ModalWidth } from '../dialog/ModalDialog';
import { failureMessage } from '../dialog/failure';
import { FormFieldFor } from './FormFieldFor';
import { schemaFromFields } from './schemaFromFields';
import { useZodForm, type ZodFormSchema } from './useZodForm';
import type { FormField } from './types';

export interface FormDialogProps<T> {
  title: string;
  fields: FormField<T>[];
  initial: T;
  /** Rejects to keep the dialog open: the error's message (the server's) stays visible, nothing typed is lost. */
  onSave: (values: T) => Promise<void>;
  onCancel: () => void;
  /** The body's schema (the contract's); by default one built from the fields (required, number, min, max). */
  schema?: ZodFormSchema;
  width?: ModalWidth;
}

/**
 * The popup form of the grid (add and edit) on the form kit: Close and Save, Save disabled while saving,
 * validation messages under their fields on submit, a failed save shown in the dialog with the values kept.
 * `onSave` receives the loaded values with the edited ones (parsed by the schema) over them.
 */
export function FormDialogView<T>({
  title,
  fields,
  initial,
  onSave,
  onCancel,
  schema,
  width,
}: FormDialogProps<T>) {
  const [resolved] = useState(() => schema ?? schemaFromFields(fields));
  const form = useZodForm(resolved, initial as DefaultValues<FieldValues>);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (parsed) => {
    setFailure(null);
    try {
      await onSave({ ...form.getValues(), ...parsed } as T);
    } catch (e) {
      setFailure(failureMessage(e));
    }
  });
  return (
    <ModalDialog
      title={title}
      width={width}
      closeLabel="Close"
      primaryLabel="Save"
      busy={form.formState.isSubmitting}
      error={failure}
      onClose={onCancel}
      onSubmit={submit}
    >
      {fields.map((f) => (
        <FormFieldFor key={f.key} control={form.control} field={f} />
      ))}
    </ModalDialog>
  );
}
