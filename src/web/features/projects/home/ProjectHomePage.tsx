import { useParams } from 'react-router-dom';
import { Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { PROJECT_STATUS } from '@domain/constants';
import { ErrorState, LoadingState } from '@web/ui/PageState';
import { PageHeading } from '@web/ui/PageHeading';
import { PersonAvatar } from '@web/ui/PersonAvatar';
import { ProjectStatusIcon } from '@web/ui/status';
import { formatDate } from '@web/ui/dates';
import { useProject } from '@web/api/project';
import { useStatusHistory } from '../api/lifecycle';
import { ChangesList } from './ChangesList';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  card: { padding: tokens.spacingVerticalM, gap: tokens.spacingVerticalXS },
  person: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/** Project home `/project/{id}/home`: the project's essentials, its status history and its setup changes. */
export default function ProjectHomePage() {
  const s = useStyles();
  const id = Number(useParams().id);
  const { data: p, isLoading, error, refetch } = useProject(id);
  const history = useStatusHistory(id, { enabled: !!p });
  if (isLoading) return <LoadingState />;
  if (error || !p)
    return (
      <ErrorState message={(error as Error)?.message ?? 'Project not found'} onRetry={() => void refetch()} />
    );
  const person = (label: string, who: typeof p.projectManager) => (
    <Card className={s.card}>
      <Text size={200}>{label}</Text>
      {who ? (
        <span className={s.person}>
          <PersonAvatar person={who} size={28} tooltip={false} />
          <Text weight="semibold">{who.name}</Text>
        </span>
      ) : (
        <Text>—</Text>
      )}
    </Card>
  );
  return (
    <section>
      <PageHeading title="Project Home" />
      <div className={s.grid}>
        <Card className={s.card}>
          <Text size={200}>Status</Text>
          <span className={s.person}>
            <ProjectStatusIcon idStatus={p.idStatus} />
            <Text weight="semibold">{PROJECT_STATUS[p.idStatus]?.name}</Text>
          </span>
        </Card>
        <Card className={s.card}>
          <Text size={200}>Client</Text>
          <Text weight="semibold">{p.client?.name ?? '—'}</Text>
        </Card>
        <Card className={s.card}>
          <Text size={200}>End date</Text>
          <Text weight="semibold">{formatDate(p.endDate) || '—'}</Text>
        </Card>
        {person('Project Manager', p.projectManager)}
        {person('Responsible Partner', p.projectPartner)}
        <Card className={s.card}>
          <Text size={200}>Team</Text>
          <Text weight="semibold">{p.projectTeam.length} members</Text>
        </Card>
      </div>
      <section aria-labelledby="status-history" style={{ marginTop: 24 }}>
        <Text as="h2" id="status-history" size={500} weight="semibold">
          Status history
        </Text>
        <ul>
          {(history.data ?? []).map((h) => (
            <li key={h.id}>
              <Text>
                {formatDate(h.changedAt)} — {h.fromStatus ? `${PROJECT_STATUS[h.fromStatus]?.name} → ` : ''}
                {PROJECT_STATUS[h.toStatus]?.name}
                {h.changedBy ? ` by ${h.changedBy}` : ''}
              </Text>
            </li>
          ))}
        </ul>
      </section>
      <ChangesList projectId={id} />
    </section>
  );
}
