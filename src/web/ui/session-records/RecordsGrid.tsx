import { useState, type ReactNode } from 'react';
import { PAGE_SIZE_SESSION_GRIDS, STAKEHOLDER_STATUS } from '@domain/constants';
import {
  useSessionRecordMutations,
  useSessionRecords,
  type RecordKind,
  type RecordTypes,
} from '@web/api/session-records';
import { PortalDataGrid, type PortalColumn } from '../DataGrid';
import { FormDialog, type FormField } from '../FormDialog';
import { QueryError } from '../PageState';
import { StatusDot } from '../status';
import { useNotifyingMutation } from '../mutation';
import type { ZodFormSchema } from '../form/useZodForm';

/** The status options of risks and stakeholders (001 §3: 1 Green … 5 Legacy; `labels` overrides a label). */
export const statusOptions = (labels: Record<number, string> = {}) =>
  Object.entries(STAKEHOLDER_STATUS).map(([id, s]) => ({
    value: Number(id),
    label: labels[Number(id)] ?? s.label,
  }));

/** The status's label (001 §3; `labels` overrides one, e.g. Setup stakeholders' Gray for 5). */
export const statusLabel = (status: number | null | undefined, labels: Record<number, string> = {}) =>
  status == null ? '' : (labels[status] ?? STAKEHOLDER_STATUS[status]?.label ?? '');

/** The coloured status dot with its label as tooltip (001 §2; Setup stakeholders say Gray for 5). */
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

/** What every session grid takes: the project, the session and whether the caller may write its records. */
export interface SessionGridProps {
  projectId: number;
  sessionId: number | undefined;
  /** Add, edit and delete shown (001 §6 for the setup session; §4 "Once submitted … disabled" for a During one). */
  canEdit: boolean;
  /** The rows as a stacked list instead of a table (narrow places: the Teams meeting's side panel). */
  stacked?: boolean;
}

export interface RecordsGridProps<K extends RecordKind> extends SessionGridProps {
  kind: K;
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
 * with confirmation — all hidden when the caller may not write (001 §6, §4). "Saved" on success, "Something
 * went wrong" on failure (001 §8); the server's answer goes into the cached list.
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
      <QueryError query={rows} />
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
        stacked={p.stacked}
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
