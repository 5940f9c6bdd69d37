import { sql } from 'kysely';
import type { DB } from '@server/db';
import type { Audience } from './service';

/** Records the event's key; false when it was recorded before. */
export const firstTimeOf = async (db: DB, key: string) =>
  !!(await db
    .insertInto('notificationEvents')
    .values({ key })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst());

/** Which of `keys` are recorded events. */
export async function knownEvents(db: DB, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.selectFrom('notificationEvents').select('key').where('key', 'in', keys).execute();
  return new Set(rows.map((r) => r.key));
}

/**
 * This week's one-pages not submitted, of projects in During, with the time zone of the project's first
 * office (null: the portal's).
 */
export const unsubmittedOnePages = (db: DB, initialDate: string) =>
  db
    .selectFrom('onePages as op')
    .innerJoin('projects as p', 'p.id', 'op.projectId')
    .select((eb) => [
      'op.id',
      'op.projectId',
      eb
        .selectFrom('projectOffices as po')
        .innerJoin('offices as o', 'o.id', 'po.officeId')
        .select('o.timeZone')
        .whereRef('po.projectId', '=', 'p.id')
        .orderBy('po.officeId')
        .limit(1)
        .as('timeZone'),
    ])
    .where('op.initialDate', '=', initialDate)
    .where('op.submittedAt', 'is', null)
    .where('p.idStatus', '=', 3)
    .orderBy('op.id')
    .execute();

export const project = (db: DB, id: number) =>
  db.selectFrom('projects').select(['id', 'code', 'name']).where('id', '=', id).executeTakeFirst();

/** The team members of the project in `audience` (professional ids). */
export async function teamOf(db: DB, projectId: number, audience: Audience): Promise<number[]> {
  let q = db.selectFrom('projectTeam').select('professionalId').where('projectId', '=', projectId);
  if (audience === 'managers') q = q.where('isManager', '=', true);
  if (audience === 'managersAndPartners')
    q = q.where((eb) => eb.or([eb('isManager', '=', true), eb('isPartner', '=', true)]));
  return (await q.execute()).map((r) => r.professionalId);
}

export const activePeople = (db: DB, ids: number[]) =>
  db
    .selectFrom('professionals')
    .select(['id', 'name', 'email'])
    .where('id', 'in', ids)
    .where('isActive', '=', true)
    .orderBy('id')
    .execute();

export const personName = (db: DB, id: number) =>
  db
    .selectFrom('professionals')
    .select('name')
    .where('id', '=', id)
    .executeTakeFirst()
    .then((r) => r?.name);

export async function preferencesOf(db: DB, event: string, ids: number[]) {
  const rows = await db
    .selectFrom('notificationPreferences')
    .select(['professionalId', 'channel'])
    .where('event', '=', event)
    .where('professionalId', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.professionalId, r.channel]));
}

/** The person's stored choices (events without a row use the default). */
export const preferences = (db: DB, professionalId: number) =>
  db
    .selectFrom('notificationPreferences')
    .select(['event', 'channel'])
    .where('professionalId', '=', professionalId)
    .execute();

export const setPreference = (db: DB, professionalId: number, event: string, channel: string) =>
  db
    .insertInto('notificationPreferences')
    .values({ professionalId, event, channel })
    .onConflict((oc) =>
      oc.columns(['professionalId', 'event']).doUpdateSet({ channel, updatedAt: sql`now()` }),
    )
    .execute();

/** The new row's id, or undefined when its dedupe key exists (the notification was made already). */
export const insertNotification = (
  db: DB,
  row: {
    event: string;
    dedupeKey: string;
    professionalId: number;
    projectId: number;
    channel: string;
    title: string;
    path: string;
    parameters: string;
    teamsStatus: string | null;
  },
) =>
  db
    .insertInto('notifications')
    .values(row)
    .onConflict((oc) => oc.column('dedupeKey').doNothing())
    .returning('id')
    .executeTakeFirst();

export const setMail = (db: DB, id: number, mailId: number) =>
  db.updateTable('notifications').set({ mailId }).where('id', '=', id).execute();

/** The notification still waiting for Teams, locked (skipped when another worker holds it). */
export const lockPendingTeams = (db: DB, id: number) =>
  db
    .selectFrom('notifications as n')
    .innerJoin('professionals as p', 'p.id', 'n.professionalId')
    .select([
      'n.id',
      'n.event',
      'n.title',
      'n.path',
      'n.parameters',
      'n.mailId',
      'n.teamsAttempts',
      'p.email',
      'p.entraObjectId',
    ])
    .where('n.id', '=', id)
    .where('n.teamsStatus', '=', 'pending')
    .forUpdate('n')
    .skipLocked()
    .executeTakeFirst();

export const teamsRetry = (db: DB, id: number, attempts: number, error: string) =>
  db
    .updateTable('notifications')
    .set({ teamsAttempts: attempts, teamsError: error.slice(0, 500) })
    .where('id', '=', id)
    .execute();

export const teamsDone = (
  db: DB,
  id: number,
  r: { status: 'sent' | 'not-installed' | 'failed'; attempts: number; error: string | null },
) =>
  db
    .updateTable('notifications')
    .set({
      teamsStatus: r.status,
      teamsAttempts: r.attempts,
      teamsError: r.error,
      ...(r.status === 'sent' ? { teamsSentAt: new Date() } : {}),
    })
    .where('id', '=', id)
    .execute();

/** A person's latest notifications (the Notifications page's history). */
export const recent = (db: DB, professionalId: number, limit: number) =>
  db
    .selectFrom('notifications')
    .select(['id', 'event', 'title', 'path', 'channel', 'mailId', 'teamsStatus', 'createdAt'])
    .where('professionalId', '=', professionalId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
