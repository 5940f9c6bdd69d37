import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Button, Text } from '@fluentui/react-components';
import { z } from 'zod';
import {
  TOOLKIT_DOT_PX,
  TOOLKIT_EDIT_OPTIONS,
  TOOLKIT_STATUS,
  TOOLKIT_STATUS_COLUMN_WIDTH,
} from '@domain/constants';
import { ToolkitStatusId } from '@domain/contract/common';
import { useSession } from '@web/api/session-context';
import { REQUEST_NOTICE, canChangeToolkitRow, showChangeButton, toolkitStatusDisplay } from '@domain/rules';
import { usePractices } from '@web/api/master';
import { GridPage, StatusDot } from '@web/ui';
import { ModalDialog } from '@web/ui/dialog';
import { FormCombobox, FormSelect, useZodForm, type FormOption } from '@web/ui/form';
import { useNotifyingMutation } from '@web/ui/mutation';
import {
  useMasterToolkits,
  useProjectToolkits,
  useToolkitMutations,
  useToolkitPermissions,
  type MasterToolkit,
  type ProjectToolkitRow,
} from './api/toolkits';

/** The toolkit dialog's values. Spec 000 §5: no validation on add; whatever is selected is sent. */
const ToolkitValues = z.object({ idToolkit: z.int32().nullable().optional(), idStatus: ToolkitStatusId });
type ToolkitValues = z.infer<typeof ToolkitValues>;

/** Toolkit editor (title "Toolkit"): add = active master toolkits, idStatus 0; edit = all toolkits + Pending/Approved/Not Approved. */
function ToolkitDialog({
  mode,
  row,
  options,
  busy,
  onClose,
  onSave,
}: {
  mode: 'add' | 'edit';
  row?: ProjectToolkitRow;
  options: FormOption[];
  busy: boolean;
  onClose: () => void;
  onSave: (v: ToolkitValues) => void;
}) {
  const form = useZodForm(ToolkitValues, { idToolkit: row?.idToolkit ?? null, idStatus: row?.idStatus ?? 0 });
  const statuses = TOOLKIT_EDIT_OPTIONS.map((o) => ({ value: o.id, label: o.label }));
  return (
    <ModalDialog
      title="Toolkit"
      closeLabel="Close"
      primaryLabel="Save"
      busy={busy}
      onClose={onClose}
      onSubmit={form.handleSubmit(onSave)}
    >
      <FormCombobox
        control={form.control}
        name="idToolkit"
        label="Toolkit"
        placeholder="Select a toolkit"
        options={options}
      />
      {mode === 'edit' ? (
        <FormSelect control={form.control} name="idStatus" label="Status" options={statuses} />
      ) : null}
    </ModalDialog>
  );
}

const ChangeValues = z.object({ statusId: ToolkitStatusId });

/** Change Toolkit Status / Change All Toolkits Status: the user's options, Request notice, spinner while in progress. */
function ChangeStatusDialog({
  all,
  options,
  onClose,
  onConfirm,
}: {
  all: boolean;
  options: number[];
  onClose: () => void;
  onConfirm: (statusId: number) => Promise<void>;
}) {
  const form = useZodForm(ChangeValues, {});
  const chosen = form.watch('statusId');
  return (
    <ModalDialog
      title={all ? 'Change All Toolkits Status' : 'Change Toolkit Status'}
      closeLabel="Cancel"
      primaryLabel="Confirm"
      primaryDisabled={chosen === undefined || chosen === null}
      onClose={onClose}
      // the spec's spinner-forever is fixed: a failure is shown in the dialog (ModalDialog) and it stays usable
      onSubmit={form.handleSubmit((v) => onConfirm(v.statusId))}
    >
      <Text>
        {all
          ? 'Which status would you like to change the toolkits to?'
          : 'Which status would you like to change this toolkit to?'}
      </Text>
      {options.includes(1) ? <Text italic>{REQUEST_NOTICE}</Text> : null}
      <FormSelect
        control={form.control}
        name="statusId"
        label="Status"
        placeholder="Select a status"
        options={options.map((o) => ({ value: o, label: TOOLKIT_STATUS[o]!.label }))}
      />
    </ModalDialog>
  );
}

/** Toolkits `/project/{id}/setup/toolkit` (spec 000 §2.10, §4.4). */
export default function ToolkitsPage() {
  const projectId = Number(useParams().id);
  const rows = useProjectToolkits(projectId);
  const perms = useToolkitPermissions(projectId);
  const master = useMasterToolkits();
  const practices = usePractices();
  const m = useToolkitMutations(projectId);
  const [dialog, setDialog] = useState<
    | { kind: 'add' }
    | { kind: 'edit'; row: ProjectToolkitRow }
    | { kind: 'change'; row: ProjectToolkitRow }
    | { kind: 'change-all' }
    | null
  >(null);

  const label = useMemo(() => {
    const names = new Map((practices.data ?? []).map((p) => [p.ID, p.Name]));
    return (t: MasterToolkit) => `${names.get(t.Methodology.IDPractice ?? -1) ?? ''} ${t.Name}`.trim();
  }, [practices.data]);
  const sortByPractice = (list: MasterToolkit[]) =>
    [...list].sort(
      (a, b) =>
        (a.Methodology.IDPractice ?? 0) - (b.Methodology.IDPractice ?? 0) || a.Name.localeCompare(b.Name),
    );
  const addOptions = sortByPractice((master.data ?? []).filter((t) => t.IsActive)).map((t) => ({
    value: t.ID,
    label: label(t),
  }));
  const editOptions = sortByPractice(master.data ?? []).map((t) => ({ value: t.ID, label: label(t) }));
  const nameOf = (r: ProjectToolkitRow) => {
    const t = master.data?.find((x) => x.ID === r.idToolkit);
    return t ? label(t) : (r.toolkitName ?? String(r.idToolkit));
  };
  const canEdit = perms.data?.canEdit ?? false;
  const { user } = useSession();
  const options = perms.data?.options ?? [];

  // spec 000 §8: "Added with success." (also for edit) or "Something went wrong..."; the dialog closes either way
  const save = useNotifyingMutation({
    mutationFn: ({ row, values }: { row?: ProjectToolkitRow; values: ToolkitValues }) =>
      row
        ? m.update.mutateAsync({ ...row, idToolkit: values.idToolkit as number, idStatus: values.idStatus })
        : // no toolkit chosen is sent as is (spec 000 §5); the server answers 400 and the failure is toasted
          m.add.mutateAsync({ idToolkit: (values.idToolkit ?? undefined) as number, idStatus: 0 }),
    success: 'Added with success.',
    error: 'Something went wrong...',
    onSettled: () => setDialog(null),
  });
  const remove = useNotifyingMutation({
    mutationFn: (row: ProjectToolkitRow) => m.remove.mutateAsync(row),
    error: 'Something went wrong...',
  });

  return (
    <GridPage<ProjectToolkitRow>
      banner="SETUP"
      title="Toolkits"
      query={rows}
      ariaLabel="Toolkits"
      search
      pageSize={10}
      pageSizes={[10, 20, 50]}
      emptyText="No toolkits yet"
      readOnly={!canEdit}
      isRowReadOnly={(r) => !canChangeToolkitRow(user ?? { scopes: [] }, r.idStatus)}
      onAdd={canEdit ? () => setDialog({ kind: 'add' }) : undefined}
      addLabel="Add toolkit"
      onEdit={canEdit ? (row) => setDialog({ kind: 'edit', row }) : undefined}
      onDelete={
        canEdit
          ? async (row) => {
              // a failure is toasted and the confirmation closes, as before
              await remove.mutateAsync(row).catch(() => undefined);
            }
          : undefined
      }
      deleteConfirmText="Are you sure you want to remove this toolkit from the project?"
      toolbar={
        canEdit && options.length > 0 ? (
          <Button onClick={() => setDialog({ kind: 'change-all' })} disabled={!rows.data?.length}>
            Change all
          </Button>
        ) : null
      }
      columns={[
        { key: 'toolkit', title: 'Toolkit', value: nameOf },
        {
          key: 'idStatus',
          title: 'Status',
          width: TOOLKIT_STATUS_COLUMN_WIDTH,
          value: (r) => toolkitStatusDisplay(r.idStatus).label,
          render: (r) => (
            <StatusDot
              colour={toolkitStatusDisplay(r.idStatus).colour}
              label={toolkitStatusDisplay(r.idStatus).label}
              size={TOOLKIT_DOT_PX}
            />
          ),
        },
        {
          key: 'change',
          title: '',
          filterable: false,
          sortable: false,
          stopRowClick: true,
          render: (r) =>
            canEdit && showChangeButton(r.idStatus, options) ? (
              <Button
                size="small"
                onClick={() => setDialog({ kind: 'change', row: r })}
                aria-label={`Change status of ${nameOf(r)}`}
              >
                CHANGE
              </Button>
            ) : null,
        },
      ]}
    >
      {dialog?.kind === 'add' ? (
        <ToolkitDialog
          mode="add"
          options={addOptions}
          busy={save.isPending}
          onClose={() => setDialog(null)}
          onSave={(values) => save.mutate({ values })}
        />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <ToolkitDialog
          mode="edit"
          row={dialog.row}
          options={editOptions}
          busy={save.isPending}
          onClose={() => setDialog(null)}
          onSave={(values) => save.mutate({ row: dialog.row, values })}
        />
      ) : null}
      {dialog?.kind === 'change' ? (
        <ChangeStatusDialog
          all={false}
          options={options}
          onClose={() => setDialog(null)}
          onConfirm={async (statusId) => {
            await m.change.mutateAsync({ id: dialog.row.id, statusId });
            setDialog(null);
          }}
        />
      ) : null}
      {dialog?.kind === 'change-all' ? (
        <ChangeStatusDialog
          all
          options={options}
          onClose={() => setDialog(null)}
          onConfirm={async (statusId) => {
            await m.changeAll.mutateAsync(statusId);
            setDialog(null);
          }}
        />
      ) : null}
    </GridPage>
  );
}
