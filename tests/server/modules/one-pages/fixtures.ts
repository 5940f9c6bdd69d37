/**
 * Records of the "Start from last week" tests, prepared by SQL (the permission matrix shares them): a fresh draft
 * of this week and a submitted one-page of the week before it on the same project.
 */
import type { DB } from '@server/db';
import { freshOnePage, type Attempt } from '../../fixtures/records';

/** The project's one-page of the week before its newest, submitted (the source Start from last week copies). */
export async function submittedLastWeek(db: DB, projectId: number) {
  const [, last] = await db
    .selectFrom('onePages')
    .select('id')
    .where('projectId', '=', projectId)
    .orderBy('initialDate', 'desc')
    .limit(2)
    .execute();
  if (!last) throw new Error(`project ${projectId} has no one-page before its newest`);
  await db
    .updateTable('onePages')
    .set({ submittedAt: new Date(), submittedById: 6, keyMessage: 'Last week: on track' })
    .where('id', '=', last.id)
    .where('submittedAt', 'is', null)
    .execute();
  return last.id;
}

/** POST /api/one-pages/{id}/carry-forward onto the project's fresh draft from last week's (replacing). */
export async function carryForwardAttempt(db: DB, projectId: number): Promise<Attempt> {
  const target = await freshOnePage(db, projectId);
  const sourceId = await submittedLastWeek(db, projectId);
  return {
    url: `/api/one-pages/${target}/carry-forward`,
    payload: { sourceId, replace: true },
    projectId,
  };
}

/** PATCH /api/one-pages/{id}/confirm-carried of the project's fresh draft, with one field marked carried. */
export async function confirmCarriedAttempt(db: DB, projectId: number): Promise<Attempt> {
  const target = await freshOnePage(db, projectId);
  await db
    .updateTable('onePages')
    .set({ carriedFields: ['keyMessage'] })
    .where('id', '=', target)
    .execute();
  return { url: `/api/one-pages/${target}/confirm-carried`, payload: {}, projectId };
}
