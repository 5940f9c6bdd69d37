import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ProjectIdOneBody } from '@domain/contract';
import { canEditIdOne, isIdOneApplicable } from '@domain/rules';
import type { DB } from '../../db';
import { httpError, idParam, parseBody } from '../../http';
import { getTeam, requireProject } from '../projects/service';

const shape = (r: { id: number; projectId: number; responsibleDefinitionId: number | null; numberProfile: number; additionalProfiles: number; clientNameDefined: boolean }) => ({
  id: r.id,
  idProject: r.projectId,
  idResponsibleDefinition: r.responsibleDefinitionId,
  numberProfile: r.numberProfile,
  additionalProfiles: r.additionalProfiles,
  clientNameDefined: r.clientNameDefined,
});

/**
 * ID One Human Factor Restitutions (spec 000 §2.9): only for projects whose geographics contain 223;
 * editing by an administrator, or when the project is not in Setup.
 */
export default async function idOneModule(app: FastifyInstance) {
  app.addHook('preHandler', app.authenticate);
  const { db } = app;

  async function applicable(db_: DB, projectId: number) {
    const project = await requireProject(db_, projectId);
    const geos = await db_.selectFrom('projectGeographics').select('geographicId').where('projectId', '=', projectId).execute();
    if (!isIdOneApplicable(geos.map((g) => g.geographicId))) throw httpError(409, 'ID One applies only to projects in Brazil (geographic 223)');
    return project;
  }
  async function mayEdit(request: FastifyRequest, projectId: number) {
    const project = await applicable(db, projectId);
    if (!canEditIdOne(request.user, await getTeam(db, projectId), project.idStatus)) throw httpError(403, 'ID One records cannot be edited while the project is in Setup');
  }
  async function requireRow(id: number) {
    const row = await db.selectFrom('projectIdOnes').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw httpError(404, `ID One record ${id} not found`);
    return row;
  }

  app.get('/api/project-id-ones/project/:id', async (request) => {
    const projectId = idParam(request);
    await requireProject(db, projectId);
    const rows = await db.selectFrom('projectIdOnes').selectAll().where('projectId', '=', projectId).orderBy('id').execute();
    return rows.map(shape);
  });

  app.post('/api/project-id-ones', async (request, reply) => {
    const body = parseBody(ProjectIdOneBody, request.body);
    if (!body.idProject) throw httpError(400, 'Invalid request: idProject: is required');
    await mayEdit(request, body.idProject);
    const row = await db
      .insertInto('projectIdOnes')
      .values({ projectId: body.idProject, responsibleDefinitionId: body.idResponsibleDefinition, numberProfile: body.numberProfile, additionalProfiles: body.additionalProfiles, clientNameDefined: body.clientNameDefined })
      .returningAll()
      .executeTakeFirstOrThrow();
    reply.code(201);
    return shape(row);
  });

  app.put('/api/project-id-ones/:id', async (request) => {
    const row = await requireRow(idParam(request));
    const body = parseBody(ProjectIdOneBody, request.body);
    await mayEdit(request, row.projectId);
    const updated = await db
      .updateTable('projectIdOnes')
      .set((eb) => ({ responsibleDefinitionId: body.idResponsibleDefinition, numberProfile: body.numberProfile, additionalProfiles: body.additionalProfiles, clientNameDefined: body.clientNameDefined, version: eb('version', '+', 1) }))
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return shape(updated);
  });

  app.delete('/api/project-id-ones/:id', async (request, reply) => {
    const row = await requireRow(idParam(request));
    await mayEdit(request, row.projectId);
    await db.deleteFrom('projectIdOnes').where('id', '=', row.id).execute();
    return reply.code(204).send();
  });
}
