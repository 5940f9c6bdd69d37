import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AllocationSuggestionCreate,
  AllocationSuggestionPatch,
  AllocationSuggestionRecord,
  AllocationSuggestionsResponse,
  AllocationSuggestionUpdate,
} from '@domain/contract';
import { RULES } from '@domain/rules';
import { projectOfRecord } from '../../platform/access';
import { IdParam, IdParams } from '../../platform/params';
import { answerVersioned, expectedVersion, setEtag, staleRecord } from '../../platform/versions';
import { projectOfOnePage, projectOfSuggestion } from './repo';
import * as service from './service';

const tags = ['one-pages'];
const BASE = '/api/project-allocation-suggestions';
const OnePageParams = z.object({ onePageId: IdParam });
const ofOnePage = projectOfRecord('One-Page', projectOfOnePage, 'onePageId');
const ofSuggestion = projectOfRecord('Allocation suggestion', projectOfSuggestion);

/**
 * Allocation suggestions (spec 001 §7): read by whoever may open the one-page (onePageOpen), written by whoever
 * may fill it (onePageFill), only while it is not submitted (409, service).
 */
export default async function allocationSuggestionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const open = { access: RULES.onePageOpen, project: ofOnePage };
  const fillPage = { access: RULES.onePageFill, project: ofOnePage };
  const fillOne = { access: RULES.onePageFill, project: ofSuggestion };

  app.get(
    `${BASE}/one-page/:onePageId`,
    {
      config: open,
      schema: { tags, params: OnePageParams, response: { 200: AllocationSuggestionsResponse } },
    },
    (req) => service.get(db, req.projectAccess, req.params.onePageId),
  );

  app.post(
    `${BASE}/one-page/:onePageId`,
    {
      config: fillPage,
      schema: {
        tags,
        params: OnePageParams,
        body: AllocationSuggestionCreate,
        response: { 201: AllocationSuggestionRecord },
      },
    },
    async (req, reply) => {
      const s = await service.create(db, req.projectAccess, req.params.onePageId, req.body);
      setEtag(reply, s.version);
      return reply.code(201).send(s);
    },
  );

  app.patch(
    `${BASE}/one-page/:onePageId/approve-all`,
    {
      config: fillPage,
      schema: { tags, params: OnePageParams, response: { 200: AllocationSuggestionsResponse } },
    },
    (req) => service.approveAll(db, req.projectAccess, req.params.onePageId),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: fillOne,
      schema: {
        tags,
        params: IdParams,
        body: AllocationSuggestionUpdate,
        response: { 200: AllocationSuggestionRecord },
      },
    },
    async (req, reply) =>
      answerVersioned(
        reply,
        await service.update(db, req.projectAccess, req.params.id, req.body, expectedVersion(req)),
      ),
  );

  app.patch(
    `${BASE}/:id`,
    {
      config: fillOne,
      schema: {
        tags,
        params: IdParams,
        body: AllocationSuggestionPatch,
        response: { 200: AllocationSuggestionRecord },
      },
    },
    async (req, reply) =>
      answerVersioned(
        reply,
        await service.patch(db, req.projectAccess, req.params.id, req.body, expectedVersion(req)),
      ),
  );

  app.delete(`${BASE}/:id`, { config: fillOne, schema: { tags, params: IdParams } }, async (req, reply) => {
    const r = await service.remove(db, req.projectAccess, req.params.id, expectedVersion(req));
    if (!r.removed) staleRecord(reply, r.current, r.current.version);
    return reply.code(204).send();
  });
}
