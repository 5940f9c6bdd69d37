import type { FastifyInstance } from 'fastify';
import { endpoints } from '@domain/contract/endpoints';
import { RULES } from '@domain/rules';
import { projectOfRecord, projectOfRecordIn } from '../../platform/access';
import { on } from '../../platform/endpoint';
import { created, versionedRemove, versionedWrite } from '../../platform/versions';
import { projectOfSuggestion } from './repo';
import * as service from './service';

const tags = ['one-pages'];
const E = endpoints.allocationSuggestions;
const ofOnePage = projectOfRecordIn('One-Page', 'onePages', 'onePageId');
const ofSuggestion = projectOfRecord('Allocation suggestion', projectOfSuggestion);

/**
 * Allocation suggestions (spec 001 §7): read by whoever may open the one-page (onePageOpen), written by whoever
 * may fill it (onePageFill), only while it is not submitted (409, service).
 */
export default async function allocationSuggestionsRoutes(app: FastifyInstance) {
  const { db } = app;
  const open = { access: RULES.onePageOpen, project: ofOnePage };
  const fillPage = { access: RULES.onePageFill, project: ofOnePage };
  const fillOne = { access: RULES.onePageFill, project: ofSuggestion };

  on(app, E.list, { tags, config: open }, (req) => service.get(db, req.projectAccess, req.params.onePageId));

  on(app, E.create, { tags, config: fillPage }, async (req, reply) =>
    created(reply, await service.create(db, req.projectAccess, req.params.onePageId, req.body)),
  );

  on(app, E.approveAll, { tags, config: fillPage }, (req) =>
    service.approveAll(db, req.projectAccess, req.params.onePageId),
  );

  on(app, E.update, { tags, config: fillOne }, (req, reply) =>
    versionedWrite(req, reply, (v) => service.update(db, req.projectAccess, req.params.id, req.body, v)),
  );

  on(app, E.patch, { tags, config: fillOne }, (req, reply) =>
    versionedWrite(req, reply, (v) => service.patch(db, req.projectAccess, req.params.id, req.body, v)),
  );

  on(app, E.remove, { tags, config: fillOne }, (req, reply) =>
    versionedRemove(req, reply, (v) => service.remove(db, req.projectAccess, req.params.id, v)),
  );
}
