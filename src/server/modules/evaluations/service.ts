import type { ProjectEvaluationBody } from '@domain/contract';
import type { DB } from '../../db';
import { httpError } from '../../http';
import * as repo from './repo';

/**
 * Evaluation Management (spec 000 §2.6): who may read and write is the routes' rules (evaluationsRead,
 * evaluationsEdit). Here: new rows go to the active cycle only; read-only rows are neither edited nor
 * deleted; allocated days and status are never written; the people named must exist.
 */
export const list = (db: DB, projectId: number) => repo.listEvaluations(db, { projectId });

export async function getOne(db: DB, id: number) {
  const [row] = await repo.listEvaluations(db, { id });
  if (!row) throw httpError(404, `Evaluation ${id} not found`);
  return row;
}

async function values(db: DB, body: ProjectEvaluationBody): Promise<repo.EvaluationValues> {
  const ids = [body.idProfessional, body.idEvaluator, body.idValidator, body.idPartner].filter(
    (x): x is number => x != null,
  );
  const found = new Set(await repo.existingProfessionals(db, [...new Set(ids)]));
  for (const [field, id] of Object.entries({
    idProfessional: body.idProfessional,
    idEvaluator: body.idEvaluator,
    idValidator: body.idValidator,
    idPartner: body.idPartner,
  })) {
    if (id != null && !found.has(id)) throw httpError(400, `Invalid request: ${field}: no such professional`);
  }
  return {
    professionalId: body.idProfessional,
    evaluatorId: body.idEvaluator,
    validatorId: body.idValidator,
    partnerId: body.idPartner,
    isEligible: body.isEligible,
  };
}

export async function create(db: DB, projectId: number, body: ProjectEvaluationBody) {
  const active = await repo.activeCycle(db);
  if (!active) throw httpError(409, 'There is no active evaluation cycle');
  if (body.idCycle !== undefined && body.idCycle !== active.id)
    throw httpError(409, 'New evaluations go to the active cycle only');
  const row = await repo.insertEvaluation(db, projectId, active.id, await values(db, body));
  return getOne(db, row.id);
}

export async function update(
  db: DB,
  id: number,
  body: ProjectEvaluationBody,
  expectedVersion: number | undefined,
) {
  const row = await repo.findEvaluation(db, id);
  if (!row) throw httpError(404, `Evaluation ${id} not found`);
  if (row.isReadOnly) throw httpError(409, 'This evaluation is read-only');
  const changed = await repo.updateEvaluation(db, id, await values(db, body), expectedVersion);
  return { changed, current: await getOne(db, id) };
}

export async function remove(db: DB, id: number) {
  const row = await repo.findEvaluation(db, id);
  if (!row) throw httpError(404, `Evaluation ${id} not found`);
  if (row.isReadOnly) throw httpError(409, 'This evaluation is read-only');
  await repo.deleteEvaluation(db, id);
}
