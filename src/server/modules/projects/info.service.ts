import type {
  ClientPastProject,
  ProjectDetail,
  ProjectMetadataField,
  ProjectMetadataPut,
  ProjectPatch,
} from '@domain/contract';
import { PROJECT_METADATA_FIELDS } from '@domain/contract';
import {
  canEditProjectField,
  projectFieldDeniedMessage,
  type ProjectAccess,
  type ProjectSetupField,
} from '@domain/rules';
import type { DB } from '@server/db';
import { httpError } from '@server/http';
import { callerChange, recordChange } from '@server/platform/history';
import { getProject } from './service';
import * as repo from './info.repo';
import { assertOffered } from '../master-admin/service';

/** The history's name of each Project Info field (area 'Project Info'). */
export const FIELD_LABELS: Record<ProjectSetupField, string> = {
  name: 'Title',
  whatSalesContext: 'Sales Context',
  whyClientNeedHelp: 'Why the Client Need Help',
  idPractice: 'Practice',
  idMethodology: 'Methodology',
  idGeography: 'Geography',
  idGeographicScope: 'Geographic Scope',
  idOffice: 'Office',
  idCoMgt: 'Co-management',
  idSupportCoMgt: 'Support Co-management',
  idDuringType: 'During Type',
};

const AREA = 'Project Info';

/** The one field of a single-field body (the contract has checked there is exactly one). */
function onlyField<T extends object>(body: T): [keyof T & ProjectSetupField, unknown] {
  const [entry] = Object.entries(body);
  if (!entry) throw httpError(400, 'Invalid request: send exactly one field');
  return entry as [keyof T & ProjectSetupField, unknown];
}

/** 001 §6, per field: the governed fields are Admin's, During Type also the manager's or a partner's. */
function assertMayChange(access: ProjectAccess, field: ProjectSetupField) {
  if (!canEditProjectField(field, access.user, access.team, access.project.idStatus))
    throw httpError(403, projectFieldDeniedMessage(field));
}

export interface ProjectWrite {
  changed: boolean;
  current: ProjectDetail;
}

/**
 * PATCH /api/projects/{id} with one field: the title (trimmed, required), the sales context or why the
 * client needs help (plain free text). If-Match → only while the project is at that version.
 */
export async function patchProject(
  db: DB,
  access: ProjectAccess,
  body: ProjectPatch,
  expected: number | undefined,
): Promise<ProjectWrite> {
  const [field, raw] = onlyField(body);
  assertMayChange(access, field);
  // singleField validates but answers the body as sent: the title is trimmed here
  const value = field === 'name' ? String(raw).trim() : raw;
  const projectId = access.project.id;
  const changed = await db.transaction().execute(async (trx) => {
    const ok = await repo.updateProject(trx, projectId, { [field]: value }, expected);
    if (ok) await recordChange(trx, callerChange(access, AREA, 'changed', FIELD_LABELS[field]));
    return ok;
  });
  return { changed, current: await getProject(db, projectId) };
}

/**
 * PUT /api/projects/{id}/metadata: each field that differs from the project (one, as 001 §7 sends it, or the
 * project record taken back). Practice, methodology, geography, geographic scope, office and co-management are
 * link tables: the one id replaces the project's set (001 §7 sends one id, §3 reads arrays). Support
 * co-management (null clears it) and During Type are columns. Every id must exist in its master list (400
 * naming the field), every field be the caller's to change (403). One version step, one history line a field.
 */
export async function putMetadata(
  db: DB,
  access: ProjectAccess,
  body: ProjectMetadataPut,
  expected: number | undefined,
): Promise<ProjectWrite> {
  const projectId = access.project.id;
  const before = await getProject(db, projectId);
  if (expected !== undefined && before.version !== expected) return { changed: false, current: before };
  // the project as GET gave it comes back whole, or one field as 001 §7 sends it: what differs is the change
  const changes = PROJECT_METADATA_FIELDS.filter((f) => body[f] !== undefined && body[f] !== before[f]);
  if (changes.length === 0) return { changed: true, current: before };
  const names = new Map<ProjectMetadataField, string | undefined>();
  for (const field of changes) {
    assertMayChange(access, field);
    const id = body[field] as number | null;
    if (id === null && field !== 'idSupportCoMgt')
      throw httpError(400, `Invalid request: ${field}: choose one; it cannot be cleared`);
    if (id === null) continue;
    const table =
      field === 'idDuringType' ? 'duringTypes' : field === 'idSupportCoMgt' ? 'comanagements' : null;
    const master = table ?? repo.LINKS[field as repo.LinkField].master;
    const name = await repo.masterName(db, master, id);
    if (name === undefined) throw httpError(400, `Invalid request: ${field}: no such item ${id}`);
    // a changed value is a new reference: a deactivated item is not offered (400)
    if (master !== 'duringTypes') await assertOffered(db, field, master, [id]);
    names.set(field, name);
  }

  const changed = await db.transaction().execute(async (trx) => {
    const columns: repo.ProjectColumns = {};
    if (changes.includes('idDuringType')) columns.idDuringType = body.idDuringType!;
    if (changes.includes('idSupportCoMgt')) columns.idSupportComanagement = body.idSupportCoMgt ?? null;
    const ok = await repo.updateProject(trx, projectId, columns, expected);
    if (!ok) return false;
    for (const field of changes) {
      if (field in repo.LINKS) await repo.replaceLink(trx, projectId, field as repo.LinkField, body[field]!);
      const subject = `${FIELD_LABELS[field]}: ${names.get(field) ?? 'none'}`;
      await recordChange(trx, callerChange(access, AREA, 'changed', subject));
    }
    return true;
  });
  return { changed, current: await getProject(db, projectId) };
}

/**
 * GET /api/projects/{id}/client/{idClient}: the client's other projects (any status), by code, with the
 * methodology names. idClient must be the project's client: another id is 404 (no such client here).
 */
export async function clientPastProjects(
  db: DB,
  projectId: number,
  clientId: number,
): Promise<ClientPastProject[]> {
  const project = await repo.projectClient(db, projectId);
  if (!project) throw httpError(404, `Project ${projectId} not found`);
  if (project.clientId !== clientId)
    throw httpError(404, `Client ${clientId} is not the client of project ${projectId}`);
  return repo.clientProjects(db, clientId, projectId);
}
