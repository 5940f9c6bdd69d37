import { Suspense, lazy, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Card, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import {
  ArrowForwardRegular,
  BookOpenRegular,
  PeopleTeamRegular,
  CheckmarkCircleFilled,
  DismissCircleFilled,
  HeadsetRegular,
  PanelRightContractRegular,
  PanelRightExpandRegular,
} from '@fluentui/react-icons';
import {
  OVERVIEW_PANEL_COLLAPSED_PX,
  OVERVIEW_PANEL_MAX_WIDTH_PX,
  OVERVIEW_PANEL_WIDTH_PERCENT,
  TEAM_PANEL_SCROLL_PX,
} from '@domain/constants';
import {
  canForward,
  canOpenEvaluationManagement,
  nextStatus,
  CLOSE_OUT_INCOMPLETE_MESSAGE,
} from '@domain/rules';
import type { SessionUser } from '@domain/contract';
import { useMethodologyFlag } from '@web/api/methodology-flag';
import { PersonAvatar } from '@web/ui/PersonAvatar';
import { ProjectStatusIcon } from '@web/ui/status';
import { useNotify } from '@web/ui/toast';
import { getHost } from '@web/host';
import { useKpis } from '@web/api/project';
import { paths } from '@web/app/navigation';
import type { ProjectDetail } from '../api/get-project';
import { Hint } from '@web/ui/Hint';

// the dialogs (and the form, grid and dialog code they bring) load when one is opened
const ForwardDialog = lazy(() => import('./ForwardDialog').then((m) => ({ default: m.ForwardDialog })));
const LearningDialog = lazy(() => import('./LearningDialog').then((m) => ({ default: m.LearningDialog })));
const SupportDialog = lazy(() => import('./SupportDialog').then((m) => ({ default: m.SupportDialog })));
const EvaluationDialog = lazy(() =>
  import('./EvaluationDialog').then((m) => ({ default: m.EvaluationDialog })),
);
const IdOneDialog = lazy(() => import('./IdOneDialog').then((m) => ({ default: m.IdOneDialog })));

const useStyles = makeStyles({
  panel: {
    flexShrink: 0,
    width: `${OVERVIEW_PANEL_WIDTH_PERCENT}%`,
    maxWidth: `${OVERVIEW_PANEL_MAX_WIDTH_PX}px`,
    borderLeft: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
    padding: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    boxSizing: 'border-box',
  },
  collapsed: {
    width: `${OVERVIEW_PANEL_COLLAPSED_PX}px`,
    alignItems: 'center',
    paddingLeft: tokens.spacingHorizontalS,
    paddingRight: tokens.spacingHorizontalS,
  },
  top: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  team: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    maxHeight: `${TEAM_PANEL_SCROLL_PX}px`,
    overflowY: 'auto',
    padding: '2px',
  },
  grow: { flexGrow: 1, minWidth: 0 },
  cards: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  card: {
    display: 'flex',
    flexDirection: 'row',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: tokens.spacingVerticalS,
  },
  done: { color: tokens.colorPaletteGreenForeground1, fontSize: '20px' },
  notDone: { color: tokens.colorPaletteRedForeground1, fontSize: '20px' },
  tools: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

type Kpi =
  | 'onePageSubmitted'
  | 'weeklyStatusSubmitted'
  | 'hasProfessionalDNA'
  | 'hasTechDNA'
  | 'evaluationManagementFulfilled';
const during = paths.project.during;
const CARDS: { key: Kpi; label: string; to?: (id: number) => string }[] = [
  { key: 'onePageSubmitted', label: 'One Page Submitted', to: during.onePage },
  { key: 'weeklyStatusSubmitted', label: 'Weekly Status Submitted', to: during.weeklyStatus },
  { key: 'hasProfessionalDNA', label: 'Professional DNA', to: during.professionalDna },
  { key: 'hasTechDNA', label: 'Technical DNA', to: during.projectSession },
  { key: 'evaluationManagementFulfilled', label: 'Evaluation Management' },
];

/**
 * The right project overview panel (spec 000 §2.5): status, name, code, team avatars (chat), the Project
 * Week Overview cards (green done / red not, refreshed every 5 s), Evaluation Management, Learning and
 * Development, Support and Forward-to.
 */
export function OverviewPanel({
  projectId,
  project,
  user,
}: {
  /** The route's project id: the KPIs load with the project, not after it. */
  projectId: number;
  project: ProjectDetail | undefined;
  user: SessionUser;
}) {
  const s = useStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const host = getHost();
  const [expanded, setExpanded] = useState(true);
  const [dialog, setDialog] = useState<'forward' | 'learning' | 'support' | 'evaluation' | 'idone' | null>(
    null,
  );
  const kpis = useKpis(projectId);
  const closeOutFlag = useMethodologyFlag();
  const team = project?.projectTeam ?? [];
  const mayEvaluate = project ? canOpenEvaluationManagement(user, team) : false;
  const mayForward = project ? canForward(user, team) && nextStatus(project.idStatus) !== null : false;

  const open = (c: (typeof CARDS)[number]) => {
    if (!project) return;
    if (c.to) navigate(c.to(project.id));
    else if (mayEvaluate) setDialog('evaluation');
  };

  const forward = () => {
    if (!project) return;
    // the flag reported by the internal closure screen, or the server's view of the close-out form
    if (project.idStatus === 4 && (closeOutFlag === false || project.closeOutComplete === false)) {
      notify.error(CLOSE_OUT_INCOMPLETE_MESSAGE);
      return;
    }
    setDialog('forward');
  };

  return (
    <aside className={mergeClasses(s.panel, !expanded && s.collapsed)} aria-label="Project overview">
      <div className={s.top}>
        {project ? <ProjectStatusIcon idStatus={project.idStatus} /> : null}
        {expanded && project ? (
          <div className={s.grow}>
            <Text as="h2" weight="semibold" block truncate wrap={false}>
              {project.name}
            </Text>
            <Text size={200} block>
              {project.code}
            </Text>
          </div>
        ) : null}
        <Hint content={expanded ? 'Collapse overview' : 'Expand overview'} relationship="label">
          <Button
            appearance="subtle"
            icon={expanded ? <PanelRightContractRegular /> : <PanelRightExpandRegular />}
            onClick={() => setExpanded(!expanded)}
            aria-expanded={expanded}
          />
        </Hint>
      </div>
      {expanded && project ? (
        <>
          <section aria-label="Team">
            <Text size={200} weight="semibold" block>
              Team
            </Text>
            <div className={s.team}>
              {team.map((m) => (
                <PersonAvatar
                  key={m.id}
                  person={m.professional}
                  size={36}
                  href={m.professional.email ? host.chatUrl(m.professional.email) : undefined}
                  onClick={m.professional.email ? () => host.openChat(m.professional.email!) : undefined}
                />
              ))}
            </div>
          </section>
          <section aria-label="Project Week Overview" aria-busy={kpis.isPending} className={s.cards}>
            <Text size={200} weight="semibold">
              Project Week Overview
            </Text>
            {CARDS.map((c) => {
              const done = kpis.data?.[c.key] ?? false;
              const disabled = !c.to && !mayEvaluate;
              return (
                <Card
                  key={c.key}
                  className={s.card}
                  appearance="filled-alternative"
                  role="button"
                  aria-label={`${c.label}: ${done ? 'done' : 'not done'}`}
                  aria-disabled={disabled || undefined}
                  data-done={done}
                  tabIndex={0}
                  onClick={() => open(c)}
                  onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && open(c)}
                >
                  {done ? (
                    <CheckmarkCircleFilled className={s.done} />
                  ) : (
                    <DismissCircleFilled className={s.notDone} />
                  )}
                  <Text>{c.label}</Text>
                </Card>
              );
            })}
          </section>
          <section aria-label="Quick tools" className={s.tools}>
            {mayEvaluate ? (
              <Button icon={<BookOpenRegular />} onClick={() => setDialog('learning')}>
                Project Learning and Development
              </Button>
            ) : null}
            <Button icon={<HeadsetRegular />} onClick={() => setDialog('support')}>
              Project Support
            </Button>
            <Button icon={<PeopleTeamRegular />} onClick={() => setDialog('idone')}>
              ID One Human Factor Restitutions
            </Button>
            {mayForward ? (
              <Button appearance="primary" icon={<ArrowForwardRegular />} onClick={forward}>
                Forward to
              </Button>
            ) : null}
          </section>
        </>
      ) : null}
      <Suspense fallback={null}>
        {project && dialog === 'forward' ? (
          <ForwardDialog project={project} onClose={() => setDialog(null)} />
        ) : null}
        {project && dialog === 'learning' ? (
          <LearningDialog
            projectId={project.id}
            value={project.projectTrainingDevelopment}
            onClose={() => setDialog(null)}
          />
        ) : null}
        {dialog === 'support' ? <SupportDialog onClose={() => setDialog(null)} /> : null}
        {project && dialog === 'idone' ? (
          <IdOneDialog project={project} user={user} onClose={() => setDialog(null)} />
        ) : null}
        {project && dialog === 'evaluation' ? (
          <EvaluationDialog project={project} user={user} onClose={() => setDialog(null)} />
        ) : null}
      </Suspense>
    </aside>
  );
}
