import { sql } from 'kysely';
import type { DB } from '../../db';
import { versionedUpdate, nextVersion } from '../../platform/versioned-update';

/** The setup_assessments table: one row per (project, professional), the person's own assessment. */
const COLUMNS = [
  'projectId',
  'professionalId',
  'rating',
  'ratingDescription',
  'watchedToolkit',
  'doYouFeelComfortable',
  'howCouldBeenDoneBetter',
  'version',
] as const;

export const findOwn = (db: DB, projectId: number, professionalId: number) =>
  db
    .selectFrom('setupAssessments')
    .select(COLUMNS)
    .where('projectId', '=', projectId)
    .where('professionalId', '=', professionalId)
    .executeTakeFirst();

export interface AssessmentValues {
  rating?: number | null;
  ratingDescription?: string | null;
  watchedToolkit?: number | null;
  doYouFeelComfortable?: number | null;
  howCouldBeenDoneBetter?: string | null;
}

/**
 * Writes fields of the person's own assessment. A missing row counts as version 1 with empty fields, so the
 * first write inserts version 2. With `onlyVersion` the write happens only while the row is at that version
 * (a missing row is version 1). Returns the row written, or undefined when it was stale.
 */
export async function writeOwn(
  db: DB,
  projectId: number,
  professionalId: number,
  values: AssessmentValues,
  onlyVersion?: number,
) {
  const now = new Date();
  if (onlyVersion !== undefined && onlyVersion !== 1) {
    return versionedUpdate(db, 'setupAssessments', { ...values, updatedBy: professionalId, updatedAt: now })
      .where('projectId', '=', projectId)
      .where('professionalId', '=', professionalId)
      .where('version', '=', onlyVersion)
      .returning(COLUMNS)
      .executeTakeFirst();
  }
  return db
    .insertInto('setupAssessments')
    .values({
      projectId,
      professionalId,
      ...values,
      createdBy: professionalId,
      updatedBy: professionalId,
      updatedAt: now,
      version: 2,
    })
    .onConflict((oc) => {
      const update = oc.columns(['projectId', 'professionalId']).doUpdateSet((eb) => ({
        ...values,
        updatedBy: professionalId,
        updatedAt: now,
        version: nextVersion(eb, 'setupAssessments'),
      }));
      return onlyVersion === undefined ? update : update.where('setupAssessments.version', '=', onlyVersion);
    })
    .returning(COLUMNS)
    .executeTakeFirst();
}

/**
 * Closed projects (status 5) for Setup Assessment Supervision, newest closure first. The closure date is
 * `projects.closed_at` (set when a project moves to 5), else the last move to 5 of the status history; a closed
 * project with neither comes last (by code).
 */
export const closedProjects = (db: DB) =>
  db
    .selectFrom('projects as p')
    .where('p.idStatus', '=', 5)
    .select(['p.id', 'p.code', 'p.name'])
    .select((eb) =>
      eb.fn
        .coalesce(
          'p.closedAt',
          eb
            .selectFrom('projectStatusHistory as h')
            .whereRef('h.projectId', '=', 'p.id')
            .where('h.toStatus', '=', 5)
            .select((h) => h.fn.max('h.changedAt').as('changedAt')),
        )
        .as('closedAt'),
    )
    .orderBy(sql`${sql.ref('closedAt')} desc nulls last`)
    .orderBy('p.code')
    .execute();

/** Every assessment of a project with the names of the professional, its creator and its last editor. */
export const projectAssessments = (db: DB, projectId: number) =>
  db
    .selectFrom('setupAssessments as a')
    .leftJoin('professionals as pr', 'pr.id', 'a.professionalId')
    .leftJoin('professionals as cb', 'cb.id', 'a.createdBy')
    .leftJoin('professionals as ub', 'ub.id', 'a.updatedBy')
    .where('a.projectId', '=', projectId)
    .select([
      'a.id',
      'a.projectId',
      'a.professionalId',
      'pr.name as professionalName',
      'a.createdBy',
      'cb.name as createdByName',
      'a.updatedBy',
      'ub.name as updatedByName',
      'a.watchedToolkit',
      'a.doYouFeelComfortable',
      'a.rating',
      'a.ratingDescription',
      'a.howCouldBeenDoneBetter',
      'a.createdAt',
      'a.updatedAt',
    ])
    .orderBy('a.createdAt')
    .orderBy('a.id')
    .execute();
