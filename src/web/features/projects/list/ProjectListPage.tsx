import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { Button } from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons';
import { isAdmin } from '@domain/rules';
import { useSession } from '@web/api/session-context';
import { useNavigate } from 'react-router-dom';
import { PROJECT_STATUS } from '@domain/constants';
import { usePractices } from '@web/api/master';
import {
  EmptyState,
  LoadingState,
  QueryError,
  PersonAvatar,
  PortalDataGrid,
  ProjectStatusIcon,
  formatDate,
  type PortalColumn,
} from '@web/ui';
import { resetMethodologyFlag } from '@web/api/methodology-flag';
import { useProjects, type ProjectListItem } from '@web/api/projects';
import { paths } from '@web/app/navigation';
import { Hint } from '@web/ui/Hint';

type Row = ProjectListItem & { practiceName: string };

// Administrators' status dialog loads when first opened: the first screen carries no Dialog code.
const AdminStatusDialog = lazy(() =>
  import('./AdminStatusDialog').then((m) => ({ default: m.AdminStatusDialog })),
);
// An empty portal shows its administrators the first-day guide instead of an empty grid.
const GettingStartedGuide = lazy(() =>
  import('@web/features/projects/getting-started/GettingStartedGuide').then((m) => ({
    default: m.GettingStartedGuide,
  })),
);

/** Project list home `/` (spec 000 §2.3). */
export default function ProjectListPage() {
  const navigate = useNavigate();
  const projects = useProjects();
  const { user } = useSession();
  const admin = isAdmin(user);
  const [editing, setEditing] = useState<Row | null>(null);
  const practices = usePractices();
  // Opening the home screen resets the global methodology flag.
  useEffect(() => resetMethodologyFlag(), []);

  const rows = useMemo<Row[] | undefined>(() => {
    if (!projects.data) return undefined;
    const names = new Map((practices.data ?? []).map((p) => [p.ID, p.Name]));
    return projects.data.map((p) => ({
      ...p,
      practiceName: p.projectPractices[0] ? (names.get(p.projectPractices[0].idPractice) ?? '') : '',
    }));
  }, [projects.data, practices.data]);

  const columns: PortalColumn<Row>[] = [
    { key: 'code', title: 'PROJECT', width: 160 },
    {
      key: 'idStatus',
      title: 'STATUS',
      width: 90,
      // searched and filtered by name, sorted by id: the phone layout lists by status id descending (spec 000 §2.3)
      value: (r) => PROJECT_STATUS[r.idStatus]?.name ?? '',
      sortValue: (r) => r.idStatus,
      render: (r) => <ProjectStatusIcon idStatus={r.idStatus} />,
      stateless: true,
    },
    { key: 'client', title: 'CLIENT', value: (r) => r.client?.name ?? '' },
    {
      key: 'manager',
      title: 'MANAGER',
      width: 110,
      value: (r) => r.projectManager?.name ?? '',
      render: (r) => (r.projectManager ? <PersonAvatar person={r.projectManager} size={28} /> : null),
      stateless: true,
    },
    { key: 'practiceName', title: 'PRACTICE' },
    {
      key: 'endDate',
      title: 'END DATE',
      width: 130,
      value: (r) => r.endDate ?? '',
      render: (r) => formatDate(r.endDate, 'dd-MMM-yyyy'),
      stateless: true,
    },
    {
      key: 'actions',
      title: '',
      filterable: false,
      sortable: false,
      stopRowClick: true,
      width: 60,
      stateless: true,
      render: (r) =>
        admin ? (
          <Hint content={`Edit status of ${r.code}`} relationship="label">
            <Button appearance="subtle" size="small" icon={<EditRegular />} onClick={() => setEditing(r)} />
          </Hint>
        ) : null,
    },
  ];

  if (projects.data?.length === 0)
    return admin ? (
      <Suspense fallback={<LoadingState />}>
        <GettingStartedGuide />
      </Suspense>
    ) : (
      <section aria-label="Projects">
        <EmptyState title="No projects yet">
          Your projects appear here as soon as an administrator adds them to the portal.
        </EmptyState>
      </section>
    );

  return (
    <section aria-label="Projects">
      <QueryError query={projects} />
      <PortalDataGrid<Row>
        ariaLabel="Projects"
        rows={rows}
        loading={projects.isLoading}
        columns={columns}
        getRowId={(r) => r.id}
        search
        searchPlaceholder="Digite aqui para buscar"
        mobileColumns={['code', 'idStatus']}
        mobileSort={{ key: 'idStatus', direction: 'desc' }}
        pageSize={50}
        pageSizes={[25, 50, 100, 200]}
        emptyText="No projects found"
        onRowClick={(r) => navigate(paths.project.home(r.id))}
      />
      {editing ? (
        <Suspense fallback={null}>
          <AdminStatusDialog project={editing} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
