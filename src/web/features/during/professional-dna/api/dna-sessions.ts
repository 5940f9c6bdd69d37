import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { DnaSessionCreate, DnaSessionUpdate, ProjectProfessionalDnaRecord } from '@domain/contract';
import { professionalDna } from '@web/api/endpoints/professional-dna';
import { api } from '@web/api/endpoint';
import { removeById, upsertById } from '@web/api/cache';
import { projectKeys } from '@web/api/projects';

export type { ProjectProfessionalDnaRecord as DnaSession };

/** Professional DNA — During (spec 001 §7): the project's DNA sessions (type 2) and each session's entries. */
export const dnaKeys = {
  all: (projectId: number) => ['professional-dna', projectId] as const,
  sessions: (projectId: number) => [...dnaKeys.all(projectId), 'during', 'sessions'] as const,
  entries: (projectId: number, sessionId: number) =>
    [...dnaKeys.all(projectId), 'during', 'entries', sessionId] as const,
};

const valid = (id: number) => Number.isInteger(id) && id > 0;

/** GET /api/project-professional-dnas/project/{id}/session-type/2. */
export const dnaSessionsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: dnaKeys.sessions(projectId),
    queryFn: () => api(professionalDna.sessions, { params: { id: projectId } }),
    enabled: valid(projectId),
  });
export const useDnaSessions = (projectId: number) => useQuery(dnaSessionsQueryOptions(projectId));

/** The navigation tree's prefetch of /project/{id}/during/professional-dna. */
export const prefetchDnaSessions = (client: QueryClient, params: Record<string, string | undefined>) =>
  void client.prefetchQuery(dnaSessionsQueryOptions(Number(params.id)));

/**
 * Add, edit (the session's version as If-Match) and delete a DNA session; each answer goes into the cached
 * list, and the overview's KPIs are refreshed (the "Professional DNA" card reads this week's sessions).
 */
export function useDnaSessionMutations(projectId: number) {
  const qc = useQueryClient();
  const key = dnaKeys.sessions(projectId);
  const kpis = () => qc.invalidateQueries({ queryKey: projectKeys.kpis(projectId) });
  const put = (row: ProjectProfessionalDnaRecord) => {
    qc.setQueryData<ProjectProfessionalDnaRecord[]>(key, (list) => upsertById(list, [row]));
    void kpis();
  };
  // a refused write may mean someone else changed the list: reload it
  const reload = () => qc.invalidateQueries({ queryKey: key });
  return {
    add: useMutation({
      mutationFn: (body: DnaSessionCreate) =>
        api(professionalDna.createSession, { params: { id: projectId }, body }),
      onSuccess: put,
      onError: reload,
    }),
    update: useMutation({
      mutationFn: ({ id, version, body }: { id: number; version: number; body: DnaSessionUpdate }) =>
        api(professionalDna.updateSession, { params: { id }, body, version }),
      onSuccess: put,
      onError: reload,
    }),
    remove: useMutation({
      mutationFn: (row: ProjectProfessionalDnaRecord) =>
        api(professionalDna.removeSession, { params: { id: row.id }, version: row.version }),
      onSuccess: (_answer, row) => {
        qc.setQueryData<ProjectProfessionalDnaRecord[]>(key, (list) => removeById(list, row.id));
        qc.removeQueries({ queryKey: dnaKeys.entries(projectId, row.id) });
        void kpis();
      },
      onError: reload,
    }),
  };
}
