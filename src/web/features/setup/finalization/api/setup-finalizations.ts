import type {
  SetupFinalizationCreate,
  SetupFinalizationRecord,
  SetupFinalizationUpdate,
} from '@domain/contract';
import { setupFinalization } from '@web/api/endpoints/setup-finalization';
import { api } from '@web/api/endpoint';
import { queryById } from '@web/api/entity-query';
import { useListMutations } from '@web/api/cache';
import { setupFinalizationKeys } from './keys';

export type { SetupFinalizationRecord };

/** GET /api/project-setup-finalizations/project/{id}. */
const setupFinalizationsQuery = queryById(setupFinalization.list, setupFinalizationKeys.list);
export const useSetupFinalizations = setupFinalizationsQuery.useById;

/** The navigation tree's prefetch of /project/{id}/setup/finalization. */
export const prefetchSetupFinalizations = setupFinalizationsQuery.prefetch;

/** Add (the body names the project), change (the row's version as If-Match) and delete; answers go into the cache. */
export const useSetupFinalizationMutations = (projectId: number) =>
  useListMutations(setupFinalizationKeys.list(projectId), {
    add: (body: Omit<SetupFinalizationCreate, 'idProject'>) =>
      api(setupFinalization.create, { body: { ...body, idProject: projectId } }),
    update: ({ id, version, body }: { id: number; version: number; body: SetupFinalizationUpdate }) =>
      api(setupFinalization.update, { params: { id }, body, version }),
    remove: (row: SetupFinalizationRecord) => api(setupFinalization.remove, { params: { id: row.id } }),
  });
