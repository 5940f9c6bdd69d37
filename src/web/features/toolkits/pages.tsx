import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  Button,
  Combobox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  MessageBar,
  MessageBarBody,
  Option,
  Spinner,
  Text,
} from '@fluentui/react-components';
import {
  TOOLKIT_DOT_PX,
  TOOLKIT_EDIT_OPTIONS,
  TOOLKIT_STATUS,
  TOOLKIT_STATUS_COLUMN_WIDTH,
} from '@domain/constants';
import { useSession } from '@web/api/session-context';
import { REQUEST_NOTICE, canChangeToolkitRow, showChangeButton, toolkitStatusDisplay } from '@domain/rules';
import { usePractices } from '@web/api/master';
import { ErrorState, LoadingState, PageHeading, PortalDataGrid, StatusDot, useNotify } from '@web/ui';
import {
  useMasterToolkits,
  useProjectToolkits,
  useToolkitMutations,
  useToolkitPermissions,
  type MasterToolkit,
  type ProjectToolkitRow,
} from './api/toolkits';

type Option_ = { value: number; label: string };

/** Toolkit editor (title "Toolkit"): add = active master toolkits, idStatus 0; edit = all toolkits + Pending/Approved/Not Approved. */
function ToolkitDialog({
  mode,
  row,
  options,
  onClose,
  onSave,
}: {
  mode: 'add' | 'edit';
  row?: ProjectToolkitRow;
  options: Option_[];
  onClose: () => void;
  onSave: (r: { idToolkit: number; idStatus: number }) => Promise<void>;
}) {
  const [idToolkit, setIdToolkit] = useState<number | undefined>(row?.idToolkit);
  const [idStatus, setIdStatus] = useState<number>(row?.idStatus ?? 0);
  const [busy, setBusy] = useState(false);
  const selected = options.find((o) => o.value === idToolkit);
  const status = TOOLKIT_EDIT_OPTIONS.find((o) => o.id === idStatus);
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && !busy && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Toolkit</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            <Field label="Toolkit">
              <Combobox
                placeholder="Select a toolkit"
                defaultValue={selected?.label ?? ''}
                selectedOptions={idToolkit ? [String(idToolkit)] : []}
                onOptionSelect={(_, d) => setIdToolkit(d.optionValue ? Number(d.optionValue) : undefined)}
              >
                {options.map((o) => (
                  <Option key={o.value} value={String(o.value)}>
                    {o.label}
                  </Option>
                ))}
              </Combobox>
            </Field>
            {mode === 'edit' ? (
              <Field label="Status">
                <Dropdown
                  value={status?.label ?? ''}
                  selectedOptions={status ? [String(status.id)] : []}
                  onOptionSelect={(_, d) => setIdStatus(Number(d.optionValue))}
                >
                  {TOOLKIT_EDIT_OPTIONS.map((o) => (
                    <Option key={o.id} value={String(o.id)}>
                      {o.label}
                    </Option>
                  ))}
                </Dropdown>
              </Field>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={busy}>
              Close
            </Button>
            <Button
              appearance="primary"
              disabled={busy}
              icon={busy ? <Spinner size="tiny" /> : undefined}
              onClick={async () => {
                setBusy(true);
                try {
                  // Spec 000 §5: no validation on add; whatever is selected is sent.
                  await onSave({ idToolkit: idToolkit as number, idStatus });
                } finally {
                  setBusy(false);
                }
              }}
            >
              Save
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

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
  const [statusId, setStatusId] = useState<number | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && !busy && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{all ? 'Change All Toolkits Status' : 'Change Toolkit Status'}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            <Text>
              {all
                ? 'Which status would you like to change the toolkits to?'
                : 'Which status would you like to change this toolkit to?'}
            </Text>
            {options.includes(1) ? <Text italic>{REQUEST_NOTICE}</Text> : null}
            {error ? (
              <MessageBar intent="error">
                <MessageBarBody>{error}</MessageBarBody>
              </MessageBar>
            ) : null}
            <Field label="Status">
              <Dropdown
                placeholder="Select a status"
                value={statusId !== undefined ? TOOLKIT_STATUS[statusId]!.label : ''}
                selectedOptions={statusId !== undefined ? [String(statusId)] : []}
                onOptionSelect={(_, d) => setStatusId(Number(d.optionValue))}
              >
                {options.map((o) => (
                  <Option key={o} value={String(o)}>
                    {TOOLKIT_STATUS[o]!.label}
                  </Option>
                ))}
              </Dropdown>
            </Field>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button
              appearance="primary"
              disabled={busy || statusId === undefined}
              icon={busy ? <Spinner size="tiny" /> : undefined}
              onClick={async () => {
                setBusy(true);
                setError(null);
                try {
                  await onConfirm(statusId!);
                } catch (e) {
                  // the spec's spinner-forever is fixed: the failure is shown and the dialog stays usable
                  setError((e as Error).message || 'Something went wrong...');
                } finally {
                  setBusy(false);
                }
              }}
            >
              Confirm
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** Toolkits `/project/{id}/setup/toolkit` (spec 000 §2.10, §4.4). */
export function ToolkitsPage() {
  const projectId = Number(useParams().id);
  const notify = useNotify();
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

  const saved = async (p: Promise<unknown>) => {
    try {
      await p;
      notify.success('Added with success.');
    } catch {
      notify.error('Something went wrong...');
    } finally {
      setDialog(null); // the dialog closes either way
    }
  };

  if (rows.isLoading) return <LoadingState />;
  return (
    <section>
      <PageHeading banner="SETUP" title="Toolkits" />
      {rows.error ? (
        <ErrorState message={(rows.error as Error).message} onRetry={() => void rows.refetch()} />
      ) : null}
      <PortalDataGrid<ProjectToolkitRow>
        ariaLabel="Toolkits"
        rows={rows.data}
        getRowId={(r) => r.id}
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
                try {
                  await m.remove.mutateAsync(row);
                } catch {
                  notify.error('Something went wrong...');
                }
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
      />
      {dialog?.kind === 'add' ? (
        <ToolkitDialog
          mode="add"
          options={addOptions}
          onClose={() => setDialog(null)}
          onSave={(v) => saved(m.add.mutateAsync({ idToolkit: v.idToolkit, idStatus: 0 }))}
        />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <ToolkitDialog
          mode="edit"
          row={dialog.row}
          options={editOptions}
          onClose={() => setDialog(null)}
          onSave={(v) => saved(m.update.mutateAsync({ ...dialog.row, ...v }))}
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
    </section>
  );
}
