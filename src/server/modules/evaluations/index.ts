import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ProjectEvaluationBody } from '@domain/contract';
import { canEditEvaluations, canOpenEvaluationManagement } from '@domain/rules';
import type { DB } from '../../db';
import { httpError, idParam, parseBody } from '../../http';
import { getTeam, requireProject } from '../projects/service';

async function list(db: DB, where: { projectId?: number; id?: number }) {
  let q = db
    .selectFrom('projectEvaluations as e')
    .innerJoin('evaluationCycles as c', 'c.id', 'e.cycleId')
    .innerJoin('professionals as p', 'p.id', 'e.professionalId')
    .leftJoin('professionals as ev', 'ev.id', 'e.evaluatorId')
    .leftJoin('professionals as va', 'va.id', 'e.validatorId')
    .leftJoin('professionals as pa', 'pa.id', 'e.partnerId')
    .select([
      'e.id', 'e.projectId', 'e.professionalId', 'e.evaluatorId', 'e.validatorId', 'e.partnerId', 'e.totalDays', 'e.isEligible',
      'e.evaluationStatus', 'e.isReadOnly', 'c.id as cycleId', 'c.period', 'c.year', 'c.isActive',
      'p.name as professionalName', 'ev.name as evaluatorName', 'va.name as validatorName', 'pa.name as partnerName',
    ])
    .orderBy('p.name');
  if (where.projectId) q = q.where('e.projectId', '=', where.projectId);
  if (where.id) q = q.where('e.id', '=', where.id);
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
  }));
}

/**
 * Evaluation Management (spec 000 §2.6, §6): the project's partner or manager, or Admin / OnePage holders,
 * may open it; editing needs the project not in Setup (or Admin); read-only rows are neither edited nor
 * deleted; allocated days and status are never written from here.
 */
export default async function evaluationsModule(app: FastifyInstance) {
  app.addHook('preHandler', app.authenticate);
  const { db } = app;

  async function access(request: FastifyRequest, projectId: number, write: boolean) {
    const project = await requireProject(db, projectId);
    const team = await getTeam(db, projectId);
    if (!canOpenEvaluationManagement(request.user, team)) {
      throw httpError(403, "Evaluation Management is for the project's partner or manager, or holders of Admin or OnePage");
    }
    if (write && !canEditEvaluations(request.user, team, project.idStatus)) throw httpError(403, 'Evaluations cannot be edited while the project is in Setup');
  }
  async function requireRow(id: number) {
    const row = await db.selectFrom('projectEvaluations').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw httpError(404, `Evaluation ${id} not found`);
    return row;
  }

  app.get('/api/project-evaluations/project/:id', async (request) => {
    const projectId = idParam(request);
    await access(request, projectId, false);
    return list(db, { projectId });
  });

  app.post('/api/project-evaluations/project/:id', async (request, reply) => {
    const projectId = idParam(request);
    const body = parseBody(ProjectEvaluationBody, request.body);
    await access(request, projectId, true);
    const cycle = body.idCycle ?? (await db.selectFrom('evaluationCycles').select('id').where('isActive', '=', true).executeTakeFirst())?.id;
    if (!cycle) throw httpError(409, 'There is no active evaluation cycle');
    const row = await db
      .insertInto('projectEvaluations')
      .values({ projectId, professionalId: body.idProfessional, evaluatorId: body.idEvaluator, validatorId: body.idValidator, partnerId: body.idPartner, isEligible: body.isEligible, cycleId: cycle })
      .returning('id')
      .executeTakeFirstOrThrow();
    reply.code(201);
    return (await list(db, { id: row.id }))[0];
  });

  app.put('/api/project-evaluations/:id', async (request) => {
    const id = idParam(request);
    const row = await requireRow(id);
    const body = parseBody(ProjectEvaluationBody, request.body);
    await access(request, row.projectId, true);
    if (row.isReadOnly) throw httpError(409, 'This evaluation is read-only');
    await db
      .updateTable('projectEvaluations')
      .set((eb) => ({ professionalId: body.idProfessional, evaluatorId: body.idEvaluator, validatorId: body.idValidator, partnerId: body.idPartner, isEligible: body.isEligible, updatedAt: new Date(), version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .execute();
    return (await list(db, { id }))[0];
  });

  app.delete('/api/project-evaluations/:id', async (request, reply) => {
    const id = idParam(request);
    const row = await requireRow(id);
    await access(request, row.projectId, true);
    if (row.isReadOnly) throw httpError(409, 'This evaluation is read-only');
    await db.deleteFrom('projectEvaluations').where('id', '=', id).execute();
    return reply.code(204).send();
  });
}
