import type { ProjectSessionBody } from '@domain/contract';
import type { z } from 'zod';
import type { DB } from '../../db';
import { updateVersioned } from '../../platform/versioned-update';

/** The project's sessions (not the setup one), newest first. */
export const listSessions = (db: DB, projectId: number) =>
  db
    .selectFrom('projectSessions')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('isSetup', '=', false)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();

export const insertSession = (db: DB, projectId: number, body: z.infer<typeof ProjectSessionBody>) =>
  db
    .insertInto('projectSessions')
    .values({ projectId, isSetup: false, ...body })
    .returningAll()
    .executeTakeFirstOrThrow();

export type SessionRow = Awaited<ReturnType<typeof insertSession>>;

export const findSession = (db: DB, sessionId: number) =>
  db.selectFrom('projectSessions').selectAll().where('id', '=', sessionId).executeTakeFirst();

/** Updates one session; with `expectedVersion`, only when it is still at that version. Whether it changed. */
export async function updateSession(
  db: DB,
  sessionId: number,
  values: Partial<
    Pick<
      SessionRow,
      | 'projectScope'
      | 'projectOutScope'
      | 'discussionFocus'
      | 'discussionOutcomes'
      | 'adjustScopeObs'
      | 'deliveringClientNeedsObs'
      | 'adjustScope'
      | 'deliveringClientNeeds'
      | 'submittedAt'
      | 'submittedById'
    >
  >,
  expectedVersion?: number,
) {
  return updateVersioned(db, 'projectSessions', { id: sessionId }, values, expectedVersion);
}

/** Deletes a session (its stakeholders, roles, expectations, deliverables and risks go with it: on delete cascade). */
export const deleteSession = (db: DB, sessionId: number) =>
  db.deleteFrom('projectSessions').where('id', '=', sessionId).execute();
