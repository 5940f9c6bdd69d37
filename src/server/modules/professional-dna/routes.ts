import type { FastifyInstance } from 'fastify';
import { professionalDna as E } from '@domain/contract/endpoints/professional-dna';
import { RULES, dnaRowWriteRefusal } from '@domain/rules';
import { on } from '@server/platform/endpoint';
import { httpError } from '../../http';
import { loadProjectAccess, projectOfRecord, type ProjectLocator } from '../../platform/access';
import { answerVersioned, expectedVersion, setEtag, staleRecord } from '../../platform/versions';
import { findDna, projectOfSession } from './repo';
import * as during from './during.service';
import * as service from './service';

const tags = ['professional-dna'];
/**
 * PUT/DELETE of a DNA row find the project from the row, of either type, and refuse (403) with the message of
 * the row's kind — setup rows as the setup pages, During entries as DNA sessions (rules/dna.ts) — before the
 * route's broader rule (professionalDnaEdit) is checked.
 */
const ofAnyDna: ProjectLocator = async (request, db) => {
  const id = (request.params as { id: number }).id;
  const row = await findDna(db, id);
  if (!row) throw httpError(404, `Professional DNA ${id} not found`);
  const access = await loadProjectAccess(db, request.user, row.projectId);
  const refusal = dnaRowWriteRefusal(access.user, access.team, access.project.idStatus, row.sessionType);
  if (refusal) throw httpError(refusal.status, refusal.message);
  return row.projectId;
};
/** The routes naming a DNA session find its project; only During sessions (type 2) are found. */
const ofDnaSession = projectOfRecord('Professional DNA session', (db, id) => projectOfSession(db, id, 2));

/**
 * Professional DNA (spec 001 §7): Setup — the paths say `session-type/1` literally; During — DNA sessions
 * (`session-type/2`) and their entries. Other session types answer 404. Reads: every signed-in person (as the
 * setup pages); writes: setupEdit (setup rows), dnaSessionsEdit (During), professionalDnaEdit (one row, either).
 */
export default async function professionalDnaRoutes(app: FastifyInstance) {
  const { db } = app;
  const read = { access: RULES.projectRead };

  on(app, E.setupSessions, { tags, config: read }, (req) => service.listSetupSessions(db, req.params.id));

  on(app, E.setupRows, { tags, config: read }, (req) => service.listSetupDnas(db, req.params.id));

  on(app, E.createSetupRow, { tags, config: { access: RULES.setupEdit } }, async (req, reply) => {
    const row = await service.createSetupDna(db, req.projectAccess, req.user.professionalId, req.body);
    setEtag(reply, row.version);
    return reply.code(201).send(row);
  });

  // --- issue 11 (H7): PUT/DELETE of one DNA row serve a setup row (type 1) and a During entry (type 2)

  on(
    app,
    E.updateRow,
    { tags, config: { access: RULES.professionalDnaEdit, project: ofAnyDna } },
    async (req, reply) =>
      answerVersioned(
        reply,
        await during.updateRow(
          db,
          req.projectAccess,
          req.user.professionalId,
          req.params.id,
          req.body,
          expectedVersion(req),
        ),
      ),
  );

  on(
    app,
    E.removeRow,
    { tags, config: { access: RULES.professionalDnaEdit, project: ofAnyDna } },
    async (req, reply) => {
      const r = await during.removeRow(
        db,
        req.projectAccess,
        req.user.professionalId,
        req.params.id,
        expectedVersion(req),
      );
      if (!r.removed) staleRecord(reply, r.current, r.current.version);
      return reply.code(204).send();
    },
  );

  /* --- Professional DNA — During (001 §7): DNA sessions (type 2) and their entries --------------------- */

  on(app, E.sessions, { tags, config: read }, (req) => during.listSessions(db, req.params.id));

  on(app, E.createSession, { tags, config: { access: RULES.dnaSessionsEdit } }, async (req, reply) => {
    const s = await during.createSession(db, req.projectAccess, req.user.professionalId, req.body);
    setEtag(reply, s.version);
    return reply.code(201).send(s);
  });

  on(
    app,
    E.updateSession,
    { tags, config: { access: RULES.dnaSessionsEdit, project: ofDnaSession } },
    async (req, reply) =>
      answerVersioned(
        reply,
        await during.updateSession(
          db,
          req.projectAccess,
          req.user.professionalId,
          req.params.id,
          req.body,
          expectedVersion(req),
        ),
      ),
  );

  on(
    app,
    E.removeSession,
    { tags, config: { access: RULES.dnaSessionsEdit, project: ofDnaSession } },
    async (req, reply) => {
      const r = await during.removeSession(
        db,
        req.projectAccess,
        req.user.professionalId,
        req.params.id,
        expectedVersion(req),
      );
      if (!r.removed) staleRecord(reply, r.current, r.current.version);
      return reply.code(204).send();
    },
  );

  on(app, E.entries, { tags, config: { ...read, project: ofDnaSession } }, (req) =>
    during.listEntries(db, req.projectAccess.project.id, req.params.id),
  );

  on(
    app,
    E.createEntry,
    { tags, config: { access: RULES.dnaSessionsEdit, project: ofDnaSession } },
    async (req, reply) => {
      const e = await during.createEntry(
        db,
        req.projectAccess,
        req.user.professionalId,
        req.params.id,
        req.body,
      );
      setEtag(reply, e.version);
      return reply.code(201).send(e);
    },
  );
}
