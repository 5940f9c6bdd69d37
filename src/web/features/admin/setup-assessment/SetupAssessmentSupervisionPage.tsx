import { useMemo, useState } from 'react';
import { Button } from '@fluentui/react-components';
import { ClipboardTaskListLtrRegular } from '@fluentui/react-icons';
import { formatDate, type PortalColumn, QueryGrid } from '@web/ui';
import { AdminScreen } from '../AdminScreen';
import { AssessmentsDialog } from './AssessmentsDialog';
import { useClosedProjects, type SetupAssessmentSupervisionRow } from './api/setup-assessment-supervision';
import { Hint } from '@web/ui/Hint';

/**
 * Setup Assessment Supervision `/admin/setup-assessment` (002 §2.9): closed projects only, newest closure first —
 * Project Code, Project Name, Closed Date (day, short month, year); each row's action opens the full-screen list of
 * the project's setup assessments.
 */
export default function SetupAssessmentSupervisionPage() {
  const q = useClosedProjects();
  const [open, setOpen] = useState<SetupAssessmentSupervisionRow | null>(null);

  const columns = useMemo<PortalColumn<SetupAssessmentSupervisionRow>[]>(
    () => [
      { key: 'projectCode', title: 'Project Code', filterable: false },
      { key: 'projectName', title: 'Project Name', filterable: false },
      {
        key: 'closedAt',
        title: 'Closed Date',
        value: (r) => formatDate(r.closedAt, 'dd MMM yyyy'),
        sortValue: (r) => r.closedAt,
        width: 160,
      },
    ],
    [],
  );

  return (
    <AdminScreen title="Setup Assessment Supervision">
      <QueryGrid<SetupAssessmentSupervisionRow>
        query={q}
        ariaLabel="Setup assessment supervision"
        getRowId={(r) => r.idProject}
        columns={columns}
        defaultSort={{ key: 'closedAt', direction: 'desc' }}
        search
        searchPlaceholder="Digite aqui para buscar"
        virtualized
        height={560}
        emptyText="No closed projects"
        rowActions={(r) => (
          <Hint content="Setup assessments" relationship="description">
            <Button
              size="small"
              appearance="subtle"
              icon={<ClipboardTaskListLtrRegular />}
              aria-label={`Setup assessments of ${r.projectCode}`}
              onClick={() => setOpen(r)}
            />
          </Hint>
        )}
      />
      {open ? <AssessmentsDialog project={open} onClose={() => setOpen(null)} /> : null}
    </AdminScreen>
  );
}
