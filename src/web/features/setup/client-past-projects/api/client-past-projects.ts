import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { projectQueryOptions } from '@web/api/project';
import { setup } from '@web/api/endpoints/setup';
import { api } from '@web/api/endpoint';
import { clientPastProjectsKeys } from './keys';

/** GET /api/projects/{id}/client/{idClient}: the client's other projects (code, name, methodology). */
export const clientPastProjectsQueryOptions = (projectId: number, idClient: number | null | undefined) =>
  queryOptions({
    queryKey: clientPastProjectsKeys.list(projectId, idClient ?? 0),
    queryFn: () => api(setup.clientPastProjects, { params: { id: projectId, idClient: idClient! } }),
    enabled: typeof idClient === 'number' && idClient > 0,
  });
export const useClientPastProjects = (projectId: number, idClient: number | null | undefined) =>
  useQuery(clientPastProjectsQueryOptions(projectId, idClient));

/** The navigation tree's prefetch of /project/{id}/setup/client-past-projects (once the project names its client). */
export const prefetchClientPastProjects = (
  client: QueryClient,
  params: Record<string, string | undefined>,
) => {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) return;
  void client
    .fetchQuery(projectQueryOptions(id))
    .then((p) =>
      p.idClient ? client.prefetchQuery(clientPastProjectsQueryOptions(id, p.idClient)) : undefined,
    )
    .catch(() => undefined);
};
