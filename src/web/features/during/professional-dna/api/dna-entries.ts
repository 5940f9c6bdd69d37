import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DnaEntryCreate, DnaEntryRecord } from '@domain/contract';
import { professionalDna } from '@web/api/endpoints/professional-dna';
import { api } from '@web/api/endpoint';
import { removeById, upsertById } from '@web/api/cache';
import { dnaKeys } from './dna-sessions';

export type { DnaEntryRecord };

/** GET /api/professional-dnas/project-professional-dna/{id}: the entries of one DNA session. */
export const dnaEntriesQueryOptions = (projectId: number, sessionId: number) =>
  queryOptions({
    queryKey: dnaKeys.entries(projectId, sessionId),
    queryFn: () => api(professionalDna.entries, { params: { id: sessionId } }),
    enabled: Number.isInteger(sessionId) && sessionId > 0,
  });
export const useDnaEntries = (projectId: number, sessionId: number) =>
  useQuery(dnaEntriesQueryOptions(projectId, sessionId));

/** The grid's body of an entry: the professional and the answer (PUT sends the merged row). */
export type DnaEntryBody = Pick<DnaEntryCreate, 'idProfessional'> & { dnaMetExpectation: number | null };

/** Add (POST under the session), edit (PUT with the entry's version) and delete (DELETE with it) an entry. */
export function useDnaEntryMutations(projectId: number, sessionId: number) {
  const qc = useQueryClient();
  const key = dnaKeys.entries(projectId, sessionId);
  const put = (row: DnaEntryRecord) =>
    qc.setQueryData<DnaEntryRecord[]>(key, (list) => upsertById(list, [row]));
  const reload = () => qc.invalidateQueries({ queryKey: key });
  return {
    add: useMutation({
      mutationFn: (body: DnaEntryBody) =>
        api(professionalDna.createEntry, { params: { id: sessionId }, body }),
      onSuccess: put,
      onError: reload,
    }),
    update: useMutation({
      mutationFn: ({ id, version, body }: { id: number; version: number; body: DnaEntryBody }) =>
        api(professionalDna.updateRow, { params: { id }, body, version }) as Promise<DnaEntryRecord>,
      onSuccess: put,
      onError: reload,
    }),
    remove: useMutation({
      mutationFn: (row: DnaEntryRecord) =>
        api(professionalDna.removeRow, { params: { id: row.id }, version: row.version }),
      onSuccess: (_answer, row) => qc.setQueryData<DnaEntryRecord[]>(key, (list) => removeById(list, row.id)),
      onError: reload,
    }),
  };
}
