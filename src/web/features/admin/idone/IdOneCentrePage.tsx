import { useCallback, useMemo } from 'react';
import { Button, Card, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, CheckmarkCircleFilled, DismissCircleRegular } from '@fluentui/react-icons';
import { PortalDataGrid, QueryError, useFileDownload, type PortalColumn } from '@web/ui';
import { AdminScreen } from '../AdminScreen';
import { mayUseIdOneCentre, useIdOneCentreGrid, type IdOneCentreRow } from './api/id-one-centre';
import { useIdOneCentrePeople } from './api/id-one-centre-people';
import { idOneReportFile } from './api/id-one-report';
import { useIdOneCentreFilters } from './useIdOneCentreFilters';

const useStyles = makeStyles({
  flag: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  yes: { color: tokens.colorPaletteGreenForeground1 },
  no: { color: tokens.colorNeutralForeground3 },
  counters: { display: 'flex', marginBottom: tokens.spacingVerticalL },
  counter: { minWidth: '140px', padding: tokens.spacingVerticalM },
});

/** 002 §8 "Admin screens": the ID One export's messages. */
export const ID_ONE_EXPORT_MESSAGES = {
  generating: 'We are generating your report. It could take a while',
  ready: 'Download finished',
  failed: 'Something were wrong. Try again please.',
} as const;

/**
 * ID One Accredited Centre `/admin/idone` (002 §2.9, both IDONE buttons): the projects with Project Code,
 * Responsible (its partner), Project Manager and Has IDOne, loaded from the server 100 at a time as the grid
 * scrolls, by code, with their count (like the supervision screens); the search and the header filters of
 * Responsible, Project Manager and Has IDOne go to the server. Export Excel downloads id-one.xlsx with the same
 * filters. Holders of Admin or IDOne only (the navigation tree shows others "no access"; no query is sent for them
 * either).
 */
export default function IdOneCentrePage() {
  const s = useStyles();
  const allowed = mayUseIdOneCentre();
  const people = useIdOneCentrePeople({ enabled: allowed });
  const f = useIdOneCentreFilters(people.data);
  const shown = allowed && !f.empty;
  const q = useIdOneCentreGrid(f.filters, { enabled: shown });
  const total = shown ? q.total : 0;
  const { fetchNextPage } = q;
  const fetchMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const exporter = useFileDownload(ID_ONE_EXPORT_MESSAGES);

  const columns = useMemo<PortalColumn<IdOneCentreRow>[]>(
    () => [
      { key: 'projectCode', title: 'Project Code' },
      { key: 'responsible', title: 'Responsible', serverFilter: f.serverFilter('responsible') },
      { key: 'projectManager', title: 'Project Manager', serverFilter: f.serverFilter('projectManager') },
      {
        key: 'hasIDOne',
        title: 'Has IDOne',
        value: (r) => (r.hasIDOne ? 'Yes' : 'No'),
        width: 140,
        serverFilter: f.serverFilter('hasIDOne'),
        render: (r) => (
          <span className={s.flag}>
            {r.hasIDOne ? (
              <CheckmarkCircleFilled className={s.yes} aria-hidden />
            ) : (
              <DismissCircleRegular className={s.no} aria-hidden />
            )}
            {r.hasIDOne ? 'Yes' : 'No'}
          </span>
        ),
      },
    ],
    [s, f],
  );

  return (
    <AdminScreen title="ID One Accredited Centre">
      <div className={s.counters} role="list" aria-label="Counters">
        <Card className={s.counter} role="listitem">
          <Text size={200}>PROJECTS</Text>
          <Text size={600} weight="semibold">
            {total ?? '–'}
          </Text>
        </Card>
      </div>
      <QueryError query={q} />
      <PortalDataGrid<IdOneCentreRow>
        ariaLabel="ID One Accredited Centre"
        rows={shown ? q.rows : []}
        loading={shown && q.isLoading}
        getRowId={(r) => r.idProject}
        columns={columns}
        search
        searchPlaceholder="Digite aqui para buscar"
        onSearchChange={f.setSearch}
        height={560}
        emptyText="No projects"
        toolbar={
          <Button
            icon={exporter.busy !== null ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
            disabled={!shown || exporter.busy !== null}
            onClick={() => void exporter.run(idOneReportFile(f.filters))}
          >
            Export Excel
          </Button>
        }
        infinite={{
          total: total ?? 0,
          hasNextPage: shown && q.hasNextPage,
          isFetchingNextPage: q.isFetchingNextPage,
          fetchNextPage: fetchMore,
        }}
      />
    </AdminScreen>
  );
}
