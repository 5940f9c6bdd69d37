import { useCallback, useState } from 'react';
import { Button, Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { OpenRegular } from '@fluentui/react-icons';
import { PROBLEM_LEVEL, PROJECT_STATUS } from '@domain/constants';
import { ErrorState, PortalDataGrid, StatusDot } from '@web/ui';
import { getHost } from '@web/host';
import { useWeeklySupervision, type SupervisionRow } from './api/weekly-supervision';
import { AdminScreen } from '../AdminScreen';

const useStyles = makeStyles({
  counters: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
    marginBottom: tokens.spacingVerticalL,
  },
  counter: { minWidth: '140px', padding: tokens.spacingVerticalM },
});

/** The status filter's choices (labels as the server names them: 5 is Closed). */
const STATUS_OPTIONS = Object.entries(PROJECT_STATUS).map(([id, st]) => ({
  value: id,
  label: st.adminLabel,
}));
/** The server's default selection: Setup, During and Closure. */
const DEFAULT_STATUSES = ['2', '3', '4'];

/**
 * Weekly Supervision (spec 002 §2.9): counters from the x-total headers (the whole filtered set) and the
 * project rows loaded 100 at a time as the grid scrolls; search and status filter go to the server.
 */
export default function WeeklySupervisionPage() {
  const s = useStyles();
  const [search, setSearch] = useState('');
  const [statuses, setStatuses] = useState<string[]>(DEFAULT_STATUSES);
  const status = statuses.map(Number);
  const none = status.length === 0;
  const q = useWeeklySupervision({ search, status }, { enabled: !none });
  const totals = none ? { total: 0, green: 0, yellow: 0, red: 0, notSubmitted: 0 } : q.totals;
  const counters: [string, number | undefined][] = [
    ['PROJECTS', totals?.total],
    ['ONE-PAGE NOT SUBMITTED', totals?.notSubmitted],
    ['GREEN', totals?.green],
    ['YELLOW', totals?.yellow],
    ['RED', totals?.red],
  ];
  const { fetchNextPage } = q;
  const fetchMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const yesNo = (b: boolean) => (b ? 'Yes' : 'No');
  return (
    <AdminScreen title="Weekly Supervision">
      <div className={s.counters} role="list" aria-label="Counters">
        {counters.map(([label, n]) => (
          <Card key={label} className={s.counter} role="listitem">
            <Text size={200}>{label}</Text>
            <Text size={600} weight="semibold">
              {n ?? '–'}
            </Text>
          </Card>
        ))}
      </div>
      {q.error ? <ErrorState message={(q.error as Error).message} onRetry={() => void q.refetch()} /> : null}
      <PortalDataGrid<SupervisionRow>
        ariaLabel="Weekly supervision"
        rows={none ? [] : q.rows}
        loading={q.isLoading}
        getRowId={(r) => r.idProject}
        search
        searchPlaceholder="Digite aqui para buscar"
        onSearchChange={setSearch}
        height={560}
        infinite={{
          total: totals?.total ?? 0,
          hasNextPage: !none && q.hasNextPage,
          isFetchingNextPage: q.isFetchingNextPage,
          fetchNextPage: fetchMore,
        }}
        columns={[
          { key: 'projectCode', title: 'Project Code' },
          { key: 'projectName', title: 'Project Name' },
          { key: 'clientName', title: 'Client' },
          {
            key: 'statusName',
            title: 'Status',
            serverFilter: {
              options: STATUS_OPTIONS,
              selected: statuses.length === STATUS_OPTIONS.length ? undefined : statuses,
              onChange: (sel) => setStatuses(sel ?? STATUS_OPTIONS.map((o) => o.value)),
            },
          },
          { key: 'priority', title: 'Priority', value: (r) => yesNo(r.priority) },
          { key: 'internal', title: 'Internal', value: (r) => yesNo(r.internal) },
          { key: 'coManagementName', title: 'Co-management' },
          { key: 'duringTypeName', title: 'During Type' },
          { key: 'onePageSubmitted', title: 'OP Submitted?', value: (r) => yesNo(r.onePageSubmitted) },
          {
            key: 'onePageProblemLevel',
            title: 'OP Status',
            value: (r) => PROBLEM_LEVEL[r.onePageProblemLevel]?.label ?? '',
            render: (r) => (
              <StatusDot
                colour={PROBLEM_LEVEL[r.onePageProblemLevel]?.colour ?? 'grey'}
                label={PROBLEM_LEVEL[r.onePageProblemLevel]?.label ?? 'Not Submitted'}
              />
            ),
          },
          {
            key: 'environmentStatus',
            title: 'Environment',
            value: (r) => (r.environmentStatus ? PROBLEM_LEVEL[r.environmentStatus]?.label : 'Not Submitted'),
            render: (r) => (
              <StatusDot
                colour={r.environmentStatus ? (PROBLEM_LEVEL[r.environmentStatus]?.colour ?? 'grey') : 'grey'}
                label={
                  r.environmentStatus ? (PROBLEM_LEVEL[r.environmentStatus]?.label ?? '') : 'Not Submitted'
                }
              />
            ),
          },
        ]}
        rowActions={(r) => (
          <Button
            size="small"
            appearance="subtle"
            icon={<OpenRegular />}
            aria-label={`Open Project ${r.projectCode}`}
            onClick={() => getHost().openLink(`/project/${r.idProject}/during/dashboard-archive`)}
          />
        )}
      />
    </AdminScreen>
  );
}
