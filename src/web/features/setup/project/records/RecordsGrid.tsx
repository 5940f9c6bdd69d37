import { useState, type ReactNode } from 'react';
import { PAGE_SIZE_SESSION_GRIDS, STAKEHOLDER_STATUS } from '@domain/constants';
import { ErrorState, FormDialog, PortalDataGrid, StatusDot, type FormField } from '@web/ui';
import type { PortalColumn } from '@web/ui';
import { useNotifyingMutation } from '@web/ui/mutation';
import type { ZodFormSchema } from '@web/ui/form/useZodForm';
import {
  useSessionRecordMutations,
  useSessionRecords,
  type RecordKind,
  type RecordTypes,
} from './api/session-records';

/** The status options of risks and stakeholders (001 §3: 1 Green … 5 Legacy; `labels` overrides a label). */
export const statusOptions = (labels: Record<number, string> = {}) =>
  Object.entries(STAKEHOLDER_STATUS).map(([id, s]) => ({
    value: Number(id),
    label: labels[Number(id)] ?? s.label,
  }));

/** The coloured status dot with its label as tooltip (001 §2; stakeholders say Gray for 5). */
export function RecordStatusDot({
  status,
  labels = {},
}: {
  status: number | null;
  labels?: Record<number, string>;
}) {
  const s = status == null ? undefined : STAKEHOLDER_STATUS[status];
  return s ? <StatusDot colour={s.colour} label={labels[status!] ?? s.label} /> : null;
}

export interface RecordsGridProps<K extends RecordKind> {
  kind: K;
  projectId: number;
  sessionId: number | undefined;
  canEdit: boolean;
  /** The grid's name (and the dialog's title). */
  title: string;
  addLabel: string;
  columns: PortalColumn<RecordTypes[K]>[];
  fields: FormField<RecordTypes[K]>[];
  /** The contract's body schema (its messages show under the fields). */
  schema: ZodFormSchema;
  /** The values of a new row. */
  newRow: Partial<RecordTypes[K]>;
  deleteConfirmText: string;
  emptyText: string;
  /** More buttons beside Add (the stakeholders' import). */
  toolbar?: ReactNode;
}

/**
 * A session's record grid (001 §2, §9): 8 per page, popup add / edit on the contract's schema and delete
 * with confirmation — all hidden when the caller may not write (001 §6). "Saved" on success, "Something went
 * wrong" on failure (001 §8); the server's answer goes into the cached list.
 */
export function RecordsGrid<K extends RecordKind>(p: RecordsGridProps<K>) {
  type R = RecordTypes[K];
  const rows = useSessionRecords(p.kind, p.projectId, p.sessionId);
  const m = useSessionRecordMutations(p.kind, p.projectId, p.sessionId);
  const [editing, setEditing] = useState<{ row?: R } | null>(null);
  const save = useNotifyingMutation({
    mutationFn: ({ row, values }: { row?: R; values: Partial<R> }) =>
      row ? m.update.mutateAsync({ row, changes: values }) : m.add.mutateAsync(values),
    success: 'Saved',
    error: 'Something went wrong',
  });
  const remove = useNotifyingMutation({
    mutationFn: (row: R) => m.remove.mutateAsync(row),
    success: 'Saved',
    error: 'Something went wrong',
  });
  const canEdit = p.canEdit && !!p.sessionId;
  return (
    <>
      {rows.error ? (
        <ErrorState message={(rows.error as Error).message} onRetry={() => void rows.refetch()} />
      ) : null}
      <PortalDataGrid<R>
        ariaLabel={p.title}
        rows={rows.data}
        loading={rows.isLoading}
        getRowId={(r) => r.id}
        columns={p.columns}
        pageSize={PAGE_SIZE_SESSION_GRIDS}
        emptyText={p.emptyText}
        readOnly={!canEdit}
        addLabel={p.addLabel}
        onAdd={canEdit ? () => setEditing({}) : undefined}
        onEdit={canEdit ? (row) => setEditing({ row }) : undefined}
        onDelete={
          canEdit
            ? async (row) => {
                await remove.mutateAsync(row).catch(() => undefined); // toasted; the confirmation closes
              }
            : undefined
        }
        deleteConfirmText={p.deleteConfirmText}
        toolbar={p.toolbar}
      />
      {editing ? (
        <FormDialog<R>
          title={p.title}
          fields={p.fields}
          schema={p.schema}
          initial={(editing.row ?? p.newRow) as R}
          onCancel={() => setEditing(null)}
          onSave={async (values) => {
            await save.mutateAsync({ row: editing.row, values });
            setEditing(null);
          }}
        />
      ) : null}
    </>
  );
}
