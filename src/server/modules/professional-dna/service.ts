import type { ProfessionalDnaCreate, ProfessionalDnaRecord, ProfessionalDnaUpdate } from '@domain/contract';
import type { ProjectAccess } from '@domain/rules';
import { isTeamProfessional } from '@domain/rules';
import type { DB } from '../../db';
import { httpError } from '../../http';
import { callerChange, recordChange } from '../../platform/history';
import * as repo from './repo';

/**
 * Professional DNA — Setup (spec 001 §3, §6, §7). Who may write: setupEdit (Admin at any time, the team while
 * in Setup) — the POST's route rule; PUT/DELETE of a row go through ./during.service (rowKind, either kind).
 * Here: the professional must be on the project's team (§6 "Professional lookups are restricted to team
 * members"), one row per professional, PUT merges the stored row with the
 * fields sent (§5), and every write goes to the project's history ('Professional DNA').
 */
const AREA = 'Professional DNA';
const SETUP: repo.SessionType = 1;

const toRecord = (r: repo.DnaRow): ProfessionalDnaRecord => ({
  id: r.id,
  idProject: r.projectId,
  idProjectProfessionalDna: r.projectProfessionalDnaId,
  idProfessional: r.professionalId,
  professional: r.professionalName ? { id: r.professionalId, name: r.professionalName } : null,
  goalsForProject: r.goalsForProject,
  individualNeeds: r.individualNeeds,
  version: r.version,
});

/** GET /api/project-professional-dnas/project/{id}/session-type/1: the project's setup DNA session (0 or 1). */
export const listSetupSessions = (db: DB, projectId: number) => repo.listSessions(db, projectId, SETUP);

/** GET /api/professional-dnas/project/{id}/session-type/1: every setup DNA row of the project. */
export const listSetupDnas = async (db: DB, projectId: number) =>
  (await repo.listDnas(db, { projectId, sessionType: SETUP })).map(toRecord);

export async function getSetupDna(db: DB, id: number) {
  const [row] = await repo.listDnas(db, { id, sessionType: SETUP });
  if (!row) throw httpError(404, `Professional DNA ${id} not found`);
  return toRecord(row);
}

function requireTeamMember(access: ProjectAccess, professionalId: number) {
  if (!isTeamProfessional(access.team, professionalId))
    throw httpError(400, "Invalid request: idProfessional: the professional is not on the project's team");
}

async function requireNoOtherRow(db: DB, projectId: number, professionalId: number, exceptId?: number) {
  const other = await repo.findDnaOfProfessional(db, projectId, SETUP, professionalId);
  if (other && other.id !== exceptId) {
    const name = (await repo.professionalName(db, professionalId)) ?? `Professional ${professionalId}`;
    throw httpError(409, `${name} already has a DNA row on this project`);
  }
}

/** POST: a row under the project's setup DNA session (created when missing). */
export async function createSetupDna(
  db: DB,
  access: ProjectAccess,
  body: ProfessionalDnaCreate,
): Promise<ProfessionalDnaRecord> {
  const projectId = access.project.id;
  requireTeamMember(access, body.idProfessional);
  const id = await db.transaction().execute(async (trx) => {
    await repo.lockProjectDna(trx, projectId, SETUP);
    await requireNoOtherRow(trx, projectId, body.idProfessional);
    const parent = await repo.ensureSetupSession(trx, projectId);
    const row = await repo.insertDna(trx, {
      projectId,
      sessionType: SETUP,
      projectProfessionalDnaId: parent,
      professionalId: body.idProfessional,
      goalsForProject: body.goalsForProject ?? null,
      individualNeeds: body.individualNeeds ?? null,
    });
    const name = (await repo.professionalName(trx, body.idProfessional)) ?? String(body.idProfessional);
    await recordChange(trx, callerChange(access, AREA, 'added', `DNA of ${name}`));
    return row.id;
  });
  return getSetupDna(db, id);
}

/** PUT: the stored row with the fields sent over it; `expectedVersion` from If-Match (412 when stale). */
export async function updateSetupDna(
  db: DB,
  access: ProjectAccess,
  id: number,
  body: ProfessionalDnaUpdate,
  expectedVersion: number | undefined,
) {
  const projectId = access.project.id;
  const changed = await db.transaction().execute(async (trx) => {
    await repo.lockProjectDna(trx, projectId, SETUP);
    const old = await repo.findDna(trx, id);
    if (!old || old.sessionType !== SETUP) throw httpError(404, `Professional DNA ${id} not found`);
    const merged = {
      professionalId: body.idProfessional ?? old.professionalId,
      goalsForProject: body.goalsForProject !== undefined ? body.goalsForProject : old.goalsForProject,
      individualNeeds: body.individualNeeds !== undefined ? body.individualNeeds : old.individualNeeds,
    };
    if (merged.professionalId !== old.professionalId) {
      requireTeamMember(access, merged.professionalId);
      await requireNoOtherRow(trx, projectId, merged.professionalId, id);
    }
    const ok = await repo.updateDna(trx, id, merged, expectedVersion);
    if (ok) {
      const name = (await repo.professionalName(trx, merged.professionalId)) ?? String(merged.professionalId);
      await recordChange(trx, callerChange(access, AREA, 'changed', `DNA of ${name}`));
    }
    return ok;
  });
  return { changed, current: await getSetupDna(db, id) };
}
