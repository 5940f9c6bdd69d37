import type { QueryClient } from '@tanstack/react-query';
import {
  prefetchSetupRecords,
  sessionRecordsQueryOptions,
  useSessionRecordMutations,
  useSessionRecords,
} from '../../project/records/api/session-records';

/** GET /api/project/{id}/rar/session/{sessionId}; PUT / DELETE /api/project/{id}/rar/{itemId} (001 §7). */
export const rolesQueryOptions = (projectId: number, sessionId: number | undefined) =>
  sessionRecordsQueryOptions('rar', projectId, sessionId);
export const useRoles = (projectId: number, sessionId: number | undefined) =>
  useSessionRecords('rar', projectId, sessionId);
export const useRoleMutations = (projectId: number, sessionId: number | undefined) =>
  useSessionRecordMutations('rar', projectId, sessionId);

/** Navigation prefetch of `/project/{id}/setup/roles`: the roles of the setup session. */
export const prefetchRoles = (client: QueryClient, params: Record<string, string | undefined>) =>
  prefetchSetupRecords(client, Number(params.id), 'rar');
