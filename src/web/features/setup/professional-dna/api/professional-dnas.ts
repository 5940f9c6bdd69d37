import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ProfessionalDnaCreate, ProfessionalDnaRecord, ProfessionalDnaUpdate } from '@domain/contract';
import { professionalDna } from '@web/api/endpoints/professional-dna';
import { api } from '@web/api/endpoint';
import { removeById, upsertById } from '@web/api/cache';

export type { ProfessionalDnaRecord };

/** Professional DNA — Setup (spec 001 §7): the rows of session type 1. */
export const professionalDnaKeys = {
  all: (projectId: number) => ['professional-dna', projectId] as const,
  setup: (projectId: number) => [...professionalDnaKeys.all(projectId), 'setup'] as const,
};

/** GET /api/professional-dnas/project/{id}/session-type/1. */
export const setupDnasQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: professionalDnaKeys.setup(projectId),
    queryFn: () => api(professionalDna.setupRows, { params: { id: projectId } }),
    enabled: Number.isInteger(projectId) && projectId > 0,
  });
export const useSetupDnas = (projectId: number) => useQuery(setupDnasQueryOptions(projectId));

/** The navigation tree's prefetch of /project/{id}/setup/professional-dna. */
export const prefetchSetupDnas = (client: QueryClient, params: Record<string, string | undefined>) =>
  void client.prefetchQuery(setupDnasQueryOptions(Number(params.id)));

/** Add, edit (the row's version as If-Match) and delete; each answer goes into the cached list. */
export function useSetupDnaMutations(projectId: number) {
  const qc = useQueryClient();
  const key = professionalDnaKeys.setup(projectId);
  const put = (row: ProfessionalDnaRecord) =>
    qc.setQueryData<ProfessionalDnaRecord[]>(key, (list) => upsertById(list, [row]));
  // a refused write may mean someone else changed the list: reload it
  const reload = () => qc.invalidateQueries({ queryKey: key });
  return {
    add: useMutation({
      mutationFn: (body: ProfessionalDnaCreate) =>
        api(professionalDna.createSetupRow, { params: { id: projectId }, body }),
      onSuccess: put,
      onError: reload,
    }),
    update: useMutation({
      mutationFn: ({ id, version, body }: { id: number; version: number; body: ProfessionalDnaUpdate }) =>
        api(professionalDna.updateRow, { params: { id }, body, version }) as Promise<ProfessionalDnaRecord>,
      onSuccess: put,
      onError: reload,
    }),
    remove: useMutation({
      mutationFn: (row: ProfessionalDnaRecord) => api(professionalDna.removeRow, { params: { id: row.id } }),
      onSuccess: (_answer, row) =>
        qc.setQueryData<ProfessionalDnaRecord[]>(key, (list) => removeById(list, row.id)),
      onError: reload,
    }),
  };
}
