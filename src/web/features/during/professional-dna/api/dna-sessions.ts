import { useQueryClient } from '@tanstack/react-query';
import type { DnaSessionCreate, DnaSessionUpdate, ProjectProfessionalDnaRecord } from '@domain/contract';
import { professionalDna } from '@web/api/endpoints/professional-dna';
import { api } from '@web/api/endpoint';
import { queryById } from '@web/api/entity-query';
import { useListMutations } from '@web/api/cache';
import { projectKeys } from '@web/api/keys';
import { dnaKeys } from './keys';

export type { ProjectProfessionalDnaRecord as DnaSession };

/** GET /api/project-professional-dnas/project/{id}/session-type/2. */
const dnaSessionsQuery = queryById(professionalDna.sessions, dnaKeys.sessions);
export const useDnaSessions = dnaSessionsQuery.useById;

/** The navigation tree's prefetch of /project/{id}/during/professional-dna. */
export const prefetchDnaSessions = dnaSessionsQuery.prefetch;

/**
 * Add, edit (the session's version as If-Match) and delete a DNA session; each answer goes into the cached
 * list, and the overview's KPIs are refreshed (the "Professional DNA" card reads this week's sessions).
 */
export function useDnaSessionMutations(projectId: number) {
  const qc = useQueryClient();
  return useListMutations(dnaKeys.sessions(projectId), {
    add: (body: DnaSessionCreate) => api(professionalDna.createSession, { params: { id: projectId }, body }),
    update: ({ id, version, body }: { id: number; version: number; body: DnaSessionUpdate }) =>
      api(professionalDna.updateSession, { params: { id }, body, version }),
    remove: (row: ProjectProfessionalDnaRecord) =>
      api(professionalDna.removeSession, { params: { id: row.id }, version: row.version }),
    removed: (row) => qc.removeQueries({ queryKey: dnaKeys.entries(projectId, row.id) }),
    settled: () => qc.invalidateQueries({ queryKey: projectKeys.kpis(projectId) }),
  });
}
