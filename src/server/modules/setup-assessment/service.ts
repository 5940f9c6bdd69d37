import type { SetupAssessmentOwn } from '@domain/contract';
import type { DB } from '../../db';
import { recordChange } from '../../platform/history';
import * as repo from './repo';

/**
 * Setup assessment (spec 001 §2, §3, §5, §6, §7): each ordinary team member's own record. Reading answers the
 * caller's record, with nulls before its first save; who may write is the route's rule (setupAssessmentFill:
 * not the manager, a partner or a non-member — with the spec's messages — and, outside Setup, Admin only).
 * The project's 3→4 step reads the same table (projects/repo.ts membersWithoutAssessment).
 */
const empty = (projectId: number, professionalId: number): SetupAssessmentOwn => ({
  idProject: projectId,
  idProfessional: professionalId,
  rating: null,
  ratingDescription: null,
  watchedToolkit: null,
  doYouFeelComfortable: null,
  howCouldBeenDoneBetter: null,
  version: 1,
});

const toRecord = (r: NonNullable<Awaited<ReturnType<typeof repo.findOwn>>>): SetupAssessmentOwn => ({
  idProject: r.projectId,
  idProfessional: r.professionalId,
  rating: r.rating,
  ratingDescription: r.ratingDescription,
  watchedToolkit: r.watchedToolkit,
  doYouFeelComfortable: r.doYouFeelComfortable,
  howCouldBeenDoneBetter: r.howCouldBeenDoneBetter,
  version: r.version,
});

/** The caller's own assessment; a missing one is version 1 with empty fields (its first save makes version 2). */
export async function getOwn(db: DB, projectId: number, professionalId: number) {
  const row = await repo.findOwn(db, projectId, professionalId);
  return row ? toRecord(row) : empty(projectId, professionalId);
}

/**
 * PATCH one field of the caller's assessment (creating it on the first save); `expectedVersion` from If-Match.
 * The history says that the person changed their own assessment, never what they wrote.
 */
export async function patchOwn(
  db: DB,
  projectId: number,
  professionalId: number,
  patch: repo.AssessmentValues,
  expectedVersion: number | undefined,
): Promise<{ changed: boolean; current: SetupAssessmentOwn }> {
  const written = await db.transaction().execute(async (trx) => {
    const row = await repo.writeOwn(trx, projectId, professionalId, patch, expectedVersion);
    if (row)
      await recordChange(trx, {
        projectId,
        by: professionalId,
        area: 'Setup Assessment',
        action: 'changed',
        subject: 'own assessment',
      });
    return row;
  });
  if (written) return { changed: true, current: toRecord(written) };
  return { changed: false, current: await getOwn(db, projectId, professionalId) };
}
