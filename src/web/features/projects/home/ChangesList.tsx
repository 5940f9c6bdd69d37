import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ProjectChange } from '@domain/contract';
import { formatDate, formatTime } from '@web/ui/dates';
import { QueryError } from '@web/ui/PageState';
import { useProjectChanges } from './api/changes';

const useStyles = makeStyles({
  root: {
    marginTop: tokens.spacingVerticalXXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  when: { color: tokens.colorNeutralForeground3 },
});

/** "Project Info: Sales Context changed", "Proposal: uploaded Proposta.pdf". */
export const describeChange = (c: Pick<ProjectChange, 'area' | 'action' | 'subject'>) =>
  c.action === 'changed' || c.action === 'removed' || c.action === 'added'
    ? `${c.area}: ${c.subject} ${c.action}`
    : `${c.area}: ${c.action} ${c.subject}`;

/** Project Home, below the status history: the project's setup changes (who, when, what), 50 at a time. */
export function ChangesList({ projectId }: { projectId: number }) {
  const s = useStyles();
  const q = useProjectChanges(projectId);
  const changes = q.data?.pages.flat() ?? [];
  return (
    <section aria-labelledby="project-changes" className={s.root}>
      <Text as="h2" id="project-changes" size={500} weight="semibold">
        Changes
      </Text>
      <QueryError query={q} />
      {!q.isLoading && !q.error && changes.length === 0 ? <Text italic>No changes yet</Text> : null}
      <ul aria-label="Changes">
        {changes.map((c) => (
          <li key={c.id}>
            <Text>
              <span className={s.when}>
                {formatDate(c.changedAt, 'dd MMM yyyy')} {formatTime(c.changedAt)}
              </span>{' '}
              — {c.changedBy ?? 'Someone'} — {describeChange(c)}
            </Text>
          </li>
        ))}
      </ul>
      {q.hasNextPage ? (
        <Button onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage}>
          Show more
        </Button>
      ) : null}
    </section>
  );
}
