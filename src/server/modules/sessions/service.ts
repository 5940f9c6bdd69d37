import type {
  ProjectSession,
  ProjectSessionBody,
  ProjectSessionPatch,
  ProjectSessionRecord,
} from '@domain/contract';
import {
  canReadSessionRecords,
  sessionWriteRefusal,
  SESSION_RECORDS_DENIED_MESSAGE,
  type ProjectAccess,
} from '@domain/rules';
import type { z } from 'zod';
import type { DB } from '../../db';
import { httpError } from '../../http';
import { toIso } from '../../platform/dates';
import { recordChange } from '../../platform/history';
import * as repo from './repo';

/**
 * Project sessions (spec 001 §7): the list and creation (rule projectSessions), one session, and the
 * one-field PATCH (the setup session's scope and out-of-scope texts, a During session's texts).
 */
const toSession = (r: repo.SessionRow): ProjectSession => ({
  id: r.id,
  createdAt: toIso(r.createdAt)!,
  discussionFocus: r.discussionFocus,
  isSetup: r.isSetup,
  submittedAt: toIso(r.submittedAt),
  idSubmittedBy: r.submittedById,
  projectScope: r.projectScope,
  projectOutScope: r.projectOutScope,
  adjustScope: r.adjustScope,
  adjustScopeObs: r.adjustScopeObs,
  deliveringClientNeeds: r.deliveringClientNeeds,
  deliveringClientNeedsObs: r.deliveringClientNeedsObs,
  discussionOutcomes: r.discussionOutcomes,
});
const toRecord = (r: repo.SessionRow): ProjectSessionRecord => ({ ...toSession(r), version: r.version });

export const list = async (db: DB, projectId: number) =>
  (await repo.listSessions(db, projectId)).map(toSession);

export const create = async (db: DB, projectId: number, body: z.infer<typeof ProjectSessionBody>) =>
  toSession(await repo.insertSession(db, projectId, body));

/** The session of the path, which must be the project's (else 404). */
async function sessionOf(db: DB, projectId: number, sessionId: number) {
  const s = await repo.findSession(db, sessionId);
  if (!s || s.projectId !== projectId)
    throw httpError(404, `Session ${sessionId} not found in project ${projectId}`);
  return s;
}

/** One session: the setup session for everyone (setup data); a During session for those who work on sessions. */
export async function getOne(db: DB, access: ProjectAccess, sessionId: number) {
  const s = await sessionOf(db, access.project.id, sessionId);
  if (!canReadSessionRecords(access.user, access.team, s))
    throw httpError(403, SESSION_RECORDS_DENIED_MESSAGE);
  return toRecord(s);
}

/** The setup session takes only its two texts (001 §2 Project Scope tab). */
const SETUP_FIELDS = ['projectScope', 'projectOutScope'];
const LABELS: Record<string, string> = {
  projectScope: 'Scope',
  projectOutScope: 'Out of Scope',
  discussionFocus: 'Discussion focus',
  discussionOutcomes: 'Discussion outcomes',
  adjustScopeObs: 'Adjust scope observation',
  deliveringClientNeedsObs: 'Delivering client needs observation',
};

/**
 * PATCH one field (001 §7). Setup session → canEditSetup (403), projectScope / projectOutScope only (400);
 * a During session → the team or Admin / OnePage, 409 once submitted. If-Match honoured; history recorded
 * ('Project Scope' for the setup session, 'Project Session' otherwise).
 */
export async function patch(
  db: DB,
  access: ProjectAccess,
  sessionId: number,
  body: ProjectSessionPatch,
  expectedVersion: number | undefined,
) {
  const s = await sessionOf(db, access.project.id, sessionId);
  const refusal = sessionWriteRefusal(access.user, access.team, access.project.idStatus, s);
  if (refusal) throw httpError(refusal.status, refusal.message);
  const field = Object.keys(body)[0]!;
  if (s.isSetup && !SETUP_FIELDS.includes(field))
    throw httpError(
      400,
      `Invalid request: ${field}: the setup session takes projectScope or projectOutScope`,
    );
  return db.transaction().execute(async (trx) => {
    const changed = await repo.updateSession(trx, sessionId, body, expectedVersion);
    const current = toRecord((await repo.findSession(trx, sessionId))!);
    if (changed)
      await recordChange(trx, {
        projectId: access.project.id,
        by: access.user.professionalId,
        area: s.isSetup ? 'Project Scope' : 'Project Session',
        action: 'changed',
        subject: LABELS[field] ?? field,
      });
    return { changed, current };
  });
}
