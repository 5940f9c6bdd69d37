import type { QueryClient } from '@tanstack/react-query';
import { prefetchSetupRecords } from '@web/api/session-records';

export { rolesQueryOptions, useRoleMutations, useRoles } from '@web/api/session-records';

/** Navigation prefetch of `/project/{id}/setup/roles`: the roles of the setup session. */
export const prefetchRoles = (client: QueryClient, params: Record<string, string | undefined>) =>
  prefetchSetupRecords(client, Number(params.id), 'rar');
