import type { DB } from '../../db';

/** SQL of the CRM backend (002 §7 "CRM backend"): lookups in crm_* tables, contacts in crm_contacts. */

// The lookups offer what is active (Admin › Master data deactivates items): contacts hold the names as text, so a
// deactivated item stays on the contacts that hold it and is not offered for new ones.

export const classifications = (db: DB) =>
  db
    .selectFrom('crmClassifications')
    .select(['id', 'name', 'stakeholderTypes'])
    .where('deactivatedAt', 'is', null)
    .orderBy('id')
    .execute();

export const areaPositions = (db: DB) =>
  db
    .selectFrom('crmAreaPositions')
    .select(['id', 'name', 'type'])
    .where('type', 'in', [1, 2])
    .where('deactivatedAt', 'is', null)
    .orderBy('type')
    .orderBy('id')
    .execute();

type IdNameTable = 'crmGeographies' | 'crmOffices' | 'crmIndustries' | 'crmLanguages';
export const idNames = (db: DB, table: IdNameTable) =>
  db.selectFrom(table).select(['id', 'name']).where('deactivatedAt', 'is', null).orderBy('name').execute();

/** Active professionals (id, name, email) for the focal point and other-contacts selectors. */
export const professionals = (db: DB) =>
  db
    .selectFrom('professionals')
    .select(['id', 'name', 'email'])
    .where('isActive', '=', true)
    .orderBy('name')
    .execute();

/** The project's team with what the CRM rules read (e-mail, job title, active). */
export const team = (db: DB, projectId: number) =>
  db
    .selectFrom('projectTeam')
    .innerJoin('professionals', 'professionals.id', 'projectTeam.professionalId')
    .select([
      'projectTeam.professionalId as idProfessional',
      'projectTeam.isManager',
      'projectTeam.isPartner',
      'professionals.name',
      'professionals.email',
      'professionals.jobTitle',
      'professionals.isActive',
    ])
    .where('projectTeam.projectId', '=', projectId)
    .execute();
export type TeamRow = Awaited<ReturnType<typeof team>>[number];

export const client = (db: DB, id: number) =>
  db.selectFrom('clients').select(['id', 'name', 'economicGroup']).where('id', '=', id).executeTakeFirst();

/** The industry of the latest contact saved on any project of the client (the grid's header default). */
export const lastIndustryOfClient = async (db: DB, clientId: number) => {
  const row = await db
    .selectFrom('crmContacts')
    .innerJoin('projects', 'projects.id', 'crmContacts.projectId')
    .select((eb) =>
      eb
        .ref('crmContacts.data', '->>')
        .key('industry' as never)
        .as('industry'),
    )
    .where('projects.clientId', '=', clientId)
    .where('crmContacts.isActive', '=', true)
    .orderBy('crmContacts.updatedAt', 'desc')
    .orderBy('crmContacts.id', 'desc')
    .executeTakeFirst();
  return (row?.industry as string | null | undefined) ?? null;
};

const contactColumns = [
  'id',
  'projectId',
  'idOnPortal',
  'data',
  'status',
  'partnerResponsible',
  'directorResponsible',
  'createdBy',
  'isActive',
  'updatedAt',
] as const;

export const contactsOfProject = (db: DB, projectId: number) =>
  db
    .selectFrom('crmContacts')
    .select(contactColumns)
    .where('projectId', '=', projectId)
    .where('isActive', '=', true)
    .orderBy('id')
    .execute();
export type ContactRow = Awaited<ReturnType<typeof contactsOfProject>>[number];

export const contactsByIds = (db: DB, ids: number[]) =>
  ids.length
    ? db
        .selectFrom('crmContacts')
        .select(contactColumns)
        .where('id', 'in', ids)
        .where('isActive', '=', true)
        .forUpdate()
        .execute()
    : Promise.resolve([]);

export interface ContactValues {
  projectId: number;
  idOnPortal: number | null;
  data: object;
  status: string;
  partnerResponsible: string | null;
  directorResponsible: string | null;
  createdBy: string | null;
}
const toDb = <T extends Partial<ContactValues>>(v: T) => {
  const { data, ...rest } = v;
  return data === undefined ? rest : { ...rest, data: JSON.stringify(data) };
};

export const insertContact = (db: DB, v: ContactValues) =>
  db
    .insertInto('crmContacts')
    .values(toDb(v) as never)
    .returning(contactColumns)
    .executeTakeFirstOrThrow();

export const updateContact = (db: DB, id: number, v: Partial<ContactValues>) =>
  db
    .updateTable('crmContacts')
    .set({ ...toDb(v), updatedAt: new Date() })
    .where('id', '=', id)
    .returning(contactColumns)
    .executeTakeFirstOrThrow();

/** Locks the project's contacts while a save decides between update and insert (no duplicates). */
export const lockProjectContacts = (db: DB, projectId: number) =>
  db.selectFrom('projects').select('id').where('id', '=', projectId).forUpdate().execute();
