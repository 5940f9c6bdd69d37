import type { QueryClient } from '@tanstack/react-query';
import { masterListQueryOptions } from '@web/api/master';
import { prefetchSetupRecords } from '@web/api/session-records';

export {
  importBody,
  stakeholderCandidatesQueryOptions,
  stakeholdersQueryOptions,
  useImportStakeholders,
  useStakeholderCandidates,
  useStakeholderMutations,
  useStakeholders,
} from '@web/api/session-records';

/** Navigation prefetch of `/project/{id}/setup/stakeholders`: the list, positions and languages. */
export const prefetchStakeholders = (client: QueryClient, params: Record<string, string | undefined>) =>
  prefetchSetupRecords(client, Number(params.id), 'stakeholders', (c) => {
    void c.prefetchQuery(masterListQueryOptions('positions'));
    void c.prefetchQuery(masterListQueryOptions('languages'));
  });
