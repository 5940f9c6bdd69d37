import type { FastifyInstance } from 'fastify';
import { setupAssessment as E } from '@domain/contract/endpoints/setup-assessment';
import { RULES } from '@domain/rules';
import { on } from '@server/platform/endpoint';
import { versionedWrite, withEtag } from '../../platform/versions';
import * as service from './service';

const tags = ['setup-assessment'];

/**
 * Setup assessment (spec 001 §7): `GET` and `PATCH /api/project-setup-assessments/project/{id}` — the caller's own;
 * Setup Assessment Supervision (002 §2.9): the closed projects and every assessment of one project.
 */
export default async function setupAssessmentRoutes(app: FastifyInstance) {
  const { db } = app;

  on(app, E.own, { tags, config: { access: RULES.projectRead } }, async (req, reply) =>
    withEtag(reply, await service.getOwn(db, req.params.id, req.user.professionalId)),
  );

  on(app, E.patchOwn, { tags, config: { access: RULES.setupAssessmentFill } }, (req, reply) =>
    versionedWrite(req, reply, (v) =>
      service.patchOwn(db, req.params.id, req.user.professionalId, req.body, v),
    ),
  );

  // Setup Assessment Supervision (002 §2.9, §7): admin data — holders of Admin, IDOne, KNW or PDC
  on(app, E.closedProjects, { tags, config: { access: RULES.adminArea } }, () => service.closedProjects(db));

  on(app, E.projectAssessments, { tags, config: { access: RULES.adminArea } }, (req) =>
    service.projectAssessments(db, req.params.id),
  );
}
