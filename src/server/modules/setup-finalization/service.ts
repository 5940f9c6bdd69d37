import type {
  SetupFinalizationCreate,
  SetupFinalizationRecord,
  SetupFinalizationUpdate,
} from '@domain/contract';
import { isTeamProfessional, type ProjectAccess } from '@domain/rules';
import type { DB } from '../../db';
import { httpError } from '../../http';
import { callerChange, recordChange } from '../../platform/history';
import * as repo from './repo';

/**
 * Setup Finalization (spec 001 §2, §3, §6, §7): who attended the setup finalization and how (Physical, Call,
 * VC, Not Present). Who may write is the routes' rule (setupEdit). Here: the professional must be on the
 * team, one row per professional, PUT merges the stored row with the fields sent, hasAssessment is computed
 * (never written), and every write goes to the project's history ('Setup Finalization').
 */
const AREA = 'Setup Finalization';

const toRecord = (r: repo.FinalizationRow): SetupFinalizationRecord => ({
  id: r.id,
  idProject: r.projectId,
  idProfessional: r.professionalId,
  professional: r.professionalName ? { id: r.professionalId, name: r.professionalName } : null,
  presenceType: r.presenceType as SetupFinalizationRecord['presenceType'],
  hasAssessment: !!r.hasAssessment,
  version: r.version,
});

export const list = async (db: DB, projectId: number) =>
  (await repo.listFinalizations(db, { projectId })).map(toRecord);

export async function getOne(db: DB, id: number) {
  const [row] = await repo.listFinalizations(db, { id });
  if (!row) throw httpError(404, `Setup finalization ${id} not found`);
  return toRecord(row);
}

function requireTeamMember(access: ProjectAccess, professionalId: number) {
  if (!isTeamProfessional(access.team, professionalId))
    throw httpError(400, "Invalid request: idProfessional: the professional is not on the project's team");
}

async function alreadyHas(db: DB, professionalId: number) {
  const name = (await repo.professionalName(db, professionalId)) ?? `Professional ${professionalId}`;
  return httpError(409, `${name} already has a finalization row on this project`);
}

const nameOf = async (db: DB, professionalId: number) =>
  (await repo.professionalName(db, professionalId)) ?? String(professionalId);

export async function create(db: DB, access: ProjectAccess, body: SetupFinalizationCreate) {
  const projectId = access.project.id;
  requireTeamMember(access, body.idProfessional);
  const id = await db.transaction().execute(async (trx) => {
    const row = await repo.insertFinalization(trx, projectId, {
      professionalId: body.idProfessional,
      presenceType: body.presenceType ?? null,
    });
    if (!row) throw await alreadyHas(trx, body.idProfessional);
    const subject = `Presence of ${await nameOf(trx, body.idProfessional)}`;
    await recordChange(trx, callerChange(access, AREA, 'added', subject));
    return row.id;
  });
  return getOne(db, id);
}

/** PUT: the stored row with the fields sent over it; `expectedVersion` from If-Match (412 when stale). */
export async function update(
  db: DB,
  access: ProjectAccess,
  id: number,
  body: SetupFinalizationUpdate,
  expectedVersion: number | undefined,
) {
  const projectId = access.project.id;
  const old = await repo.findFinalization(db, id);
  if (!old) throw httpError(404, `Setup finalization ${id} not found`);
  if (body.idProject !== undefined && body.idProject !== old.projectId)
    throw httpError(400, 'Invalid request: idProject: a finalization row cannot move to another project');
  const merged = {
    professionalId: body.idProfessional ?? old.professionalId,
    presenceType: body.presenceType !== undefined ? body.presenceType : old.presenceType,
  };
  if (merged.professionalId !== old.professionalId) {
    requireTeamMember(access, merged.professionalId);
    const other = await repo.findOfProfessional(db, projectId, merged.professionalId);
    if (other && other.id !== id) throw await alreadyHas(db, merged.professionalId);
  }
  const changed = await db.transaction().execute(async (trx) => {
    const ok = await repo.updateFinalization(trx, id, merged, expectedVersion);
    if (ok) {
      const subject = `Presence of ${await nameOf(trx, merged.professionalId)}`;
      await recordChange(trx, callerChange(access, AREA, 'changed', subject));
    }
    return ok;
  });
  return { changed, current: await getOne(db, id) };
}

export async function remove(db: DB, access: ProjectAccess, id: number) {
  await db.transaction().execute(async (trx) => {
    const old = await repo.findFinalization(trx, id);
    if (!old) throw httpError(404, `Setup finalization ${id} not found`);
    await repo.deleteFinalization(trx, id);
    const subject = `Presence of ${await nameOf(trx, old.professionalId)}`;
    await recordChange(trx, callerChange(access, AREA, 'removed', subject));
  });
}
