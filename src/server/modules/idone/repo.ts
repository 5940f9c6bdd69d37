import type { DB } from '../../db';
import { updateVersioned } from '../../platform/versioned-update';

const shape = (r: {
  id: number;
  projectId: number;
  responsibleDefinitionId: number | null;
  numberProfile: number;
  additionalProfiles: number;
  clientNameDefined: boolean;
  version: number;
}) => ({
  id: r.id,
  idProject: r.projectId,
  idResponsibleDefinition: r.responsibleDefinitionId,
  numberProfile: r.numberProfile,
  additionalProfiles: r.additionalProfiles,
  clientNameDefined: r.clientNameDefined,
  version: r.version,
});
export type IdOneRecord = ReturnType<typeof shape>;

export const listIdOnes = async (db: DB, projectId: number) =>
  (
    await db
      .selectFrom('projectIdOnes')
      .selectAll()
      .where('projectId', '=', projectId)
      .orderBy('id')
      .execute()
  ).map(shape);

export const findIdOne = async (db: DB, id: number) => {
  const r = await db.selectFrom('projectIdOnes').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? shape(r) : undefined;
};
export const projectOfIdOne = async (db: DB, id: number) => (await findIdOne(db, id))?.idProject;

export const geographicIds = async (db: DB, projectId: number) =>
  (
    await db
      .selectFrom('projectGeographics')
      .select('geographicId')
      .where('projectId', '=', projectId)
      .execute()
  ).map((g) => g.geographicId);

export const professionalExists = async (db: DB, id: number) =>
  !!(await db.selectFrom('professionals').select('id').where('id', '=', id).executeTakeFirst());

export interface IdOneValues {
  responsibleDefinitionId: number | null;
  numberProfile: number;
  additionalProfiles: number;
  clientNameDefined: boolean;
}

export const insertIdOne = async (db: DB, projectId: number, v: IdOneValues) =>
  shape(
    await db
      .insertInto('projectIdOnes')
      .values({ projectId, ...v })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );

export async function updateIdOne(db: DB, id: number, v: IdOneValues, expectedVersion?: number) {
  return updateVersioned(db, 'projectIdOnes', { id }, v, expectedVersion);
}

export const deleteIdOne = (db: DB, id: number) =>
  db.deleteFrom('projectIdOnes').where('id', '=', id).execute();
