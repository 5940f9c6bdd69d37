import { Suspense, lazy } from 'react';
import type { FormDialogProps } from './form/FormDialog';

export type { FormField, FormOption } from './form/types';
export type { FormDialogProps } from './form/FormDialog';

// react-hook-form and zod load with the first form opened, not with the first screen
const FormDialogView = lazy(async () => ({ default: (await import('./form/FormDialog')).FormDialogView }));

/**
 * The popup form of the grid (add and edit): required fields, Save disabled while saving, errors kept visible.
 * Props as before (`title, fields, initial, onSave, onCancel`) plus an optional contract `schema`; built on the
 * form kit (`@web/ui/form`), loaded when first opened.
 */
export function FormDialog<T>(props: FormDialogProps<T>) {
  return (
    <Suspense fallback={null}>
      <FormDialogView {...(props as FormDialogProps<unknown>)} />
    </Suspense>
  );
}
