import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ProjectSession } from '@domain/contract';
import { sessionAnswerLabel, SESSION_RECORDS_DENIED_MESSAGE } from '@domain/rules';
import { ErrorState, LoadingState, formatDate } from '@web/ui';
import { useOpenSession } from './api/sessions';
import { NoOpenSession } from './NoOpenSession';

/** How often the stage asks for the session again: edits made in the side panel appear within this time. */
export const STAGE_REFRESH_MS = 5000;

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXL,
    maxWidth: '1200px',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalXL}`,
  },
  heading: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  project: { color: tokens.colorBrandForeground1 },
  note: { color: tokens.colorNeutralForeground3 },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))',
    gap: tokens.spacingVerticalXL,
  },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
    minWidth: 0,
  },
  wide: { gridColumn: '1 / -1' },
  text: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  answer: { fontWeight: tokens.fontWeightSemibold },
});

/** One part of the session: its name and what was written (or that nothing was). */
function Item({ title, wide, children }: { title: string; wide?: boolean; children: ReactNode }) {
  const s = useStyles();
  return (
    <section className={mergeClasses(s.item, wide && s.wide)} aria-label={title}>
      <Text as="h2" size={500} weight="semibold">
        {title}
      </Text>
      {children}
    </section>
  );
}

function Shown({ value }: { value: string | null }) {
  const s = useStyles();
  return value?.trim() ? (
    <Text size={500} className={s.text}>
      {value}
    </Text>
  ) : (
    <Text size={500} className={s.note}>
      Not filled in yet
    </Text>
  );
}

/** An answer (1 Yes, 2 No, 3 Partially) and its observation. */
function Answer({ answer, observation }: { answer: number | null; observation: string | null }) {
  const s = useStyles();
  return (
    <>
      {answer ? (
        <Text size={600} className={s.answer}>
          {sessionAnswerLabel(answer)}
        </Text>
      ) : (
        <Text size={500} className={s.note}>
          Not answered yet
        </Text>
      )}
      {observation?.trim() ? (
        <Text size={500} className={s.text}>
          {observation}
        </Text>
      ) : null}
    </>
  );
}

function SessionView({ session }: { session: ProjectSession }) {
  const s = useStyles();
  return (
    <div className={s.grid}>
      <Item title="Discussion Focus" wide>
        <Shown value={session.discussionFocus} />
      </Item>
      <Item title="Adjust Scope">
        <Answer answer={session.adjustScope} observation={session.adjustScopeObs} />
      </Item>
      <Item title="Delivering Client Needs">
        <Answer answer={session.deliveringClientNeeds} observation={session.deliveringClientNeedsObs} />
      </Item>
      <Item title="Discussion Outcomes" wide>
        <Shown value={session.discussionOutcomes} />
      </Item>
    </div>
  );
}

/**
 * The project's open session on a Teams meeting's stage (`/project/{id}/session/stage`), shared from
 * the side panel: the same session read-only for everyone in the meeting, large, asked for again every
 * {@link STAGE_REFRESH_MS} ms so that edits made in the side panel appear. No inputs, nothing saved. Those who may
 * not work on the project's sessions (001 §6 rules/sessions.ts) read the spec's refusal instead.
 */
export default function SessionStagePage() {
  const s = useStyles();
  const projectId = Number(useParams().id);
  const { access, canWork, sessions, open } = useOpenSession(projectId, {
    refetchInterval: STAGE_REFRESH_MS,
  });

  if (access.isLoading) return <LoadingState />;
  if (!access.project) return <ErrorState message="Project not found" />;
  const body = () => {
    if (!canWork)
      return (
        <Text size={500} className={s.note}>
          {SESSION_RECORDS_DENIED_MESSAGE}
        </Text>
      );
    if (sessions.isLoading) return <LoadingState />;
    if (!sessions.data)
      return (
        <ErrorState
          message={(sessions.error as Error | null)?.message ?? 'Something went wrong'}
          onRetry={() => void sessions.refetch()}
        />
      );
    if (!open) return <NoOpenSession projectId={projectId} link={false} size={600} />;
    return <SessionView session={open} />;
  };
  return (
    <article className={s.root} aria-label="Project Session">
      <header className={s.heading}>
        <Text size={400} weight="semibold" className={s.project}>
          {access.project.code} — {access.project.name}
        </Text>
        <Text as="h1" size={800} weight="semibold">
          Project Session
        </Text>
        {open ? (
          <Text size={400} className={s.note}>
            Created {formatDate(open.createdAt, 'dd MMM yyyy')}
          </Text>
        ) : null}
      </header>
      {body()}
    </article>
  );
}
