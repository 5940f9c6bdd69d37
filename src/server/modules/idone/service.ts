import type { ProjectIdOneBody } from '@domain/contract';
import { isIdOneApplicable } from '@domain/rules';
import type { DB } from '../../db';
import { httpError } from '../../http';
import * as repo from './repo';

/**
 * ID One Human Factor Restitutions (spec 000 §2.9). Who may write is the routes' rule (idOneEdit);
 * here: records exist only for projects whose geographics contain 223 (Brazil) — 409 otherwise.
 */
export const list = (db: DB, projectId: number) => repo.listIdOnes(db, projectId);

async function requireApplicable(db: DB, projectId: number) {
  if (!isIdOneApplicable(await repo.geographicIds(db, projectId)))
    throw httpError(409, 'ID One applies only to projects in Brazil (geographic 223)');
}

async function values(db: DB, body: ProjectIdOneBody): Promise<repo.IdOneValues> {
  if (
    body.idResponsibleDefinition != null &&
    !(await repo.professionalExists(db, body.idResponsibleDefinition))
  ) {
    throw httpError(400, 'Invalid request: idResponsibleDefinition: no such professional');
  }
  return {
    responsibleDefinitionId: body.idResponsibleDefinition,
    numberProfile: body.numberProfile,
    additionalProfiles: body.additionalProfiles,
    clientNameDefined: body.clientNameDefined,
  };
}

export async function create(db: DB, projectId: number, body: ProjectIdOneBody) {
  await requireApplicable(db, projectId);
  return repo.insertIdOne(db, projectId, await values(db, body));
}

export async function update(
  db: DB,
  id: number,
  body: ProjectIdOneBody,
  expectedVersion: number | undefined,
) {
  const row = await repo.findIdOne(db, id);
  if (!row) throw httpError(404, `ID One record ${id} not found`);
  if (body.idProject !== undefined && body.idProject !== row.idProject)
    throw httpError(400, 'Invalid request: idProject: a record cannot move to another project');
  await requireApplicable(db, row.idProject);
  const changed = await repo.updateIdOne(db, id, await values(db, body), expectedVersion);
  return { changed, current: (await repo.findIdOne(db, id))! };
}

export async function remove(db: DB, id: number) {
  const row = await repo.findIdOne(db, id);
  if (!row) throw httpError(404, `ID One record ${id} not found`);
  await repo.deleteIdOne(db, id);
}
