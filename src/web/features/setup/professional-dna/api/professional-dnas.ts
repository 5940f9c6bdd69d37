import type { ProfessionalDnaCreate, ProfessionalDnaRecord, ProfessionalDnaUpdate } from '@domain/contract';
import { professionalDna } from '@web/api/endpoints/professional-dna';
import { api } from '@web/api/endpoint';
import { queryById } from '@web/api/entity-query';
import { useListMutations } from '@web/api/cache';
import { professionalDnaKeys } from './keys';

export type { ProfessionalDnaRecord };

/** GET /api/professional-dnas/project/{id}/session-type/1. */
const setupDnasQuery = queryById(professionalDna.setupRows, professionalDnaKeys.setup);
export const useSetupDnas = setupDnasQuery.useById;

/** The navigation tree's prefetch of /project/{id}/setup/professional-dna. */
export const prefetchSetupDnas = setupDnasQuery.prefetch;

/** Add, edit (the row's version as If-Match) and delete; each answer goes into the cached list. */
export const useSetupDnaMutations = (projectId: number) =>
  useListMutations(professionalDnaKeys.setup(projectId), {
    add: (body: ProfessionalDnaCreate) =>
      api(professionalDna.createSetupRow, { params: { id: projectId }, body }),
    update: ({ id, version, body }: { id: number; version: number; body: ProfessionalDnaUpdate }) =>
      api(professionalDna.updateRow, { params: { id }, body, version }) as Promise<ProfessionalDnaRecord>,
    remove: (row: ProfessionalDnaRecord) => api(professionalDna.removeRow, { params: { id: row.id } }),
  });
