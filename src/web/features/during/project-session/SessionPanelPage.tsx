import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Button, Text, makeStyles, tokens, useRestoreFocusTarget } from '@fluentui/react-components';
import { ShareScreenStartRegular } from '@fluentui/react-icons';
import type { ProjectSessionRecord } from '@domain/contract';
import { canDoSessionAction, SESSION_RECORDS_DENIED_MESSAGE } from '@domain/rules';
import { getHost } from '@web/host';
import { paths } from '@web/app/navigation';
import { useRecordVersion } from '@web/ui/autosave';
import type { TeamPerson } from '@web/ui/session-records';
import { ErrorState, LoadingState, formatDate, useNotifyingMutation } from '@web/ui';
import { useOpenSession, useSession } from './api/sessions';
import { NoOpenSession } from './NoOpenSession';
import { RolesDialog, StakeholderDialog } from './PeopleDialogs';
import { ScopeFields, SessionTextField } from './SessionFields';
import { TechDnaDialog } from './TechDnaDialog';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  heading: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  project: { color: tokens.colorBrandForeground1, overflowWrap: 'anywhere' },
  note: { color: tokens.colorNeutralForeground3 },
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  actions: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

type Dialog = 'tech' | 'stakeholder' | 'roles' | null;

/**
 * One open session in the panel (keyed by its id: its own version chain): share to stage, the fields and the
 * dialogs' buttons.
 */
function OpenSession({
  projectId,
  record,
  readOnly,
  team,
}: {
  projectId: number;
  record: ProjectSessionRecord;
  readOnly: boolean;
  team: readonly TeamPerson[];
}) {
  const s = useStyles();
  const host = getHost();
  const version = useRecordVersion(record.version);
  const [dialog, setDialog] = useState<Dialog>(null);
  // focus goes back to the button that opened a dialog when it closes (the dialogs have no DialogTrigger)
  const restoreFocus = useRestoreFocusTarget();
  const share = useNotifyingMutation({
    mutationFn: () => host.shareToStage!(paths.project.meeting.stage(projectId)),
    success: 'Shared to the stage',
  });
  const fields = { projectId, record, version, readOnly };
  const people = {
    projectId,
    sessionId: record.id,
    canEdit: !readOnly,
    team,
    onClose: () => setDialog(null),
  };
  return (
    <>
      {host.shareToStage ? (
        <Button
          appearance="primary"
          icon={<ShareScreenStartRegular />}
          disabled={share.isPending}
          onClick={() => share.mutate()}
        >
          Share to stage
        </Button>
      ) : null}
      <div className={s.fields}>
        <SessionTextField {...fields} label="Discussion Focus" field="discussionFocus" rows={2} />
        <ScopeFields {...fields} />
        <SessionTextField {...fields} label="Discussion Outcomes" field="discussionOutcomes" rows={6} />
      </div>
      <div className={s.actions}>
        <Button {...restoreFocus} onClick={() => setDialog('tech')}>
          Tech DNA
        </Button>
        <Button {...restoreFocus} onClick={() => setDialog('stakeholder')}>
          Stakeholder
        </Button>
        <Button {...restoreFocus} onClick={() => setDialog('roles')}>
          Roles & Responsibilities
        </Button>
      </div>
      {dialog === 'tech' ? (
        <TechDnaDialog
          projectId={projectId}
          sessionId={record.id}
          readOnly={readOnly}
          version={version}
          onClose={people.onClose}
        />
      ) : null}
      {dialog === 'stakeholder' ? <StakeholderDialog {...people} /> : null}
      {dialog === 'roles' ? <RolesDialog {...people} /> : null}
    </>
  );
}

/**
 * The project's open session in a Teams meeting's side panel (`/project/{id}/session/panel`, 320 px wide; issue
 * 23 §3): its discussion focus, scope (adjust scope, delivering client needs and their observations) and
 * discussion outcomes, each saving itself with the session's version (If-Match), and the Tech DNA, Stakeholder
 * and Roles & Responsibilities dialogs of the Project Session page (001 §2). "Share to stage" puts the session,
 * read-only, on the meeting's stage for everyone (where the host can). For the team and holders of Admin or
 * OnePage (rules/sessions.ts), like the Project Session page.
 */
export default function SessionPanelPage() {
  const s = useStyles();
  const projectId = Number(useParams().id);
  const { access, canWork, sessions, open } = useOpenSession(projectId);
  const session = useSession(projectId, open?.id);

  if (access.isLoading) return <LoadingState />;
  if (!access.project) return <ErrorState message="Project not found" />;
  const heading = (
    <div className={s.heading}>
      <Text size={200} weight="semibold" className={s.project}>
        {access.project.code} — {access.project.name}
      </Text>
      <Text as="h1" size={500} weight="semibold">
        Project Session
      </Text>
      {open ? (
        <Text size={200} className={s.note}>
          Created {formatDate(open.createdAt, 'dd MMM yyyy')}
        </Text>
      ) : null}
    </div>
  );
  const body = () => {
    if (!canWork) return <Text className={s.note}>{SESSION_RECORDS_DENIED_MESSAGE}</Text>;
    if (sessions.isLoading) return <LoadingState />;
    if (sessions.error)
      return (
        <ErrorState message={(sessions.error as Error).message} onRetry={() => void sessions.refetch()} />
      );
    if (!open) return <NoOpenSession projectId={projectId} link />;
    if (session.isLoading) return <LoadingState />;
    if (!session.data)
      return (
        <ErrorState
          message={(session.error as Error | null)?.message ?? 'Session not found'}
          onRetry={() => void session.refetch()}
        />
      );
    return (
      <OpenSession
        key={session.data.id}
        projectId={projectId}
        record={session.data}
        readOnly={!canDoSessionAction('edit', access.user!, access.team, session.data)}
        team={access.project?.projectTeam ?? []}
      />
    );
  };
  return (
    <section className={s.root} aria-label="Project Session">
      {heading}
      {body()}
    </section>
  );
}
