import type {
  DnaEntryCreate,
  DnaEntryRecord,
  DnaSessionCreate,
  DnaSessionUpdate,
  ProfessionalDnaRecord,
  ProfessionalDnaRowUpdate,
  ProjectProfessionalDnaRecord,
} from '@domain/contract';
import type { ProjectAccess } from '@domain/rules';
import {
  DNA_NOT_ON_TEAM_MESSAGE,
  DNA_SESSION_TYPE,
  dnaEntryTakenMessage,
  dnaRowWriteRefusal,
  dnaSessionDatesRefusal,
  dnaSessionWriteRefusal,
  isTeamProfessional,
} from '@domain/rules';
import type { DB } from '../../db';
import { httpError } from '../../http';
import { callerChange, recordChange } from '../../platform/history';
import * as repo from './repo';
import * as setup from './service';

/**
 * Professional DNA — During (spec 001 §2 "Professional DNA page", §3, §7 "Professional DNA — During"): the
 * project's DNA sessions (type 2: sessionDate, sessionNextDate) and their entries (a team member and
 * dnaMetExpectation 0 No, 1 Yes, 2 Not Applicable). Who writes: rules/dna.ts (the routes' dnaSessionsEdit, and
 * per row kind for PUT/DELETE /api/professional-dnas/{id}). One entry per professional per session (409), the
 * professional on the team (400), the next date not before the session date (400), versions (If-Match → 412),
 * every write in the project's history ('Professional DNA').
 */
const AREA = 'Professional DNA';
const DURING: repo.SessionType = DNA_SESSION_TYPE.during;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-MM-DD' as dd MMM yyyy (001 §9), for the history's subject. */
const dayName = (d: string | null) => {
  if (!d) return 'without date';
  const [y, m, day] = d.slice(0, 10).split('-');
  return `${day} ${MONTHS[Number(m) - 1] ?? m} ${y}`;
};

const toSession = (r: repo.SessionRow): ProjectProfessionalDnaRecord => ({
  id: r.id,
  idProject: r.projectId,
  sessionType: r.sessionType,
  sessionDate: r.sessionDate,
  sessionNextDate: r.sessionNextDate,
  createdAt: r.createdAt,
  version: r.version,
});

const toEntry = (r: repo.DnaRow): DnaEntryRecord => ({
  id: r.id,
  idProject: r.projectId,
  idProjectProfessionalDna: r.projectProfessionalDnaId!,
  idProfessional: r.professionalId,
  professional: r.professionalName ? { id: r.professionalId, name: r.professionalName } : null,
  dnaMetExpectation: r.dnaMetExpectation,
  version: r.version,
});

function refuse(refusal: { status: number; message: string } | null) {
  if (refusal) throw httpError(refusal.status, refusal.message);
}
const requireWriter = (access: ProjectAccess) =>
  refuse(dnaSessionWriteRefusal(access.user, access.team, access.project.idStatus));

function requireDates(sessionDate: string | null, sessionNextDate: string | null) {
  const refusal = dnaSessionDatesRefusal(sessionDate, sessionNextDate);
  if (refusal) throw httpError(400, `Invalid request: sessionNextDate: ${refusal}`);
}

/* --- DNA sessions ------------------------------------------------------------------------------------ */

/** GET …/project/{id}/session-type/2: the project's DNA sessions, newest session date first. */
export const listSessions = (db: DB, projectId: number) => repo.listSessions(db, projectId, DURING);

async function getSession(db: DB, projectId: number, id: number) {
  const s = await repo.findSession(db, id);
  if (!s || s.sessionType !== DURING || s.projectId !== projectId)
    throw httpError(404, `Professional DNA session ${id} not found`);
  return toSession(s);
}

/** POST …/project/{id}/session-type/2. */
export async function createSession(db: DB, access: ProjectAccess, body: DnaSessionCreate) {
  requireWriter(access);
  const projectId = access.project.id;
  const next = body.sessionNextDate ?? null;
  requireDates(body.sessionDate, next);
  const id = await db.transaction().execute(async (trx) => {
    const row = await repo.insertSession(trx, {
      projectId,
      sessionType: DURING,
      sessionDate: body.sessionDate,
      sessionNextDate: next,
    });
    await recordChange(
      trx,
      callerChange(access, AREA, 'added', `DNA session of ${dayName(body.sessionDate)}`),
    );
    return row.id;
  });
  return getSession(db, projectId, id);
}

/** PUT /api/project-professional-dnas/{id}: the dates sent over the stored ones; If-Match → 412 when stale. */
export async function updateSession(
  db: DB,
  access: ProjectAccess,
  id: number,
  body: DnaSessionUpdate,
  expectedVersion: number | undefined,
) {
  requireWriter(access);
  const projectId = access.project.id;
  const changed = await db.transaction().execute(async (trx) => {
    const old = await getSession(trx, projectId, id);
    const merged = {
      sessionDate: body.sessionDate ?? old.sessionDate,
      sessionNextDate: body.sessionNextDate !== undefined ? body.sessionNextDate : old.sessionNextDate,
    };
    requireDates(merged.sessionDate, merged.sessionNextDate);
    const ok = await repo.updateSession(trx, id, merged, expectedVersion);
    if (ok)
      await recordChange(
        trx,
        callerChange(access, AREA, 'changed', `DNA session of ${dayName(merged.sessionDate)}`),
      );
    return ok;
  });
  return { changed, current: await getSession(db, projectId, id) };
}

/** DELETE /api/project-professional-dnas/{id}: the session and its entries; If-Match → 412 when stale. */
export async function removeSession(
  db: DB,
  access: ProjectAccess,
  id: number,
  expectedVersion: number | undefined,
) {
  requireWriter(access);
  const projectId = access.project.id;
  return db.transaction().execute(async (trx) => {
    await repo.lockProjectDna(trx, projectId, DURING);
    const old = await getSession(trx, projectId, id);
    const entries = await repo.countEntries(trx, id);
    if (!(await repo.deleteSession(trx, id, expectedVersion))) return { removed: false, current: old };
    const what = entries === 1 ? '1 entry' : `${entries} entries`;
    const subject = `DNA session of ${dayName(old.sessionDate)} (${what})`;
    await recordChange(trx, callerChange(access, AREA, 'removed', subject));
    return { removed: true, current: old };
  });
}

/* --- DNA entries ------------------------------------------------------------------------------------- */

/** GET /api/professional-dnas/project-professional-dna/{id}: the session's entries, by professional name. */
export async function listEntries(db: DB, projectId: number, sessionId: number) {
  await getSession(db, projectId, sessionId);
  return (await repo.listDnas(db, { sessionType: DURING, parentId: sessionId })).map(toEntry);
}

async function getEntry(db: DB, id: number) {
  const [row] = await repo.listDnas(db, { id, sessionType: DURING });
  if (!row) throw httpError(404, `Professional DNA ${id} not found`);
  return toEntry(row);
}

function requireTeamMember(access: ProjectAccess, professionalId: number) {
  if (!isTeamProfessional(access.team, professionalId)) throw httpError(400, DNA_NOT_ON_TEAM_MESSAGE);
}

async function requireNoOtherEntry(
  db: DB,
  projectId: number,
  sessionId: number,
  professionalId: number,
  exceptId?: number,
) {
  const other = await repo.findDnaOfProfessional(db, projectId, DURING, professionalId, sessionId);
  if (other && other.id !== exceptId) {
    const name = (await repo.professionalName(db, professionalId)) ?? `Professional ${professionalId}`;
    throw httpError(409, dnaEntryTakenMessage(name));
  }
}

const entrySubject = async (db: DB, professionalId: number, sessionDate: string | null) =>
  `DNA of ${(await repo.professionalName(db, professionalId)) ?? professionalId} (session of ${dayName(sessionDate)})`;

/** POST /api/professional-dnas/project-professional-dna/{id}: an entry for a team member without one. */
export async function createEntry(
  db: DB,
  access: ProjectAccess,
  sessionId: number,
  body: DnaEntryCreate,
): Promise<DnaEntryRecord> {
  requireWriter(access);
  const projectId = access.project.id;
  requireTeamMember(access, body.idProfessional);
  const id = await db.transaction().execute(async (trx) => {
    await repo.lockProjectDna(trx, projectId, DURING);
    const session = await getSession(trx, projectId, sessionId);
    await requireNoOtherEntry(trx, projectId, sessionId, body.idProfessional);
    const row = await repo.insertDna(trx, {
      projectId,
      sessionType: DURING,
      projectProfessionalDnaId: sessionId,
      professionalId: body.idProfessional,
      dnaMetExpectation: body.dnaMetExpectation ?? null,
    });
    await recordChange(
      trx,
      callerChange(access, AREA, 'added', await entrySubject(trx, body.idProfessional, session.sessionDate)),
    );
    return row.id;
  });
  return getEntry(db, id);
}

/* --- PUT / DELETE /api/professional-dnas/{id}: a setup row (type 1) or a During entry (type 2) ---------- */

async function rowKind(db: DB, access: ProjectAccess, id: number) {
  const row = await repo.findDna(db, id);
  if (!row || row.projectId !== access.project.id) throw httpError(404, `Professional DNA ${id} not found`);
  refuse(dnaRowWriteRefusal(access.user, access.team, access.project.idStatus, row.sessionType));
  return row;
}

const SETUP_ONLY = ['goalsForProject', 'individualNeeds'] as const;

/** PUT: merges the fields sent over the stored row of either kind; the other kind's fields are a 400. */
export async function updateRow(
  db: DB,
  access: ProjectAccess,
  id: number,
  body: ProfessionalDnaRowUpdate,
  expectedVersion: number | undefined,
): Promise<{ changed: boolean; current: ProfessionalDnaRecord | DnaEntryRecord }> {
  const row = await rowKind(db, access, id);
  if (row.sessionType !== DURING) {
    if (body.dnaMetExpectation != null)
      throw httpError(400, 'Invalid request: dnaMetExpectation: setup DNA rows have no answer');
    const { dnaMetExpectation: _answer, ...setupBody } = body;
    return setup.updateSetupDna(db, access, id, setupBody, expectedVersion);
  }
  const wrong = SETUP_ONLY.filter((k) => body[k] != null);
  if (wrong.length)
    throw httpError(400, `Invalid request: ${wrong.join(', ')}: not fields of a During DNA entry`);
  const projectId = access.project.id;
  const changed = await db.transaction().execute(async (trx) => {
    await repo.lockProjectDna(trx, projectId, DURING);
    const old = await repo.findDna(trx, id);
    if (!old) throw httpError(404, `Professional DNA ${id} not found`);
    const merged = {
      professionalId: body.idProfessional ?? old.professionalId,
      dnaMetExpectation:
        body.dnaMetExpectation !== undefined ? body.dnaMetExpectation : old.dnaMetExpectation,
    };
    if (merged.professionalId !== old.professionalId) {
      requireTeamMember(access, merged.professionalId);
      await requireNoOtherEntry(trx, projectId, old.projectProfessionalDnaId!, merged.professionalId, id);
    }
    const ok = await repo.updateDna(trx, id, merged, expectedVersion);
    if (ok) {
      const session = await repo.findSession(trx, old.projectProfessionalDnaId!);
      const subject = await entrySubject(trx, merged.professionalId, session?.sessionDate ?? null);
      await recordChange(trx, callerChange(access, AREA, 'changed', subject));
    }
    return ok;
  });
  return { changed, current: await getEntry(db, id) };
}

/** DELETE: a row of either kind; If-Match → 412 when stale. */
export async function removeRow(
  db: DB,
  access: ProjectAccess,
  id: number,
  expectedVersion: number | undefined,
): Promise<{ removed: boolean; current: ProfessionalDnaRecord | DnaEntryRecord }> {
  const row = await rowKind(db, access, id);
  const read = (on: DB) => (row.sessionType === DURING ? getEntry(on, id) : setup.getSetupDna(on, id));
  return db.transaction().execute(async (trx) => {
    const current = await read(trx); // 404 when gone meanwhile
    if (!(await repo.deleteDnaAt(trx, id, expectedVersion))) return { removed: false, current };
    const session =
      row.sessionType === DURING ? await repo.findSession(trx, row.projectProfessionalDnaId!) : undefined;
    const subject =
      row.sessionType === DURING
        ? await entrySubject(trx, row.professionalId, session?.sessionDate ?? null)
        : `DNA of ${(await repo.professionalName(trx, row.professionalId)) ?? row.professionalId}`;
    await recordChange(trx, callerChange(access, AREA, 'removed', subject));
    return { removed: true, current };
  });
}
