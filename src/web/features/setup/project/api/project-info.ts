import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ProjectDetail, ProjectMetadataPut, ProjectPatch } from '@domain/contract';
import { ApiError } from '@web/api/client';
import { projectKeys } from '@web/api/keys';
import { setup } from '@web/api/endpoints/setup';
import { projects } from '@web/api/endpoints/projects';
import { api } from '@web/api/endpoint';

export interface ProjectWrite<B> {
  body: B;
  /** If-Match: the project's version as last known. */
  version: number | null | undefined;
  keepalive?: boolean;
}

/** A 412 answers the project as it is now: it goes into the cache (the fields show it) before the error. */
function keepCurrentOn412(qc: QueryClient, projectId: number, e: unknown) {
  if (e instanceof ApiError && e.isConflict && e.current && typeof e.current === 'object')
    qc.setQueryData(projectKeys.detail(projectId), e.current as ProjectDetail);
}

/** PATCH /api/projects/{id} with one field (title, sales context, why the client needs help); answer → cache. */
export function usePatchProject(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, version, keepalive }: ProjectWrite<ProjectPatch>) =>
      api(projects.update, { params: { id: projectId }, body, version, keepalive }),
    onSuccess: (p) => qc.setQueryData(projectKeys.detail(projectId), p),
    onError: (e) => keepCurrentOn412(qc, projectId, e),
  });
}

/** PUT /api/projects/{id}/metadata with one field (idPractice … idDuringType); answer → cache. */
export function usePutProjectMetadata(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, version }: ProjectWrite<ProjectMetadataPut>) =>
      api(setup.putMetadata, { params: { id: projectId }, body, version }),
    onSuccess: (p) => qc.setQueryData(projectKeys.detail(projectId), p),
    onError: (e) => keepCurrentOn412(qc, projectId, e),
  });
}
