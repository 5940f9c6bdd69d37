import {
  Button,
  Card,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { FEEL_COMFORTABLE_LABELS, WATCHED_TOOLKIT_LABELS } from '@domain/contract';
import { ErrorState, LoadingState, formatDate } from '@web/ui';
import { useProjectAssessments, type SetupAssessmentSupervisionRecord } from './api/project-assessments';
import type { SetupAssessmentSupervisionRow } from './api/setup-assessment-supervision';

const useStyles = makeStyles({
  surface: {
    width: '100vw',
    maxWidth: '100vw',
    height: '100vh',
    maxHeight: '100vh',
    borderRadius: 0,
    padding: tokens.spacingHorizontalL,
  },
  body: { height: '100%', display: 'flex', flexDirection: 'column' },
  content: { overflowY: 'auto', flexGrow: 1 },
  cards: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))',
    gap: tokens.spacingHorizontalL,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  fields: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
  },
  pair: { display: 'contents' },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
});

const D = 'dd MMM yyyy' as const;
const orDash = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? '—' : v);
const label = (labels: Record<number, string>, v: number | null) =>
  v === null ? null : (labels[v] ?? String(v));

/** One assessment's fields (002 §2.9): the order of the spec's list. */
function fieldsOf(a: SetupAssessmentSupervisionRecord): [string, string | null][] {
  return [
    ['Created by', a.createdByName],
    ['Updated by', a.updatedByName],
    ['Watched toolkit', label(WATCHED_TOOLKIT_LABELS, a.watchedToolkit)],
    ['Feels comfortable', label(FEEL_COMFORTABLE_LABELS, a.doYouFeelComfortable)],
    ['Rating', a.rating === null ? null : `${a.rating} / 10`],
    ['Rating description', a.ratingDescription],
    ['How could it have been done better', a.howCouldBeenDoneBetter],
    ['Created', formatDate(a.createdAt, D)],
    ['Updated', formatDate(a.updatedAt, D)],
  ];
}

function AssessmentCard({ a }: { a: SetupAssessmentSupervisionRecord }) {
  const s = useStyles();
  const name = a.professionalName ?? `Professional ${a.idProfessional}`;
  return (
    <li>
      <Card aria-label={`Assessment of ${name}`}>
        <Text as="h3" weight="semibold" size={400}>
          {name}
        </Text>
        <dl className={s.fields}>
          {fieldsOf(a).map(([term, value]) => (
            <div key={term} className={s.pair}>
              <dt className={s.term}>{term}</dt>
              <dd className={s.value}>{orDash(value)}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </li>
  );
}

/**
 * The full-screen dialog of Setup Assessment Supervision (002 §2.9): every setup assessment of the project —
 * created by, updated by, watched toolkit, comfort, rating with its description, how it could have been done
 * better, created and updated dates.
 */
export function AssessmentsDialog({
  project,
  onClose,
}: {
  project: SetupAssessmentSupervisionRow;
  onClose: () => void;
}) {
  const s = useStyles();
  const q = useProjectAssessments(project.idProject);
  let body;
  if (q.isLoading) body = <LoadingState label="Loading assessments..." />;
  else if (q.isError || !q.data)
    body = <ErrorState message="Something went wrong" onRetry={() => void q.refetch()} />;
  else if (q.data.length === 0) body = <Text>No setup assessments were filled for this project.</Text>;
  else
    body = (
      <ul className={s.cards} aria-label="Setup assessments">
        {q.data.map((a) => (
          <AssessmentCard key={a.id} a={a} />
        ))}
      </ul>
    );
  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface className={s.surface}>
        <DialogBody className={s.body}>
          <DialogTitle
            action={
              <Button appearance="subtle" icon={<DismissRegular />} aria-label="Close" onClick={onClose} />
            }
          >
            {`Setup Assessments — ${project.projectCode} ${project.projectName}`}
          </DialogTitle>
          <DialogContent className={s.content}>{body}</DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
