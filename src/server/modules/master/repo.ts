import type { DB } from '../../db';
import { updateVersioned } from '../../platform/versioned-update';

/** The master tables listed as plain `{ id, name }`. */
export type SimpleMasterTable =
  | 'practices'
  | 'geographics'
  | 'geographicScopes'
  | 'offices'
  | 'comanagements'
  | 'languages'
  | 'segments'
  | 'positions';

export const listSimple = (db: DB, table: SimpleMasterTable) =>
  db.selectFrom(table).select(['id', 'name', 'deactivatedAt']).orderBy('id').execute();

export const listMethodologies = (db: DB) =>
  db
    .selectFrom('methodologies')
    .select(['id', 'name', 'practiceId', 'deactivatedAt'])
    .orderBy('id')
    .execute();

export const listToolkits = (db: DB) =>
  db
    .selectFrom('toolkits as t')
    .leftJoin('methodologies as m', 'm.id', 't.methodologyId')
    .select([
      't.id',
      't.name',
      't.isActive',
      't.deactivatedAt',
      't.methodologyId',
      'm.practiceId',
      'm.name as methodologyName',
    ])
    .orderBy('t.id')
    .execute();

export function listProfessionals(db: DB, anyStatus: boolean) {
  let q = db
    .selectFrom('professionals')
    .select(['id', 'name', 'photoGuid', 'jobTitle', 'email', 'isActive', 'login'])
    .orderBy('name');
  if (!anyStatus) q = q.where('isActive', '=', true);
  return q.execute();
}

/** Clients by name (one when `id` is given). */
export function listClients(db: DB, id?: number) {
  let q = db
    .selectFrom('clients')
    .select(['id', 'name', 'economicGroup', 'clientDescription', 'clientCulture', 'deactivatedAt'])
    .orderBy('name');
  if (id !== undefined) q = q.where('id', '=', id);
  return q.execute();
}

/** Segments of every client (or of one). */
export const listClientSegments = (db: DB, clientId?: number) =>
  db
    .selectFrom('clientSegments as cs')
    .innerJoin('segments as s', 's.id', 'cs.segmentId')
    .select(['cs.clientId', 's.id', 's.name', 'cs.segmentLevel'])
    .$if(clientId !== undefined, (qb) => qb.where('cs.clientId', '=', clientId!))
    .orderBy('cs.clientId')
    .orderBy('s.id')
    .execute();

export const listClientNames = (db: DB) =>
  db.selectFrom('clients').select(['id', 'name', 'deactivatedAt']).orderBy('name').execute();

export const listDuringTypes = (db: DB) =>
  db.selectFrom('duringTypes').select(['id', 'name']).orderBy('id').execute();

/** One client with its version (GET / PUT /master/clients/{id}). */
export const findClientRecord = (db: DB, id: number) =>
  db
    .selectFrom('clients')
    .select(['id', 'name', 'economicGroup', 'clientDescription', 'clientCulture', 'version'])
    .where('id', '=', id)
    .executeTakeFirst();

/** Writes the client's own columns while it is at `onlyVersion`, bumping the version; whether it was written. */
export async function updateClient(
  db: DB,
  id: number,
  values: {
    name: string;
    economicGroup: string | null;
    clientDescription: string | null;
    clientCulture: string | null;
  },
  onlyVersion: number,
): Promise<boolean> {
  return updateVersioned(db, 'clients', { id }, values, onlyVersion);
}
