import { useMemo, useState } from 'react';
import { Button, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, CheckmarkCircleFilled, DismissCircleRegular } from '@fluentui/react-icons';
import { useFileDownload, type PortalColumn, QueryGrid } from '@web/ui';
import { AdminScreen } from '../AdminScreen';
import { mayUseIdOneCentre, useIdOneCentre, type IdOneCentreRow } from './api/id-one-centre';
import { idOneReportFile } from './api/id-one-report';

const useStyles = makeStyles({
  flag: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  yes: { color: tokens.colorPaletteGreenForeground1 },
  no: { color: tokens.colorNeutralForeground3 },
});

/** 002 §8 "Admin screens": the ID One export's messages. */
export const ID_ONE_EXPORT_MESSAGES = {
  generating: 'We are generating your report. It could take a while',
  ready: 'Download finished',
  failed: 'Something were wrong. Try again please.',
} as const;

/**
 * ID One Accredited Centre `/admin/idone` (002 §2.9, both IDONE buttons): every project with Project Code,
 * Responsible (its partner), Project Manager and Has IDOne; search, header filters and sort in the browser;
 * Export Excel downloads id-one.xlsx with the grid's search. Holders of Admin or IDOne only (the navigation
 * tree shows others "no access"; the query is not sent for them either).
 */
export default function IdOneCentrePage() {
  const s = useStyles();
  const allowed = mayUseIdOneCentre();
  const q = useIdOneCentre({ enabled: allowed });
  const [search, setSearch] = useState('');
  const exporter = useFileDownload(ID_ONE_EXPORT_MESSAGES);

  const columns = useMemo<PortalColumn<IdOneCentreRow>[]>(
    () => [
      { key: 'projectCode', title: 'Project Code', filterable: false },
      { key: 'responsible', title: 'Responsible' },
      { key: 'projectManager', title: 'Project Manager' },
      {
        key: 'hasIDOne',
        title: 'Has IDOne',
        value: (r) => r.hasIDOne,
        searchable: false,
        width: 140,
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
    [s],
  );

  return (
    <AdminScreen title="ID One Accredited Centre">
      <QueryGrid<IdOneCentreRow>
        query={q}
        ariaLabel="ID One Accredited Centre"
        rows={allowed ? q.data : []}
        getRowId={(r) => r.idProject}
        columns={columns}
        defaultSort={{ key: 'projectCode', direction: 'asc' }}
        search
        searchPlaceholder="Digite aqui para buscar"
        onSearchChange={setSearch}
        virtualized
        height={560}
        emptyText="No projects"
        toolbar={
          <Button
            icon={exporter.busy !== null ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
            disabled={!allowed || exporter.busy !== null}
            onClick={() => void exporter.run(idOneReportFile(search))}
          >
            Export Excel
          </Button>
        }
      />
    </AdminScreen>
  );
}
