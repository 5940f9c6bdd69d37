import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProjectDetail, ProjectSessionRecord } from '@domain/contract';
import { sessions } from '@web/api/endpoints/sessions';
import { ApiError } from '@web/api/client';
import { api } from '@web/api/endpoint';
import { projectKeys } from '@web/api/keys';
import { setupSessionKeys } from './keys';

/** GET /api/projects/{id}/sessions/{sessionId}: the setup session with its version (scope texts). */
export const setupSessionQueryOptions = (projectId: number, sessionId: number | undefined) =>
  queryOptions({
    queryKey: setupSessionKeys.one(projectId, sessionId ?? 0),
    queryFn: () => api(sessions.get, { params: { id: projectId, sessionId: sessionId! } }),
    enabled: typeof sessionId === 'number' && sessionId > 0,
  });
export const useSetupSession = (projectId: number, sessionId: number | undefined) =>
  useQuery(setupSessionQueryOptions(projectId, sessionId));

export type ScopePatch = { projectScope: string | null } | { projectOutScope: string | null };

/** PATCH /api/projects/{id}/sessions/{sessionId} with projectScope or projectOutScope; answer (and a 412's current) → cache. */
export function usePatchSetupSession(projectId: number, sessionId: number | undefined) {
  const qc = useQueryClient();
  const key = setupSessionKeys.one(projectId, sessionId ?? 0);
  return useMutation({
    mutationFn: (v: { body: ScopePatch; version: number | null | undefined; keepalive?: boolean }) =>
      api(sessions.patch, {
        params: { id: projectId, sessionId: sessionId! },
        body: v.body,
        version: v.version,
        keepalive: v.keepalive,
      }),
    onSuccess: (s) => {
      qc.setQueryData(key, s);
      // Project Info's scope summary reads the project's copy of the session
      qc.setQueryData<ProjectDetail>(projectKeys.detail(projectId), (p) =>
        p
          ? {
              ...p,
              projectSession: p.projectSession?.map((x) =>
                x.id === s.id
                  ? { ...x, projectScope: s.projectScope, projectOutScope: s.projectOutScope }
                  : x,
              ),
            }
          : p,
      );
    },
    onError: (e) => {
      if (e instanceof ApiError && e.isConflict && e.current)
        qc.setQueryData(key, e.current as ProjectSessionRecord);
    },
  });
}
