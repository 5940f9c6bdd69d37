import { useNavigate } from 'react-router-dom';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { PROJECT_STATUS } from '@domain/constants';
import { PersonAvatar, PortalDataGrid, ProjectStatusIcon, useIsMobile } from '@web/ui';
import { useProjects, type ProjectListItem } from '@web/api/projects';
import { paths } from '@web/app/navigation';

const useStyles = makeStyles({
  head: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    marginBottom: tokens.spacingVerticalL,
  },
  manager: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/** OnePage Projects landing `/project-one-page` (spec 000 §2.11). */
export default function OnePageProjectsPage({ title = 'OnePage Projects' }: { title?: string }) {
  const s = useStyles();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const { data, isLoading } = useProjects();
  return (
    <section>
      <div className={s.head}>
        {mobile ? (
          <Button
            appearance="subtle"
            icon={<ArrowLeftRegular />}
            aria-label="Back to projects"
            onClick={() => navigate(paths.projects())}
          />
        ) : null}
        <Text as="h1" size={700} weight="semibold">
          {title}
        </Text>
        <Text>Access the One Pages directly from here</Text>
      </div>
      <PortalDataGrid<ProjectListItem>
        ariaLabel={title}
        rows={data}
        loading={isLoading}
        getRowId={(r) => r.id}
        showHeader={false}
        search
        searchPlaceholder="Digite aqui para buscar"
        defaultSort={{ key: 'idStatus', direction: 'desc' }}
        pageSize={50}
        onRowClick={(r) => navigate(paths.project.during.onePage(r.id))}
        columns={[
          { key: 'code', title: 'Code' },
          {
            key: 'idStatus',
            title: 'Status',
            // searched by name, sorted by id: the list is sorted by status descending (spec 000 §2.11)
            value: (r) => PROJECT_STATUS[r.idStatus]?.name ?? '',
            sortValue: (r) => r.idStatus,
            render: (r) => <ProjectStatusIcon idStatus={r.idStatus} />,
          },
          { key: 'client', title: 'Client', value: (r) => r.client?.name ?? '' },
          {
            key: 'manager',
            title: 'Manager',
            value: (r) => r.projectManager?.name ?? '',
            render: (r) =>
              r.projectManager ? (
                <span className={s.manager}>
                  <PersonAvatar person={r.projectManager} size={24} tooltip={false} />
                  {r.projectManager.name}
                </span>
              ) : null,
          },
        ]}
      />
    </section>
  );
}
