import type {
  ProjectSession,
  ProjectSessionCreate,
  ProjectSessionPatch,
  ProjectSessionRecord,
  ProjectSessionUpdate,
} from '@domain/contract';
import {
  canReadSessionRecords,
  mergeRow,
  sessionActionRefusal,
  sessionWriteRefusal,
  type SessionAction,
  SESSION_RECORDS_DENIED_MESSAGE,
  type ProjectAccess,
} from '@domain/rules';
import type { DB } from '../../db';
import { httpError } from '../../http';
import { toIso } from '../../platform/dates';
import { callerChange, recordChange } from '../../platform/history';
import * as repo from './repo';
import type { Notifications } from '@server/modules/notifications/service';

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

/** History: the page's name (001 §2 title) and the session as a person reads it. */
const AREA = 'Project Session';
const subjectOf = (s: Pick<repo.SessionRow, 'id' | 'discussionFocus'>) =>
  s.discussionFocus?.trim() ? `Session "${s.discussionFocus.trim().slice(0, 200)}"` : `Session #${s.id}`;

/** POST (001 §7): a During session (never a setup one), recorded in the history. Answers its version too. */
export const create = (db: DB, access: ProjectAccess, body: ProjectSessionCreate) =>
  db.transaction().execute(async (trx) => {
    const row = await repo.insertSession(trx, access.project.id, body);
    await recordChange(trx, callerChange(access, AREA, 'added', subjectOf(row)));
    return { session: toSession(row), version: row.version };
  });

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

/** A write of one session: its values, the If-Match version, and what the history says when it is written. */
interface SessionWrite {
  values: Parameters<typeof repo.updateSession>[2];
  expectedVersion: number | undefined;
  area?: string;
  subject: (current: repo.SessionRow) => string;
  /** In the same transaction, once written. */
  after?: (trx: DB, current: repo.SessionRow) => Promise<unknown>;
}

/**
 * In one transaction: writes the session (only at `expectedVersion` when given) and, when written, records the
 * caller's change (`area`, default 'Project Session') and runs `after`. Whether it changed, and the session now.
 */
const writeSession = (db: DB, access: ProjectAccess, sessionId: number, w: SessionWrite) =>
  db.transaction().execute(async (trx) => {
    const changed = await repo.updateSession(trx, sessionId, w.values, w.expectedVersion);
    const current = (await repo.findSession(trx, sessionId))!;
    if (changed) {
      await recordChange(trx, callerChange(access, w.area ?? AREA, 'changed', w.subject(current)));
      await w.after?.(trx, current);
    }
    return { changed, current: toRecord(current) };
  });

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
  return writeSession(db, access, sessionId, {
    values: body,
    expectedVersion,
    area: s.isSetup ? 'Project Scope' : 'Project Session',
    subject: () => LABELS[field] ?? field,
  });
}

// --- H6: During sessions — PUT, DELETE, submit and undo

/** The During session of the path (404) on which `action` is allowed (403 / 409, rules/sessions.ts). */
async function actionable(db: DB, access: ProjectAccess, sessionId: number, action: SessionAction) {
  const s = await sessionOf(db, access.project.id, sessionId);
  const refusal = sessionActionRefusal(action, access.user, access.team, s);
  if (refusal) throw httpError(refusal.status, refusal.message);
  return s;
}

/** The fields a PUT may change (001 §3: the session's own; scope texts belong to the setup session). */
const PUT_FIELDS = [
  'discussionFocus',
  'adjustScope',
  'adjustScopeObs',
  'deliveringClientNeeds',
  'deliveringClientNeedsObs',
  'discussionOutcomes',
] as const;

/**
 * PUT (001 §7): the stored session merged with the (partial) change (001 §5), only while not submitted (409);
 * If-Match honoured (412 with the current session); history 'Project Session' changed.
 */
export async function update(
  db: DB,
  access: ProjectAccess,
  sessionId: number,
  change: ProjectSessionUpdate,
  expectedVersion: number | undefined,
) {
  const s = await actionable(db, access, sessionId, 'edit');
  const sent = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
  const merged = mergeRow(toSession(s), sent);
  const values = Object.fromEntries(PUT_FIELDS.map((f) => [f, merged[f] ?? null]));
  return writeSession(db, access, sessionId, { values, expectedVersion, subject: subjectOf });
}

/**
 * DELETE (001 §7): not the setup session, not once submitted (409); its records go with it; If-Match honoured
 * (412 with the current session); history 'Project Session' removed.
 */
export async function remove(
  db: DB,
  access: ProjectAccess,
  sessionId: number,
  expectedVersion: number | undefined,
) {
  const s = await actionable(db, access, sessionId, 'delete');
  if (expectedVersion !== undefined && s.version !== expectedVersion)
    return { removed: false, current: toRecord(s) };
  await db.transaction().execute(async (trx) => {
    await repo.deleteSession(trx, sessionId);
    await recordChange(trx, callerChange(access, AREA, 'removed', subjectOf(s)));
  });
  return { removed: true, current: toRecord(s) };
}

/**
 * Submit / undo (001 §4): submit sets submittedAt (now) and idSubmittedBy (the caller), undo clears both;
 * 409 when already submitted / not submitted. If-Match honoured. History 'Project Session' changed, the
 * subject saying "submitted" / "submit undone" (the history's actions are added|changed|removed|…).
 */
export async function setSubmitted(
  db: DB,
  access: ProjectAccess,
  sessionId: number,
  submit: boolean,
  expectedVersion: number | undefined,
  notifications?: Pick<Notifications, 'notify'>,
) {
  const s = await actionable(db, access, sessionId, submit ? 'submit' : 'undo');
  const values = submit
    ? { submittedAt: new Date(), submittedById: access.user.professionalId }
    : { submittedAt: null, submittedById: null };
  return writeSession(db, access, sessionId, {
    values,
    expectedVersion,
    subject: () => `${subjectOf(s)} ${submit ? 'submitted' : 'submit undone'}`,
    after: async (trx, current) =>
      submit &&
      notifications?.notify(trx, {
        event: 'projectSessionSubmitted',
        projectId: access.project.id,
        actorId: access.user.professionalId,
        key: `session:${sessionId}:submitted:${current.version}`,
        path: `/project/${access.project.id}/during/project-session`,
        audience: 'team',
        detail: subjectOf(s),
      }),
  });
}
