import { sql } from 'kysely';
import type { DB } from '../../db';
import { prepared } from '../../db/prepared';

/**
 * The Project Week Overview KPIs for the week [monday, sunday], in one statement (the poll runs every 5 s for
 * everyone with a project open): this week's one-page submitted; a weekly status submitted since Monday; a
 * professional DNA session (type 2) this week; a technical session (not setup) created since Monday; the active
 * cycle's evaluations all started (and at least one).
 */
export async function kpiFlags(db: DB, projectId: number, monday: string, sunday: string) {
  const [flags] = await kpiStatement(db, projectId, monday, sunday, new Date(`${monday}T00:00:00Z`));
  return flags!;
}

const kpiStatement = prepared(
  (db: DB, projectId: number, monday: string, sunday: string, mondayStart: Date) =>
    db.selectNoFrom((eb) => [
      eb
        .selectFrom('onePages')
        .select(sql<boolean>`submitted_at is not null`.as('submitted'))
        .where('projectId', '=', projectId)
        .where('initialDate', '>=', monday)
        .orderBy('initialDate', 'desc')
        .limit(1)
        .as('onePageSubmitted'),
      eb
        .exists(
          eb
            .selectFrom('weeklyStatuses')
            .select('id')
            .where('projectId', '=', projectId)
            .where('isSubmitted', '=', true)
            .where('submittedAt', '>=', mondayStart),
        )
        .as('weeklyStatusSubmitted'),
      eb
        .exists(
          eb
            .selectFrom('projectProfessionalDnas')
            .select('id')
            .where('projectId', '=', projectId)
            .where('sessionType', '=', 2)
            .where('sessionDate', '>=', monday)
            .where('sessionDate', '<=', sunday),
        )
        .as('hasProfessionalDna'),
      eb
        .exists(
          eb
            .selectFrom('projectSessions')
            .select('id')
            .where('projectId', '=', projectId)
            .where('isSetup', '=', false)
            .where('createdAt', '>=', mondayStart),
        )
        .as('hasTechDna'),
      eb
        .selectFrom('projectEvaluations as e')
        .innerJoin('evaluationCycles as c', 'c.id', 'e.cycleId')
        .select(sql<boolean | null>`bool_and(e.evaluation_status is distinct from 'Not started')`.as('all'))
        .where('e.projectId', '=', projectId)
        .where('c.isActive', '=', true)
        .as('evaluationsStarted'),
    ]),
);
