import { useCallback, useState } from 'react';
import { Button } from '@fluentui/react-components';
import { DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { Hint } from '../Hint';
import type { GridEditingProps, GridExtrasProps } from './types';

/**
 * Adding, editing and deleting rows: which popup is open (GridDialogs shows it), the toolbar's add (undefined when the
 * grid adds nothing) and each row's actions — its own, then edit and delete where the row may change.
 */
export function useGridEditing<T>(props: GridEditingProps<T> & Pick<GridExtrasProps<T>, 'rowActions'>) {
  const { readOnly, isRowReadOnly, onAdd, editForm, onEdit, onDelete, rowActions } = props;
  /** The row of the open edit popup (`row` undefined: a new row). */
  const [editing, setEditing] = useState<{ row: T | undefined } | null>(null);
  /** The row whose delete is being confirmed. */
  const [deleting, setDeleting] = useState<T | null>(null);

  const add =
    !readOnly && (onAdd || editForm) ? () => (onAdd ? onAdd() : setEditing({ row: undefined })) : undefined;
  const editable = !readOnly && !!(editForm || onEdit || onDelete);
  const hasActions = editable || !!rowActions;

  /** A row's own actions, then edit and delete where the row may change. */
  const actionsOf = useCallback(
    (item: T) => {
      const rowEditable = !readOnly && !(isRowReadOnly?.(item) ?? false);
      return (
        <>
          {rowActions?.(item)}
          {rowEditable && (editForm || onEdit) ? (
            <Hint content="Edit" relationship="label">
              <Button
                appearance="subtle"
                size="small"
                icon={<EditRegular />}
                onClick={() => (onEdit ? onEdit(item) : setEditing({ row: item }))}
              />
            </Hint>
          ) : null}
          {rowEditable && onDelete ? (
            <Hint content="Delete" relationship="label">
              <Button
                appearance="subtle"
                size="small"
                icon={<DeleteRegular />}
                onClick={() => setDeleting(item)}
              />
            </Hint>
          ) : null}
        </>
      );
    },
    [rowActions, readOnly, isRowReadOnly, editForm, onEdit, onDelete],
  );

  return { editing, setEditing, deleting, setDeleting, add, hasActions, actionsOf };
}

export type GridEditing<T> = ReturnType<typeof useGridEditing<T>>;
