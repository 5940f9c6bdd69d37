import type { ProjectToolkitCreate, ProjectToolkitUpdate, SessionUser } from '@domain/contract';
import { TOOLKIT_STATUS } from '@domain/constants';
import {
  FINAL_TOOLKIT_MESSAGE,
  FINAL_TOOLKIT_STATUSES,
  canChangeToolkitRow,
  isAdmin,
  toolkitStatusOptions,
  type ProjectAccess,
} from '@domain/rules';
import type { DB } from '../../db';
import type { Mailer } from '../../mail';
import type { Config } from '../../config';
import { httpError } from '../../http';
import { escapeHtml } from '../../platform/html';
import * as repo from './repo';

export interface ToolkitDeps {
  db: DB;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl'>;
}

/**
 * Toolkits (spec 000 §2.10, §4.4, §6, §7). Who may edit at all is the route's rule (toolkitsEdit); here:
 * a status a user sets must be one of their §4.4 options (Admin: all; add may always use Draft), and
 * Approved / Not Approved rows are final except for Admin — on every route (edit, CHANGE, Change all,
 * delete). A Request e-mails the project's partners.
 */
export const list = (db: DB, projectId: number) => repo.listProjectToolkits(db, projectId);

export async function getOne(db: DB, projectId: number, rowId: number) {
  const [row] = await repo.listProjectToolkits(db, projectId, rowId);
  if (!row) throw httpError(404, `Toolkit ${rowId} not found on project ${projectId}`);
  return row;
}

const options = (access: ProjectAccess) => toolkitStatusOptions(access.user, access.team);

async function requireChangeable(db: DB, user: SessionUser, projectId: number, rowId: number) {
  const row = await repo.findRow(db, projectId, rowId);
  if (!row) throw httpError(404, `Toolkit ${rowId} not found on project ${projectId}`);
  if (!canChangeToolkitRow(user, row.idStatus)) throw httpError(409, FINAL_TOOLKIT_MESSAGE);
  return row;
}

async function notifyPartners(
  deps: ToolkitDeps,
  projectId: number,
  requester: SessionUser,
  toolkitNames: string[],
  trx: DB,
) {
  if (!toolkitNames.length) return;
  const [project, partners] = await Promise.all([
    repo.projectLabel(trx, projectId),
    repo.projectPartners(trx, projectId),
  ]);
  for (const p of partners) {
    await deps.mailer.enqueue(
      {
        to: p.email,
        subject: `Toolkit request on ${project.code}`,
        body: `<p>${escapeHtml(requester.userName)} requests your approval of ${toolkitNames.map((n) => `<strong>${escapeHtml(n)}</strong>`).join(', ')} on project ${escapeHtml(project.code)} — ${escapeHtml(project.name)}.</p><p>${deps.config.publicUrl}/project/${project.id}/setup/toolkit</p>`,
      },
      trx,
    );
  }
}

export async function add(
  deps: ToolkitDeps,
  user: SessionUser,
  access: ProjectAccess,
  body: ProjectToolkitCreate,
) {
  const projectId = access.project.id;
  if (body.idStatus !== 0 && !options(access).includes(body.idStatus))
    throw httpError(403, `You may not add a toolkit as ${TOOLKIT_STATUS[body.idStatus]?.label}`);
  const toolkit = await repo.findToolkit(deps.db, body.idToolkit);
  if (!toolkit) throw httpError(400, 'Invalid request: idToolkit: no such toolkit');
  if (!toolkit.isActive) throw httpError(400, 'Invalid request: idToolkit: this toolkit is not active');
  if (await repo.findByToolkit(deps.db, projectId, body.idToolkit))
    throw httpError(409, 'This toolkit is already on the project');
  const id = await deps.db.transaction().execute(async (trx) => {
    const row = await repo.insertRow(trx, projectId, body.idToolkit, body.idStatus);
    if (body.idStatus === 1) await notifyPartners(deps, projectId, user, [toolkit.name], trx);
    return row.id;
  });
  return getOne(deps.db, projectId, id);
}

/** PUT: the loaded record with idToolkit and idStatus replaced; `expectedVersion` from If-Match. */
export async function update(
  deps: ToolkitDeps,
  user: SessionUser,
  access: ProjectAccess,
  rowId: number,
  body: ProjectToolkitUpdate,
  expectedVersion: number | undefined,
) {
  const projectId = access.project.id;
  const row = await requireChangeable(deps.db, user, projectId, rowId);
  if (body.idStatus !== row.idStatus && !options(access).includes(body.idStatus))
    throw httpError(403, `You may not set this toolkit to ${TOOLKIT_STATUS[body.idStatus]?.label}`);
  if (body.idToolkit !== row.toolkitId) {
    const toolkit = await repo.findToolkit(deps.db, body.idToolkit);
    if (!toolkit) throw httpError(400, 'Invalid request: idToolkit: no such toolkit');
    if (!toolkit.isActive) throw httpError(400, 'Invalid request: idToolkit: this toolkit is not active');
    if (await repo.findByToolkit(deps.db, projectId, body.idToolkit))
      throw httpError(409, 'This toolkit is already on the project');
  }
  const changed = await deps.db.transaction().execute(async (trx) => {
    const ok = await repo.updateRow(
      trx,
      row.id,
      { toolkitId: body.idToolkit, idStatus: body.idStatus },
      expectedVersion,
    );
    if (ok && body.idStatus === 1 && row.idStatus !== 1) {
      const [now] = await repo.listProjectToolkits(trx, projectId, row.id);
      await notifyPartners(deps, projectId, user, [now!.toolkitName], trx);
    }
    return ok;
  });
  const current = await getOne(deps.db, projectId, row.id);
  return { changed, current };
}

export async function remove(deps: ToolkitDeps, user: SessionUser, access: ProjectAccess, rowId: number) {
  const row = await requireChangeable(deps.db, user, access.project.id, rowId);
  await repo.deleteRow(deps.db, row.id);
}

export async function change(
  deps: ToolkitDeps,
  user: SessionUser,
  access: ProjectAccess,
  rowId: number,
  statusId: number,
) {
  const projectId = access.project.id;
  if (!options(access).includes(statusId))
    throw httpError(403, `You may not change a toolkit to ${TOOLKIT_STATUS[statusId]?.label}`);
  const row = await requireChangeable(deps.db, user, projectId, rowId);
  await deps.db.transaction().execute(async (trx) => {
    await repo.updateRow(trx, row.id, { idStatus: statusId });
    if (statusId === 1 && row.idStatus !== 1) {
      const [now] = await repo.listProjectToolkits(trx, projectId, row.id);
      await notifyPartners(deps, projectId, user, [now!.toolkitName], trx);
    }
  });
  return getOne(deps.db, projectId, row.id);
}

export async function changeAll(
  deps: ToolkitDeps,
  user: SessionUser,
  access: ProjectAccess,
  statusId: number,
) {
  const projectId = access.project.id;
  if (!options(access).includes(statusId))
    throw httpError(403, `You may not change toolkits to ${TOOLKIT_STATUS[statusId]?.label}`);
  await deps.db.transaction().execute(async (trx) => {
    const changed = await repo.updateAll(
      trx,
      projectId,
      statusId,
      isAdmin(user) ? [] : FINAL_TOOLKIT_STATUSES,
    );
    if (statusId === 1 && changed.length) {
      const ids = new Set(changed);
      const rows = await repo.listProjectToolkits(trx, projectId);
      await notifyPartners(
        deps,
        projectId,
        user,
        rows.filter((r) => ids.has(r.id)).map((r) => r.toolkitName),
        trx,
      );
    }
  });
  return list(deps.db, projectId);
}
