import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ProjectAdminPatch, ProjectCreate, ProjectDetail, ProjectListItem } from '@domain/contract';
import { projects } from '@web/api/endpoints/projects';
import { api } from '@web/api/endpoint';
import { projectKeys } from '@web/api/keys';
import { useNotifyingMutation } from '@web/ui/mutation';
import { adminProjectKeys } from './keys';

/** The list row of a project record (the shared list's shape). */
const listRow = (p: ProjectDetail): ProjectListItem => ({
  id: p.id,
  code: p.code,
  name: p.name,
  idStatus: p.idStatus,
  endDate: p.endDate,
  client: p.client,
  projectManager: p.projectManager
    ? {
        id: p.projectManager.id,
        name: p.projectManager.name,
        login: p.projectManager.login,
        email: p.projectManager.email,
        photoGUID: p.projectManager.photoGUID ?? null,
      }
    : null,
  projectPractices: p.projectPractices,
});

/** Writes the answered project into the caches: its detail, its row of the shared list, its toolkits and scope. */
function applyProject(client: QueryClient, p: ProjectDetail) {
  client.setQueryData(projectKeys.detail(p.id), p);
  client.setQueryData<ProjectListItem[]>(projectKeys.list(), (list) => {
    if (!list) return list;
    const row = listRow(p);
    return list.some((x) => x.id === p.id)
      ? list.map((x) => (x.id === p.id ? row : x))
      : [...list, row].sort((a, b) => a.code.localeCompare(b.code));
  });
  void client.invalidateQueries({ queryKey: adminProjectKeys.scopes() });
  void client.invalidateQueries({ queryKey: adminProjectKeys.projectToolkits(p.id) });
}

/** PATCH /api/projects/{id} with the changed fields and If-Match (002 §7); 'Edited with success.' (§8). */
export function usePatchProject() {
  const client = useQueryClient();
  return useNotifyingMutation({
    mutationFn: ({ id, body, version }: { id: number; body: ProjectAdminPatch; version: number }) =>
      api(projects.update, { params: { id }, body, version }),
    success: 'Edited with success.',
    error: 'Something went wrong...',
    onSuccess: (p) => applyProject(client, p),
  });
}

/** POST /api/projects (Admin): a new project; 'Saved' (§8). */
export function useCreateProject() {
  const client = useQueryClient();
  return useNotifyingMutation({
    mutationFn: (body: ProjectCreate) => api(projects.create, { body }),
    success: 'Saved',
    error: 'Something went wrong...',
    onSuccess: (p) => applyProject(client, p),
  });
}
