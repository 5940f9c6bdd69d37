import { Suspense, lazy, useState } from 'react';
import type { FormDialog as FormDialogType } from '../FormDialog';
import type { GridEditingProps } from './types';
import type { GridEditing } from './useGridEditing';

// The edit and delete dialogs load when first opened: the grid module stays free of Dialog code.
const FormDialog = lazy(() =>
  import('../FormDialog').then((m) => ({ default: m.FormDialog })),
) as unknown as typeof FormDialogType;
const ConfirmDialog = lazy(() => import('../ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));

/**
 * The grid's popups: the add / edit form (`editForm`: the row saved is the old row merged with the form's changes)
 * and the delete confirmation (busy while `onDelete` runs; closed once it succeeds).
 */
export function GridDialogs<T>({
  editForm,
  onDelete,
  deleteConfirmText = 'Are you sure you want to delete this row?',
  editing: { editing, setEditing, deleting, setDeleting },
}: Pick<GridEditingProps<T>, 'editForm' | 'onDelete' | 'deleteConfirmText'> & { editing: GridEditing<T> }) {
  const [busy, setBusy] = useState(false);
  return (
    <>
      {editForm && editing ? (
        <Suspense fallback={null}>
          <FormDialog<T>
            title={editForm.title}
            fields={editForm.fields}
            initial={(editing.row ?? (editForm.newRow?.() as T) ?? ({} as T)) as T}
            onCancel={() => setEditing(null)}
            onSave={async (values) => {
              // Row updates merge the old row data with the changes before sending (spec 000 §2.6, §5).
              const merged = (editing.row ? { ...editing.row, ...values } : values) as T;
              await editForm.onSave(merged, editing.row);
              setEditing(null);
            }}
          />
        </Suspense>
      ) : null}
      {deleting !== null ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            title="Delete"
            busy={busy}
            onCancel={() => setDeleting(null)}
            onConfirm={async () => {
              if (!onDelete) return;
              setBusy(true);
              try {
                await onDelete(deleting);
                setDeleting(null);
              } finally {
                setBusy(false);
              }
            }}
          >
            {deleteConfirmText}
          </ConfirmDialog>
        </Suspense>
      ) : null}
    </>
  );
}
