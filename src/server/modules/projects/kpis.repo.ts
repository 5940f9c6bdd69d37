import type { DB } from '../../db';

/** The records the Project Week Overview KPIs are computed from. */

/** The records the Project Week Overview KPIs are computed from, for the week [monday, sunday]. */
export async function kpiRecords(db: DB, projectId: number, monday: string, sunday: string) {
  const mondayStart = new Date(`${monday}T00:00:00Z`);
  const [onePage, weekly, dna, tech, evals] = await Promise.all([
    db
      .selectFrom('onePages')
      .select('submittedAt')
      .where('projectId', '=', projectId)
      .where('initialDate', '>=', monday)
      .orderBy('initialDate', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('weeklyStatuses')
      .select('id')
      .where('projectId', '=', projectId)
      .where('isSubmitted', '=', true)
      .where('submittedAt', '>=', mondayStart)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('projectProfessionalDnas')
      .select('id')
      .where('projectId', '=', projectId)
      .where('sessionType', '=', 2)
      .where('sessionDate', '>=', monday)
      .where('sessionDate', '<=', sunday)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('projectSessions')
      .select('id')
      .where('projectId', '=', projectId)
      .where('isSetup', '=', false)
      .where('createdAt', '>=', mondayStart)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('projectEvaluations as e')
      .innerJoin('evaluationCycles as c', 'c.id', 'e.cycleId')
      .select(['e.evaluationStatus'])
      .where('e.projectId', '=', projectId)
      .where('c.isActive', '=', true)
      .execute(),
  ]);
  return { onePage, weekly, dna, tech, evals };
}
