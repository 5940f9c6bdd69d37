import type { ProjectIdOne } from '@domain/contract';
import { idone } from '@web/api/endpoints/idone';
import { api } from '@web/api/endpoint';
import { queryById } from '@web/api/entity-query';
import { useListMutations } from '@web/api/cache';
import { projectScreenKeys } from './keys';

const idOnesQuery = queryById(idone.list, projectScreenKeys.idOnes);
export const useIdOnes = idOnesQuery.useById;

const body = (r: ProjectIdOne, projectId: number) => ({
  idProject: projectId,
  idResponsibleDefinition: r.idResponsibleDefinition ?? null,
  numberProfile: Number(r.numberProfile ?? 0),
  additionalProfiles: Number(r.additionalProfiles ?? 0),
  clientNameDefined: !!r.clientNameDefined,
});

/** ID One writes: the answer goes into the cached list (a failure reloads it). */
export const useIdOneMutations = (projectId: number) =>
  useListMutations(projectScreenKeys.idOnes(projectId), {
    add: (r: ProjectIdOne) => api(idone.create, { body: body(r, projectId) }),
    update: (r: ProjectIdOne) =>
      api(idone.update, { params: { id: r.id }, body: body(r, projectId), version: r.version }),
    remove: (r: ProjectIdOne) => api(idone.remove, { params: { id: r.id } }),
  });
