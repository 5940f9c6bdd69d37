import type { DB } from '../../db';
import { updateVersioned } from '../../platform/versioned-update';

export async function listEvaluations(db: DB, where: { projectId?: number; id?: number }) {
  let q = db
    .selectFrom('projectEvaluations as e')
    .innerJoin('evaluationCycles as c', 'c.id', 'e.cycleId')
    .innerJoin('professionals as p', 'p.id', 'e.professionalId')
    .leftJoin('professionals as ev', 'ev.id', 'e.evaluatorId')
    .leftJoin('professionals as va', 'va.id', 'e.validatorId')
    .leftJoin('professionals as pa', 'pa.id', 'e.partnerId')
    .select([
      'e.id',
      'e.projectId',
      'e.professionalId',
      'e.evaluatorId',
      'e.validatorId',
      'e.partnerId',
      'e.totalDays',
      'e.isEligible',
      'e.evaluationStatus',
      'e.isReadOnly',
      'e.version',
      'c.id as cycleId',
      'c.period',
      'c.year',
      'c.isActive',
      'p.name as professionalName',
      'ev.name as evaluatorName',
      'va.name as validatorName',
      'pa.name as partnerName',
    ])
    .orderBy('p.name')
    .orderBy('e.id');
  if (where.projectId !== undefined) q = q.where('e.projectId', '=', where.projectId);
  if (where.id !== undefined) q = q.where('e.id', '=', where.id);
  const rows = await q.execute();
  const name = (n: string | null) => (n ? { name: n } : null);
  return rows.map((r) => ({
    id: r.id,
    idProject: r.projectId,
    idProfessional: r.professionalId,
    idEvaluator: r.evaluatorId,
    idValidator: r.validatorId,
    idPartner: r.partnerId,
    professional: name(r.professionalName),
    evaluator: name(r.evaluatorName),
    validator: name(r.validatorName),
    partner: name(r.partnerName),
    totalDays: Number(r.totalDays),
    isEligible: r.isEligible,
    evaluationStatus: { description: r.evaluationStatus },
    isReadOnly: r.isReadOnly,
    cycle: { id: r.cycleId, period: r.period, year: r.year, isActive: r.isActive },
    version: r.version,
  }));
}

export const findEvaluation = (db: DB, id: number) =>
  db.selectFrom('projectEvaluations').selectAll().where('id', '=', id).executeTakeFirst();
export const projectOfEvaluation = async (db: DB, id: number) => (await findEvaluation(db, id))?.projectId;

export const activeCycle = (db: DB) =>
  db.selectFrom('evaluationCycles').select(['id']).where('isActive', '=', true).executeTakeFirst();

export const existingProfessionals = async (db: DB, ids: number[]) =>
  ids.length
    ? (await db.selectFrom('professionals').select('id').where('id', 'in', ids).execute()).map((r) => r.id)
    : [];

export interface EvaluationValues {
  professionalId: number;
  evaluatorId: number | null;
  validatorId: number | null;
  partnerId: number | null;
  isEligible: boolean;
}

export const insertEvaluation = (db: DB, projectId: number, cycleId: number, v: EvaluationValues) =>
  db
    .insertInto('projectEvaluations')
    .values({ projectId, cycleId, ...v })
    .returning('id')
    .executeTakeFirstOrThrow();

/** Updates an editable row; with `expectedVersion` only when the row is still at that version. */
export async function updateEvaluation(db: DB, id: number, v: EvaluationValues, expectedVersion?: number) {
  return updateVersioned(db, 'projectEvaluations', { id, isReadOnly: false }, v, expectedVersion);
}

export const deleteEvaluation = (db: DB, id: number) =>
  db.deleteFrom('projectEvaluations').where('id', '=', id).where('isReadOnly', '=', false).execute();
