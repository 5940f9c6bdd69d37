import type {
  ProjectAdminFields,
  ProjectAdminPatch,
  ProjectCreate,
  ProjectDetail,
  ProjectEditPatch,
  ProjectPatch,
  ProjectScopeRow,
  SessionUser,
} from '@domain/contract';
import { ADMIN_SCREEN_SCOPES, hasAnyScope, isAdmin, RULES, type ProjectAccess } from '@domain/rules';
import { PROJECT_STATUS } from '@domain/constants';
import type { DB } from '../../db';
import { httpError } from '../../http';
import { recordChange, type ProjectChange } from '../../platform/history';
import { patchProject as patchProjectInfo } from './info.service';
import { assertStatusChange, writeStatusChange, type LifecycleDeps } from './lifecycle.service';
import { getProject, requireProject } from './service';
import * as adminRepo from './admin.repo';
import * as teamRepo from './team.repo';
import { assertOffered } from '../master-admin/service';

/** The history's area and field names of project administration (002 §2.8). */
const AREA = 'Project Administration';
const LABELS: Record<keyof ProjectAdminFields, string> = {
  code: 'Code',
  name: 'Name',
  idClient: 'Client',
  idSupportComanagement: 'Support Co-management',
  projectGeographics: 'Geographic',
  projectGeographicScopes: 'Geographic Scope',
  projectOffices: 'Office',
  projectCoManagements: 'Co-management',
  projectPractices: 'Practice',
  projectMethodologies: 'Methodology',
  projectToolkits: 'Toolkit',
  projectTeam: 'Team',
  idStatus: 'Project Status',
  idDuringType: 'During Type',
  sendNotification: 'Send Notifications',
  priority: 'Priority',
  internal: 'Internal',
  pdcPriority: 'PDC Priority',
};
const PROJECT_INFO_TEXTS = ['name', 'whatSalesContext', 'whyClientNeedHelp'];

export interface ProjectWrite {
  changed: boolean;
  current: ProjectDetail;
}

const unique = (ids: readonly number[]) => [...new Set(ids)];
const linkIds = (body: Partial<ProjectAdminFields>, link: adminRepo.AdminLink) =>
  unique(
    ((body[link] ?? []) as Record<string, number>[]).map((item) => item[adminRepo.ADMIN_LINKS[link].key]!),
  );

/** 400 naming the field when an id is not in its master list. */
async function requireIds(db: DB, field: string, master: adminRepo.AdminMaster, ids: readonly number[]) {
  const missing = await adminRepo.missingIds(db, master, ids);
  if (missing.length > 0)
    throw httpError(400, `Invalid request: ${field}: no such item ${missing.join(', ')}`);
}

/**
 * The checks of an administration write: a unique code (409), ids that exist (400 naming the field),
 * the team's rules — one manager, nobody twice, the manager not also a partner, no inactive newcomer (400).
 */
async function validate(db: DB, body: Partial<ProjectAdminFields>, projectId?: number) {
  if (body.code !== undefined) {
    const taken = await adminRepo.projectWithCode(db, body.code.trim(), projectId);
    if (taken) throw httpError(409, `A project with code ${body.code.trim()} already exists`);
  }
  // a deactivated master item stays on the project that holds it, but is never a new reference (400)
  const held = projectId === undefined ? undefined : await getProject(db, projectId);
  if (body.idClient !== undefined) {
    await requireIds(db, 'idClient', 'clients', [body.idClient]);
    await assertOffered(db, 'idClient', 'clients', [body.idClient], held ? [held.idClient ?? 0] : []);
  }
  if (body.idSupportComanagement != null) {
    await requireIds(db, 'idSupportComanagement', 'comanagements', [body.idSupportComanagement]);
    await assertOffered(
      db,
      'idSupportComanagement',
      'comanagements',
      [body.idSupportComanagement],
      held?.idSupportComanagement ? [held.idSupportComanagement] : [],
    );
  }
  if (body.idDuringType != null) await requireIds(db, 'idDuringType', 'duringTypes', [body.idDuringType]);
  for (const link of Object.keys(adminRepo.ADMIN_LINKS) as adminRepo.AdminLink[])
    if (body[link] !== undefined) {
      const { master } = adminRepo.ADMIN_LINKS[link];
      await requireIds(db, link, master, linkIds(body, link));
      const kept = projectId === undefined ? [] : await adminRepo.heldLinkIds(db, projectId, link);
      await assertOffered(db, link, master, linkIds(body, link), kept);
    }
  if (body.projectToolkits !== undefined) {
    const ids = unique(body.projectToolkits.map((t) => t.idToolkit));
    await requireIds(db, 'projectToolkits', 'toolkits', ids);
    const kept =
      projectId === undefined
        ? []
        : (await adminRepo.projectToolkitRows(db, projectId)).map((r) => r.toolkitId);
    await assertOffered(db, 'projectToolkits', 'toolkits', ids, kept);
  }
  if (body.projectTeam !== undefined) {
    const team = body.projectTeam;
    const ids = team.map((t) => t.idProfessional);
    const twice = ids.find((id, i) => ids.indexOf(id) !== i);
    if (twice !== undefined)
      throw httpError(400, `Invalid request: projectTeam: professional ${twice} is listed twice`);
    await requireIds(db, 'projectTeam', 'professionals', ids);
    if (team.length > 0 && team.filter((t) => t.isManager).length !== 1)
      throw httpError(400, 'Invalid request: projectTeam: a project has one manager (project leader)');
    if (team.some((t) => t.isManager && t.isPartner))
      throw httpError(400, 'Invalid request: projectTeam: the project leader cannot also be a partner');
    const current =
      projectId === undefined
        ? new Set<number>()
        : new Set((await teamRepo.teamRows(db, projectId)).map((r) => r.professionalId));
    const inactive = await adminRepo.inactiveProfessionals(
      db,
      ids.filter((id) => !current.has(id)),
    );
    if (inactive.length > 0)
      throw httpError(
        400,
        `Invalid request: projectTeam: ${inactive.map((p) => p.name).join(', ')} is not active and cannot join the team`,
      );
  }
}

/** The project's columns of a body. */
function columnsOf(body: Partial<ProjectAdminFields>): adminRepo.AdminColumns {
  const c: adminRepo.AdminColumns = {};
  if (body.code !== undefined) c.code = body.code.trim();
  if (body.name !== undefined) c.name = body.name.trim();
  if (body.idClient !== undefined) c.clientId = body.idClient;
  if (body.idSupportComanagement !== undefined) c.idSupportComanagement = body.idSupportComanagement;
  if (body.idDuringType !== undefined) c.idDuringType = body.idDuringType;
  for (const flag of ['sendNotification', 'priority', 'internal', 'pdcPriority'] as const)
    if (body[flag] !== undefined) c[flag] = body[flag];
  return c;
}

/** Links and team of a body, written in `trx`. */
async function writeSets(trx: DB, projectId: number, body: Partial<ProjectAdminFields>) {
  for (const link of Object.keys(adminRepo.ADMIN_LINKS) as adminRepo.AdminLink[])
    if (body[link] !== undefined) await adminRepo.replaceLinks(trx, projectId, link, linkIds(body, link));
  if (body.projectTeam !== undefined)
    await teamRepo.replaceTeam(
      trx,
      projectId,
      body.projectTeam.map((t) => ({
        idProfessional: t.idProfessional,
        isManager: t.isManager,
        isPartner: t.isPartner,
      })),
    );
}

/**
 * The toolkit set of a body: toolkits not on the project are added in Draft; those left out are removed while
 * still in Draft — one past Draft stays (409: its status is the team's work, 000 §4).
 */
async function toolkitPlan(db: DB, projectId: number | undefined, body: Partial<ProjectAdminFields>) {
  if (body.projectToolkits === undefined) return undefined;
  const wanted = unique(body.projectToolkits.map((t) => t.idToolkit));
  const rows = projectId === undefined ? [] : await adminRepo.projectToolkitRows(db, projectId);
  const removed = rows.filter((r) => !wanted.includes(r.toolkitId));
  const started = removed.find((r) => r.idStatus !== 0);
  if (started)
    throw httpError(409, `The toolkit ${started.name} is past Draft and cannot be removed from the project`);
  return {
    add: wanted.filter((id) => !rows.some((r) => r.toolkitId === id)),
    remove: removed.map((r) => r.id),
  };
}

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');
function historyOf(projectId: number, by: number, body: Partial<ProjectAdminFields>): ProjectChange[] {
  return (Object.keys(body) as (keyof ProjectAdminFields)[]).map((field) => {
    const v = body[field];
    const shown =
      typeof v === 'boolean'
        ? `: ${yesNo(v)}`
        : field === 'code' || field === 'name'
          ? `: ${String(v).trim()}`
          : field === 'idStatus'
            ? `: ${PROJECT_STATUS[v as number]?.name ?? v}`
            : '';
    return { projectId, by, area: AREA, action: 'changed' as const, subject: `${LABELS[field]}${shown}` };
  });
}

/**
 * PATCH /api/projects/{id} (002 §7 "changed fields"). One Project Info text alone is Setup's write, unchanged
 * (001 §7, its own per-field rules); pdcPriority alone needs Admin or PDC; any other field Admin (the route's rule
 * admits all three groups, so the refusal names the narrower rule). If-Match → 412 with the current project.
 */
export async function patchProject(
  deps: LifecycleDeps,
  user: SessionUser,
  access: ProjectAccess,
  body: ProjectEditPatch,
  expected: number | undefined,
): Promise<ProjectWrite> {
  const keys = Object.keys(body);
  if (keys.length === 1 && PROJECT_INFO_TEXTS.includes(keys[0]!))
    return patchProjectInfo(deps.db, access, body as ProjectPatch, expected);
  if ('whatSalesContext' in body || 'whyClientNeedHelp' in body)
    throw httpError(
      400,
      'Invalid request: whatSalesContext and whyClientNeedHelp are sent alone (Project Info)',
    );
  if (keys.length === 1 && keys[0] === 'pdcPriority') {
    if (!hasAnyScope(user, ADMIN_SCREEN_SCOPES.pdcPriority)) throw httpError(403, RULES.pdcPriority.denied);
  } else if (!isAdmin(user)) throw httpError(403, RULES.projectAdmin.denied);
  return adminPatch(deps, user, access.project.id, body as ProjectAdminPatch, expected);
}

async function adminPatch(
  deps: LifecycleDeps,
  user: SessionUser,
  projectId: number,
  body: ProjectAdminPatch,
  expected: number | undefined,
): Promise<ProjectWrite> {
  const { db } = deps;
  const project = await requireProject(db, projectId);
  await validate(db, body, projectId);
  const from = project.idStatus;
  const to = body.idStatus ?? from;
  // the status as Admin's status change sets it (the lifecycle's own rules and history)
  if (to !== from) await assertStatusChange(db, user, projectId, from, to);
  const toolkits = await toolkitPlan(db, projectId, body);
  const changed = await db.transaction().execute(async (trx) => {
    if (!(await adminRepo.updateAdminColumns(trx, projectId, columnsOf(body), expected))) return false;
    await writeSets(trx, projectId, body);
    if (toolkits) await adminRepo.changeToolkits(trx, projectId, toolkits.add, toolkits.remove);
    if (
      to !== from &&
      !(await writeStatusChange(trx, deps, user, { ...project, ...columnsOf(body) }, from, to))
    )
      throw httpError(409, 'The project status changed meanwhile; reload and try again');
    await recordChange(trx, historyOf(projectId, user.professionalId, body));
    return true;
  });
  return { changed, current: await getProject(db, projectId) };
}

const isUniqueViolation = (e: unknown) => (e as { code?: string } | null)?.code === '23505';

/** POST /api/projects (Admin): a project with its links, team and toolkits; Draft unless idStatus is given. */
export async function createProject(
  deps: LifecycleDeps,
  user: SessionUser,
  body: ProjectCreate,
): Promise<ProjectDetail> {
  const { db } = deps;
  await validate(db, body);
  const toolkits = await toolkitPlan(db, undefined, body);
  const idStatus = body.idStatus ?? 1;
  const code = body.code.trim();
  const id = await db.transaction().execute(async (trx) => {
    let projectId: number;
    try {
      projectId = await adminRepo.insertProject(trx, {
        ...columnsOf(body),
        code,
        name: body.name.trim(),
        idStatus,
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw httpError(409, `A project with code ${code} already exists`);
      throw e;
    }
    if (idStatus === 5)
      await trx.updateTable('projects').set({ closedAt: new Date() }).where('id', '=', projectId).execute();
    await writeSets(trx, projectId, body);
    if (toolkits) await adminRepo.changeToolkits(trx, projectId, toolkits.add, []);
    await adminRepo.insertFirstStatus(trx, projectId, idStatus, user.professionalId);
    await recordChange(trx, {
      projectId,
      by: user.professionalId,
      area: AREA,
      action: 'added',
      subject: `Project ${code}`,
    });
    return projectId;
  });
  return getProject(db, id);
}

/** Each project's geographic scope (the first when several). */
export async function projectScopes(db: DB): Promise<ProjectScopeRow[]> {
  const rows = await adminRepo.projectScopes(db);
  return rows.map((r) => ({ id: r.projectId, idGeographicScope: Number(r.idGeographicScope) }));
}
