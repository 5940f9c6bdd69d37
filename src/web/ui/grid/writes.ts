import { useNotifyingMutation } from '../mutation';
import type { FormField } from '../form/types';
import type { PortalDataGridProps } from './types';

/** The toasts of a grid's writes (002 / 001 §8): a save's and a delete's success and failure. */
export interface GridWriteToasts {
  saved?: string;
  /** A save's failure: a text, or false when the popup shows the server's message (what was typed stays). */
  saveFailed?: string | false;
  removed?: string;
  removeFailed?: string;
}

const DEFAULT_TOASTS: GridWriteToasts = {
  saved: 'Saved',
  saveFailed: 'Something went wrong',
  removed: 'Saved',
  removeFailed: 'Something went wrong',
};

/**
 * The writes of a grid edited in its popup form (add, edit, delete) with their toasts, as the grid's props:
 * read-only for those who may not edit. A refused save stays in the popup with the server's message; a refused
 * delete is toasted and its confirmation closes (`keepConfirmOnFailure`: it stays open).
 */
export function useGridWrites<T>(options: {
  canEdit: boolean;
  title: string;
  fields: FormField<T>[];
  newRow?: () => Partial<T>;
  save: (values: T, original: T | undefined) => Promise<unknown>;
  remove: (row: T) => Promise<unknown>;
  toasts?: GridWriteToasts;
  keepConfirmOnFailure?: boolean;
}): Pick<PortalDataGridProps<T>, 'readOnly' | 'editForm' | 'onDelete'> {
  const toasts = options.toasts ?? DEFAULT_TOASTS;
  const save = useNotifyingMutation({
    mutationFn: ({ values, original }: { values: T; original?: T }) => options.save(values, original),
    success: toasts.saved,
    error: toasts.saveFailed,
  });
  const remove = useNotifyingMutation({
    mutationFn: options.remove,
    success: toasts.removed,
    error: toasts.removeFailed,
  });
  if (!options.canEdit) return { readOnly: true };
  return {
    readOnly: false,
    editForm: {
      title: options.title,
      fields: options.fields,
      newRow: options.newRow,
      onSave: async (values, original) => {
        await save.mutateAsync({ values, original });
      },
    },
    onDelete: async (row) => {
      const done = remove.mutateAsync(row);
      await (options.keepConfirmOnFailure ? done : done.catch(() => undefined));
    },
  };
}
