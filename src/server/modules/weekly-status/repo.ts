import type { Updateable } from 'kysely';
import type { DB } from '../../db';
import type { Database } from '../../db/schema';
import { updateVersioned, updateVersionedRows } from '../../platform/versioned-update';
import { withLeads } from '../projects/service';

/** The project of a weekly status (undefined when there is none). */
export const projectOfWeeklyStatus = async (db: DB, id: number) =>
  (await db.selectFrom('weeklyStatuses').select('projectId').where('id', '=', id).executeTakeFirst())
    ?.projectId;

/** The project of a weekly status content block (through its weekly status). */
export const projectOfContent = async (db: DB, id: number) =>
  (
    await db
      .selectFrom('weeklyStatusContents as c')
      .innerJoin('weeklyStatuses as w', 'w.id', 'c.weeklyStatusId')
      .select('w.projectId')
      .where('c.id', '=', id)
      .executeTakeFirst()
  )?.projectId;

/** One weekly status; `forUpdate` locks it for a write, `forShare` against writes while it is read (a copy). */
export const findWeeklyStatus = (
  db: DB,
  id: number,
  opts: { forUpdate?: boolean; forShare?: boolean } = {},
) => {
  const q = db.selectFrom('weeklyStatuses').selectAll().where('id', '=', id);
  return (opts.forUpdate ? q.forUpdate() : opts.forShare ? q.forShare() : q).executeTakeFirst();
};
export type WeeklyStatusRow = NonNullable<Awaited<ReturnType<typeof findWeeklyStatus>>>;

/** The project's weekly statuses, newest first by creation (001 §2). */
export const listWeeklyStatuses = (db: DB, projectId: number) =>
  db
    .selectFrom('weeklyStatuses')
    .selectAll()
    .where('projectId', '=', projectId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();

export const insertWeeklyStatus = (db: DB, projectId: number, signedType: number) =>
  db
    .insertInto('weeklyStatuses')
    .values({ projectId, signedType, signedStatus: 'draft' })
    .returningAll()
    .executeTakeFirstOrThrow();

export type WeeklyStatusValues = Omit<
  Updateable<Database['weeklyStatuses']>,
  'id' | 'projectId' | 'version' | 'updatedAt' | 'createdAt'
>;

/** Updates one weekly status (version + 1); with `expectedVersion`, only when still at it. Whether it changed. */
export async function updateWeeklyStatus(
  db: DB,
  id: number,
  values: WeeklyStatusValues,
  expectedVersion?: number,
) {
  return updateVersioned(db, 'weeklyStatuses', { id }, values, expectedVersion);
}

/** Completed weekly statuses of the project that have a signed file, oldest first (the closure download). */
export const listSignedFiles = (db: DB, projectId: number) =>
  db
    .selectFrom('weeklyStatuses')
    .select(['id', 'signedFileKey', 'createdAt'])
    .where('projectId', '=', projectId)
    .where('signedStatus', '=', 'completed')
    .where('signedFileKey', 'is not', null)
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc')
    .execute();

/** The project's header for the document: code, name, client, manager, partner. */
export async function findProjectHeader(db: DB, projectId: number) {
  const project = await db
    .selectFrom('projects')
    .leftJoin('clients', 'clients.id', 'projects.clientId')
    .select(['projects.id', 'projects.code', 'projects.name', 'clients.name as clientName'])
    .where('projects.id', '=', projectId)
    .executeTakeFirstOrThrow();
  const leads = await db
    .selectFrom('projectTeam')
    .innerJoin('professionals', 'professionals.id', 'projectTeam.professionalId')
    .select(['professionals.name', 'projectTeam.isManager', 'projectTeam.isPartner'])
    .where('projectTeam.projectId', '=', projectId)
    .where((eb) => eb.or([eb('projectTeam.isManager', '=', true), eb('projectTeam.isPartner', '=', true)]))
    .orderBy('professionals.name')
    .execute();
  return withLeads(project, leads);
}

/** The project's code and name (the envelope's subject and message, the signed download's file name). */
export const findProjectName = (db: DB, projectId: number) =>
  db.selectFrom('projects').select(['code', 'name']).where('id', '=', projectId).executeTakeFirstOrThrow();

/** The active professionals whose e-mail is one of `emails` (case-insensitive): the internal recipients. */
export const findProfessionalsByEmail = (db: DB, emails: string[]) =>
  db
    .selectFrom('professionals')
    .select('id')
    .where('isActive', '=', true)
    .where((eb) =>
      eb(
        eb.fn('lower', ['email']),
        'in',
        emails.map((e) => e.toLowerCase()),
      ),
    )
    .execute();

// --- contents ------------------------------------------------------------------------------------------------

export const listContents = (db: DB, weeklyStatusId: number, type?: number) => {
  let q = db.selectFrom('weeklyStatusContents').selectAll().where('weeklyStatusId', '=', weeklyStatusId);
  if (type !== undefined) q = q.where('type', '=', type);
  return q.orderBy('type').orderBy('orderPosition').orderBy('id').execute();
};

export const findContent = (db: DB, id: number) =>
  db.selectFrom('weeklyStatusContents').selectAll().where('id', '=', id).executeTakeFirst();
export type ContentRow = NonNullable<Awaited<ReturnType<typeof findContent>>>;

export type ContentValues = Pick<
  Updateable<Database['weeklyStatusContents']>,
  'frontHeader' | 'name' | 'description' | 'contentStatus' | 'orderPosition'
>;

/** Appends a block to the section: the next orderPosition after the section's last. */
export async function insertContent(db: DB, weeklyStatusId: number, type: number, values: ContentValues) {
  const last = await db
    .selectFrom('weeklyStatusContents')
    .select((eb) => eb.fn.max('orderPosition').as('max'))
    .where('weeklyStatusId', '=', weeklyStatusId)
    .where('type', '=', type)
    .executeTakeFirst();
  return db
    .insertInto('weeklyStatusContents')
    .values({ ...values, weeklyStatusId, type, orderPosition: Number(last?.max ?? 0) + 1 })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateContent(db: DB, id: number, values: ContentValues, expectedVersion?: number) {
  return updateVersioned(db, 'weeklyStatusContents', { id }, values, expectedVersion);
}

export async function deleteContent(db: DB, id: number, expectedVersion?: number) {
  let q = db.deleteFrom('weeklyStatusContents').where('id', '=', id);
  if (expectedVersion !== undefined) q = q.where('version', '=', expectedVersion);
  return Number((await q.executeTakeFirst()).numDeletedRows) === 1;
}

/** Start from a previous weekly status: its blocks copied onto `toId`, same sections and order, fresh versions. */
export async function copyContents(db: DB, fromId: number, toId: number) {
  const blocks = await listContents(db, fromId);
  if (blocks.length === 0) return 0;
  await db
    .insertInto('weeklyStatusContents')
    .values(
      blocks.map((b) => ({
        weeklyStatusId: toId,
        type: b.type,
        frontHeader: b.frontHeader,
        name: b.name,
        description: b.description,
        contentStatus: b.contentStatus,
        orderPosition: b.orderPosition,
      })),
    )
    .execute();
  return blocks.length;
}

// --- recipients ----------------------------------------------------------------------------------------------

export const listActiveRecipients = (db: DB, weeklyStatusId: number) =>
  db
    .selectFrom('weeklyStatusRecipients')
    .selectAll()
    .where('weeklyStatusId', '=', weeklyStatusId)
    .where('isActive', '=', true)
    .orderBy('id')
    .execute();

export const findRecipient = (db: DB, id: number) =>
  db.selectFrom('weeklyStatusRecipients').selectAll().where('id', '=', id).executeTakeFirst();
export type RecipientRow = NonNullable<Awaited<ReturnType<typeof findRecipient>>>;

export const insertRecipient = (db: DB, weeklyStatusId: number, values: { name: string; email: string }) =>
  db
    .insertInto('weeklyStatusRecipients')
    .values({ ...values, weeklyStatusId })
    .returningAll()
    .executeTakeFirstOrThrow();

export async function updateRecipient(
  db: DB,
  id: number,
  values: Updateable<Database['weeklyStatusRecipients']>,
  expectedVersion?: number,
) {
  return updateVersioned(db, 'weeklyStatusRecipients', { id }, values, expectedVersion);
}

/** Start from a previous weekly status: its active recipients' names and e-mails onto `toId`, none signed. */
export async function copyRecipients(db: DB, fromId: number, toId: number) {
  const recipients = await listActiveRecipients(db, fromId);
  if (recipients.length === 0) return 0;
  await db
    .insertInto('weeklyStatusRecipients')
    .values(recipients.map((r) => ({ weeklyStatusId: toId, name: r.name, email: r.email })))
    .execute();
  return recipients.length;
}

/** Undo submit: every recipient of the weekly status unsigned again (001 §3: isSigned, signedCode read-only). */
export const resetRecipientSignatures = (db: DB, weeklyStatusId: number) =>
  updateVersionedRows(
    db,
    'weeklyStatusRecipients',
    { weeklyStatusId },
    { isSigned: false, signedCode: null },
  );
