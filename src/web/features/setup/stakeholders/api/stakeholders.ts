import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { StakeholderCandidate, StakeholderImport, StakeholderRecord } from '@domain/contract';
import { apiSend } from '@web/api/client';
import { masterListQueryOptions } from '@web/api/master';
import {
  listPath,
  prefetchSetupRecords,
  sessionRecordKeys,
  sessionRecordsQueryOptions,
  stakeholderCandidatesQueryOptions,
  useSessionRecordMutations,
  useSessionRecords,
  useStakeholderCandidates,
} from '../../project/records/api/session-records';

export { sessionRecordKeys, stakeholderCandidatesQueryOptions, useStakeholderCandidates };

/** GET /api/project/{id}/stakeholders/sessions/{sessionId}. */
export const stakeholdersQueryOptions = (projectId: number, sessionId: number | undefined) =>
  sessionRecordsQueryOptions('stakeholders', projectId, sessionId);
export const useStakeholders = (projectId: number, sessionId: number | undefined) =>
  useSessionRecords('stakeholders', projectId, sessionId);
export const useStakeholderMutations = (projectId: number, sessionId: number | undefined) =>
  useSessionRecordMutations('stakeholders', projectId, sessionId);

/** The import body of one selection, in the spec's casing (001 §7). */
export const importBody = (c: StakeholderCandidate): StakeholderImport => ({
  name: c.name,
  IDProfessionalResponsible: c.idProfessionalResponsible,
  position: c.position,
  birthday: c.birthday,
  language: c.language,
  CurrentStatus: c.currentStatus,
  actionPlan: c.actionPlan,
});

/**
 * The import: one POST per selection (001 §7); afterwards the list and the candidates are reloaded (also
 * after a partial failure, so what was added shows).
 */
export function useImportStakeholders(projectId: number, sessionId: number | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (selected: StakeholderCandidate[]) => {
      const added: StakeholderRecord[] = [];
      for (const c of selected)
        added.push(
          await apiSend<StakeholderRecord>(
            'POST',
            listPath('stakeholders', projectId, sessionId!),
            importBody(c),
          ),
        );
      return added;
    },
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: sessionRecordKeys.list(projectId, 'stakeholders', sessionId) }),
        qc.invalidateQueries({ queryKey: sessionRecordKeys.candidates(projectId, sessionId) }),
      ]),
  });
}

/** Navigation prefetch of `/project/{id}/setup/stakeholders`: the list, positions and languages. */
export const prefetchStakeholders = (client: QueryClient, params: Record<string, string | undefined>) =>
  prefetchSetupRecords(client, Number(params.id), 'stakeholders', (c) => {
    void c.prefetchQuery(masterListQueryOptions('positions'));
    void c.prefetchQuery(masterListQueryOptions('languages'));
  });
