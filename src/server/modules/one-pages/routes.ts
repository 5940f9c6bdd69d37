import type { FastifyInstance } from 'fastify';
import { endpoints } from '@domain/contract/endpoints';
import { RULES } from '@domain/rules';
import { projectFromParam, projectOfRecordIn } from '../../platform/access';
import { on } from '../../platform/endpoint';
import { answerVersioned, expectedVersion, setEtag, versionedWrite } from '../../platform/versions';
import * as service from './service';

const tags = ['one-pages'];
const E = endpoints.onePages;
// the one-page's project and the caller's access to it: one statement (every one-page opened reads it)
const ofOnePage = projectOfRecordIn('One-Page', 'onePages');

/**
 * One-pages (spec 001 §7, 002 §7): the list (onePageList), one one-page (onePageOpen), one field, Start from last
 * week, confirming its marks and submit (onePageFill; 409 once submitted), undo (onePageUndo: the governance
 * scope), and Grant access (onePageGrant).
 */
export default async function onePagesRoutes(app: FastifyInstance) {
  const { db } = app;
  const fill = { access: RULES.onePageFill, project: ofOnePage };

  on(
    app,
    E.list,
    { tags, config: { access: RULES.onePageList, project: projectFromParam('projectId') } },
    (req) => service.list(db, req.params.projectId),
  );

  on(app, E.get, { tags, config: { access: RULES.onePageOpen, project: ofOnePage } }, async (req, reply) => {
    const r = await service.getOne(db, req.projectAccess, req.params.id);
    setEtag(reply, r.version);
    return r;
  });

  on(app, E.update, { tags, config: fill }, async (req, reply) =>
    answerVersioned(
      reply,
      await service.patch(db, req.projectAccess, req.params.id, req.body, expectedVersion(req)),
    ),
  );

  // a refusal is a 400 { statusCode, error, message, fields } (OnePageSubmitRefusal)
  on(app, E.submit, { tags, config: fill }, async (req, reply) =>
    answerVersioned(
      reply,
      await service.submit(db, req.projectAccess, req.params.id, req.body ?? {}, expectedVersion(req)),
    ),
  );

  // Start from last week: the same people as one field (filling the one-page)
  on(app, E.carryForward, { tags, config: fill }, (req, reply) =>
    versionedWrite(req, reply, (v) =>
      service.carryForward(db, req.projectAccess, req.params.id, req.body, v),
    ),
  );

  on(app, E.confirmCarried, { tags, config: fill }, (req, reply) =>
    versionedWrite(req, reply, (v) =>
      service.confirmCarried(db, req.projectAccess, req.params.id, req.body, v),
    ),
  );

  on(
    app,
    E.unsubmit,
    { tags, config: { access: RULES.onePageUndo, project: ofOnePage } },
    async (req, reply) =>
      answerVersioned(
        reply,
        await service.unsubmit(db, req.projectAccess, req.params.id, expectedVersion(req)),
      ),
  );

  on(app, E.grant, { tags, config: { access: RULES.onePageGrant } }, (req) =>
    service.toggleAccess(db, req.projectAccess, req.params.teamMemberId, app.notifications),
  );
}
