import { useParams } from 'react-router-dom';
import { Text } from '@fluentui/react-components';
import type { ClientPastProject } from '@domain/contract';
import { useProject } from '@web/api/project';
import { QueryGrid } from '@web/ui';
import { PageHeading } from '@web/ui/PageHeading';
import { LoadingState } from '@web/ui/PageState';
import { useClientPastProjects } from './api/client-past-projects';

/**
 * Setup › Client Past Projects `/project/{id}/setup/client-past-projects` (001 §2): the client's other
 * projects in a searchable grid with header filters on Code, Name and Methodology.
 */
export default function ClientPastProjectsPage() {
  const projectId = Number(useParams().id);
  const project = useProject(projectId);
  const idClient = project.data?.idClient ?? undefined;
  const rows = useClientPastProjects(projectId, idClient);
  if (project.isLoading || rows.isLoading) return <LoadingState />;
  return (
    <section>
      <PageHeading banner="SETUP" title="Client Past Projects">
        {project.data?.client ? <Text>{project.data.client.name}</Text> : null}
      </PageHeading>
      <QueryGrid<ClientPastProject>
        query={rows}
        ariaLabel="Client Past Projects"
        rows={project.data && !idClient ? [] : rows.data}
        getRowId={(r) => r.id}
        search
        pageSize={10}
        pageSizes={[10, 20, 50]}
        readOnly
        emptyText="This client has no other projects"
        defaultSort={{ key: 'code', direction: 'asc' }}
        columns={[
          { key: 'code', title: 'Code', value: (r) => r.code, width: 160 },
          { key: 'name', title: 'Name', value: (r) => r.name },
          { key: 'methodology', title: 'Methodology', value: (r) => r.methodology ?? '' },
        ]}
      />
    </section>
  );
}
