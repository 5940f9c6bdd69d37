import type { FastifyInstance } from 'fastify';
import { professionalDna as E } from '@domain/contract/endpoints/professional-dna';
import { RULES, dnaRowWriteRefusal } from '@domain/rules';
import { on } from '@server/platform/endpoint';
import { httpError } from '../../http';
import { loadProjectAccess, projectOfRecord, type ProjectLocator } from '../../platform/access';
import { created, versionedRemove, versionedWrite } from '../../platform/versions';
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
  const editRow = { access: RULES.professionalDnaEdit, project: ofAnyDna };
  const editSession = { access: RULES.dnaSessionsEdit, project: ofDnaSession };

  on(app, E.setupSessions, { tags, config: read }, (req) => service.listSetupSessions(db, req.params.id));

  on(app, E.setupRows, { tags, config: read }, (req) => service.listSetupDnas(db, req.params.id));

  on(app, E.createSetupRow, { tags, config: { access: RULES.setupEdit } }, async (req, reply) =>
    created(reply, await service.createSetupDna(db, req.projectAccess, req.body)),
  );

  // --- PUT/DELETE of one DNA row serve a setup row (type 1) and a During entry (type 2)

  on(app, E.updateRow, { tags, config: editRow }, (req, reply) =>
    versionedWrite(req, reply, (v) => during.updateRow(db, req.projectAccess, req.params.id, req.body, v)),
  );

  on(app, E.removeRow, { tags, config: editRow }, (req, reply) =>
    versionedRemove(req, reply, (v) => during.removeRow(db, req.projectAccess, req.params.id, v)),
  );

  /* --- Professional DNA — During (001 §7): DNA sessions (type 2) and their entries --------------------- */

  on(app, E.sessions, { tags, config: read }, (req) => during.listSessions(db, req.params.id));

  on(app, E.createSession, { tags, config: { access: RULES.dnaSessionsEdit } }, async (req, reply) =>
    created(reply, await during.createSession(db, req.projectAccess, req.body)),
  );

  on(app, E.updateSession, { tags, config: editSession }, (req, reply) =>
    versionedWrite(req, reply, (v) =>
      during.updateSession(db, req.projectAccess, req.params.id, req.body, v),
    ),
  );

  on(app, E.removeSession, { tags, config: editSession }, (req, reply) =>
    versionedRemove(req, reply, (v) => during.removeSession(db, req.projectAccess, req.params.id, v)),
  );

  on(app, E.entries, { tags, config: { ...read, project: ofDnaSession } }, (req) =>
    during.listEntries(db, req.projectAccess.project.id, req.params.id),
  );

  on(app, E.createEntry, { tags, config: editSession }, async (req, reply) =>
    created(reply, await during.createEntry(db, req.projectAccess, req.params.id, req.body)),
  );
}
