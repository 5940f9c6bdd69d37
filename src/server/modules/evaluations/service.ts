import type { ProjectEvaluationBody } from '@domain/contract';
import type { DB } from '../../db';
import { httpError } from '../../http';
import { getTeam } from '../projects/service';
import * as repo from './repo';

/**
 * Evaluation Management (spec 000 §2.6): who may read and write is the routes' rules (evaluationsRead,
 * evaluationsEdit). Here: new rows go to the active cycle only; read-only rows are neither edited nor
 * deleted; allocated days and status are never written; the people named must exist and be on the project's team.
 */
export const list = (db: DB, projectId: number) => repo.listEvaluations(db, { projectId });

export async function getOne(db: DB, id: number) {
  const [row] = await repo.listEvaluations(db, { id });
  if (!row) throw httpError(404, `Evaluation ${id} not found`);
  return row;
}

/** The message of a person who is not on the project's team: the dialog offers the team only. */
export const notOnTeamMessage = (field: string) =>
  `Invalid request: ${field}: only members of the project's team can be named in an evaluation`;

async function values(
  db: DB,
  projectId: number,
  body: ProjectEvaluationBody,
): Promise<repo.EvaluationValues> {
  const people = {
    idProfessional: body.idProfessional,
    idEvaluator: body.idEvaluator,
    idValidator: body.idValidator,
    idPartner: body.idPartner,
  };
  const ids = Object.values(people).filter((x): x is number => x != null);
  const [found, team] = await Promise.all([
    repo.existingProfessionals(db, [...new Set(ids)]),
    getTeam(db, projectId),
  ]);
  const existing = new Set(found);
  const members = new Set(team.map((m) => m.idProfessional));
  for (const [field, id] of Object.entries(people)) {
    if (id == null) continue;
    if (!existing.has(id)) throw httpError(400, `Invalid request: ${field}: no such professional`);
    if (!members.has(id)) throw httpError(400, notOnTeamMessage(field));
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
  const row = await repo.insertEvaluation(db, projectId, active.id, await values(db, projectId, body));
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
  const changed = await repo.updateEvaluation(db, id, await values(db, row.projectId, body), expectedVersion);
  return { changed, current: await getOne(db, id) };
}

export async function remove(db: DB, id: number) {
  const row = await repo.findEvaluation(db, id);
  if (!row) throw httpError(404, `Evaluation ${id} not found`);
  if (row.isReadOnly) throw httpError(409, 'This evaluation is read-only');
  await repo.deleteEvaluation(db, id);
}
