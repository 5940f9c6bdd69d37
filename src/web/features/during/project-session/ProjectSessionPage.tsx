import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ProjectSessionCreate, type ProjectSession } from '@domain/contract';
import { canDoSessionAction, canWorkOnSessions, SESSION_RECORDS_DENIED_MESSAGE } from '@domain/rules';
import { useSetupAccess } from '@web/api/setup-access';
import {
  ConfirmDialog,
  ErrorState,
  FormDialog,
  LoadingState,
  PageHeading,
  formatDate,
  useNotifyingMutation,
  QueryGrid,
  type PortalColumn,
} from '@web/ui';
import { actionColumn } from '@web/ui/DataGrid';
import { sessionQueryOptions, useSessionMutations, useSessions } from './api/sessions';
import { TechDnaDialog } from './TechDnaDialog';
import { RolesDialog, StakeholderDialog } from './PeopleDialogs';

const useStyles = makeStyles({
  note: { color: tokens.colorNeutralForeground3 },
});

/** The Project Session grid's page size (001 §9: "other grids are paginated, size not shown"). */
const PAGE_SIZE = 10;

type Open =
  | { kind: 'tech' | 'stakeholder' | 'roles' | 'submit'; session: ProjectSession }
  | { kind: 'edit'; session?: ProjectSession & { version?: number } }
  | null;

/**
 * During › Project Session `/project/{id}/during/project-session` (001 §2): the non-setup sessions, newest
 * first — Created (dd MMM yyyy), Discussion Focus, Tech DNA, Stakeholder, Roles & Responsibilities, Submit /
 * Undo (confirmation) — with add, edit (popup) and delete. For the team and holders of Admin or OnePage
 * (rules/sessions.ts); a submitted session can only be undone: edit and delete hidden, its dialogs read-only
 * (001 §4). "Saved" / "Something went wrong" toasts (001 §8).
 */
export default function ProjectSessionPage() {
  const s = useStyles();
  const projectId = Number(useParams().id);
  const access = useSetupAccess(projectId);
  const canWork = !!access.user && !!access.project && canWorkOnSessions(access.user, access.team);
  const sessions = useSessions(projectId, { enabled: canWork });
  const m = useSessionMutations(projectId);
  const qc = useQueryClient();
  const [open, setOpen] = useState<Open>(null);
  /** Closes `which` once its save is done — unless another dialog was opened meanwhile. */
  const close = (which: Open) => setOpen((o) => (o === which ? null : o));

  const save = useNotifyingMutation({
    mutationFn: ({
      session,
      discussionFocus,
    }: {
      session?: ProjectSession & { version?: number };
      discussionFocus: string | null;
    }) =>
      session
        ? m.update.mutateAsync({ id: session.id, body: { discussionFocus }, version: session.version })
        : m.create.mutateAsync({ discussionFocus }),
    success: 'Saved',
    error: 'Something went wrong',
  });
  const remove = useNotifyingMutation({
    mutationFn: (session: ProjectSession) => m.remove.mutateAsync(session),
    success: 'Saved',
    error: 'Something went wrong',
  });
  const submit = useNotifyingMutation({
    mutationFn: (v: { id: number; submit: boolean }) => m.submit.mutateAsync(v),
    success: 'Saved',
    error: 'Something went wrong',
  });

  if (access.isLoading) return <LoadingState />;
  const heading = <PageHeading banner="DURING" title="Project Session" />;
  if (!access.project)
    return (
      <section>
        {heading}
        <ErrorState message="Project not found" />
      </section>
    );
  if (!canWork)
    return (
      <section>
        {heading}
        <Text className={s.note}>{SESSION_RECORDS_DENIED_MESSAGE}</Text>
      </section>
    );

  const user = access.user!;
  const may = (action: 'edit' | 'delete' | 'submit' | 'undo', row: ProjectSession) =>
    canDoSessionAction(action, user, access.team, row);
  /** The edit popup starts from the session as stored now (and its version: If-Match). */
  const edit = async (row: ProjectSession) => {
    const current = await qc.fetchQuery(sessionQueryOptions(projectId, row.id)).catch(() => row);
    setOpen({ kind: 'edit', session: current });
  };
  const button = (label: string, kind: 'tech' | 'stakeholder' | 'roles') => (row: ProjectSession) => (
    <Button size="small" onClick={() => setOpen({ kind, session: row })}>
      {label}
    </Button>
  );

  const columns: PortalColumn<ProjectSession>[] = [
    {
      key: 'createdAt',
      title: 'Created',
      width: 130,
      value: (r) => formatDate(r.createdAt, 'dd MMM yyyy'),
      sortValue: (r) => r.createdAt,
    },
    { key: 'discussionFocus', title: 'Discussion Focus' },
    actionColumn<ProjectSession>('techDna', 'Tech DNA', 120, button('Tech DNA', 'tech')),
    actionColumn<ProjectSession>('stakeholder', 'Stakeholder', 130, button('Stakeholder', 'stakeholder')),
    actionColumn<ProjectSession>(
      'roles',
      'Roles & Responsibilities',
      200,
      button('Roles & Responsibilities', 'roles'),
    ),
    {
      key: 'submittedAt',
      title: 'Submit',
      width: 110,
      value: (r) => (r.submittedAt ? 'Submitted' : 'Not submitted'),
      stopRowClick: true,
      render: (r) => {
        const undo = !!r.submittedAt;
        if (!may(undo ? 'undo' : 'submit', r)) return undo ? 'Submitted' : '';
        return (
          <Button
            size="small"
            appearance={undo ? 'secondary' : 'primary'}
            onClick={() => setOpen({ kind: 'submit', session: r })}
          >
            {undo ? 'Undo' : 'Submit'}
          </Button>
        );
      },
    },
  ];

  const current = open && open.kind !== 'edit' ? open.session : undefined;
  // the dialogs read the session as it is in the list now (a submit elsewhere makes them read-only)
  const live = current ? (sessions.data?.find((x) => x.id === current.id) ?? current) : undefined;
  const dialogProps = live
    ? {
        projectId,
        sessionId: live.id,
        canEdit: may('edit', live),
        team: access.project?.projectTeam ?? [],
        onClose: () => setOpen(null),
      }
    : undefined;

  return (
    <section>
      {heading}
      <QueryGrid<ProjectSession>
        query={sessions}
        ariaLabel="Project Session"
        getRowId={(r) => r.id}
        columns={columns}
        defaultSort={{ key: 'createdAt', direction: 'desc' }}
        pageSize={PAGE_SIZE}
        emptyText="No project sessions yet"
        addLabel="Add session"
        onAdd={() => setOpen({ kind: 'edit' })}
        onEdit={(row) => void edit(row)}
        isRowReadOnly={(row) => !may('edit', row)}
        onDelete={async (row) => {
          await remove.mutateAsync(row).catch(() => undefined); // toasted; the confirmation closes
        }}
        deleteConfirmText="Are you sure you want to delete this project session?"
      />
      {open?.kind === 'edit' ? (
        <FormDialog<{ discussionFocus: string | null }>
          title="Project Session"
          fields={[{ key: 'discussionFocus', label: 'Discussion Focus', type: 'textarea' }]}
          schema={ProjectSessionCreate}
          initial={{ discussionFocus: open.session?.discussionFocus ?? '' }}
          onCancel={() => setOpen(null)}
          onSave={async (values) => {
            await save.mutateAsync({
              session: open.session,
              discussionFocus: values.discussionFocus ?? null,
            });
            close(open);
          }}
        />
      ) : null}
      {open?.kind === 'submit' ? (
        // the action is the one the button offered when clicked (the list may change meanwhile)
        <ConfirmDialog
          open
          title={open.session.submittedAt ? 'Undo Submit' : 'Submit'}
          onCancel={() => setOpen(null)}
          onConfirm={async () => {
            await submit.mutateAsync({ id: open.session.id, submit: !open.session.submittedAt });
            close(open);
          }}
        >
          {open.session.submittedAt
            ? 'Are you sure you want to undo the submit of the project session?'
            : 'Are you sure you want to submit the project session?'}
        </ConfirmDialog>
      ) : null}
      {open?.kind === 'tech' && dialogProps ? (
        <TechDnaDialog
          projectId={projectId}
          sessionId={dialogProps.sessionId}
          readOnly={!dialogProps.canEdit}
          onClose={dialogProps.onClose}
        />
      ) : null}
      {open?.kind === 'stakeholder' && dialogProps ? <StakeholderDialog {...dialogProps} /> : null}
      {open?.kind === 'roles' && dialogProps ? <RolesDialog {...dialogProps} /> : null}
    </section>
  );
}
