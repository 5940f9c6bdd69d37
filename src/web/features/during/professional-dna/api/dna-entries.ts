import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DnaEntryCreate, DnaEntryRecord } from '@domain/contract';
import { professionalDna } from '@web/api/endpoints/professional-dna';
import { api } from '@web/api/endpoint';
import { useListMutations } from '@web/api/cache';
import { dnaKeys } from './keys';

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
export const useDnaEntryMutations = (projectId: number, sessionId: number) =>
  useListMutations(dnaKeys.entries(projectId, sessionId), {
    add: (body: DnaEntryBody) => api(professionalDna.createEntry, { params: { id: sessionId }, body }),
    update: ({ id, version, body }: { id: number; version: number; body: DnaEntryBody }) =>
      api(professionalDna.updateRow, { params: { id }, body, version }) as Promise<DnaEntryRecord>,
    remove: (row: DnaEntryRecord) =>
      api(professionalDna.removeRow, { params: { id: row.id }, version: row.version }),
  });
