import type {
  ProjectChange,
  ProjectDetail,
  StatusHistoryEntry,
  TeamMember,
  TrainingDevelopmentRecord,
} from '@domain/contract';
import { closeOutComplete } from '@domain/rules';
import type { Expression } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { DB } from '../../db';
import { httpError } from '../../http';
import { toDateString, toIso } from '../../platform/dates';
import * as repo from './repo';

/**
 * The project as documents head it (closure documents, their e-mails), a project with its managers and partners
 * named; whether a project exists.
 */
export { projectExists, projectHeader, withLeads, type ProjectHeader } from './repo';
import * as listRepo from './list.repo';
import * as teamRepo from './team.repo';
import * as trainingRepo from './training.repo';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/* ---------------------------------------------------------------------------------------------
 * The project list (conditional GET)
 * ------------------------------------------------------------------------------------------- */

export interface ProjectList {
  /** `list_versions('projects')` of the snapshot the text was built from. */
  version: string;
  json: string;
  /** The text compressed for an encoding: once per version (zlib's thread pool), shared by every request after. */
  encoded(encoding: ListEncoding): Promise<Buffer>;
}

export type ListEncoding = 'br' | 'gzip';
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The list's compressed forms are built once per version: a better ratio than per-request compression can afford. */
function withEncodings(built: { version: string; json: string }): ProjectList {
  const cache = new Map<ListEncoding, Promise<Buffer>>();
  return {
    ...built,
    encoded(encoding) {
      let bytes = cache.get(encoding);
      if (!bytes) {
        bytes =
          encoding === 'br'
            ? brotli(built.json, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(built.json),
                },
              })
            : gzip(built.json, { level: 6 });
        bytes.catch(() => cache.delete(encoding)); // a failure is tried again by the next request
        cache.set(encoding, bytes);
      }
      return bytes;
    },
  };
}

/**
 * The encoding to answer with for an Accept-Encoding header: brotli, else gzip, else none; `q=0` refuses one, `*`
 * accepts any not named.
 */
export function listEncoding(header: string | string[] | undefined): ListEncoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (e: ListEncoding) => (accepted.get(e) ?? accepted.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : undefined;
}

/**
 * The project list, kept as built JSON text for one version. Safe with many replicas: the key is the
 * database's change counter, so a replica never serves a list older than the version it just read.
 *
 * `current()` reads the counter (one tiny row); `get(version)` answers the cached text when it is of that
 * version, otherwise builds it — the version and the text come from ONE statement (one snapshot), so the
 * cached text is exactly the list of its version. When a change commits between the counter read and the
 * build, the build is simply newer than the version read: it is served (with its own, newer ETag) and
 * cached under its own version. One build runs at a time per replica; requests arriving meanwhile share it.
 */
export function createProjectListCache(db: DB) {
  let entry: ProjectList | undefined;
  let building: Promise<ProjectList> | undefined;
  const newer = (a: string, b: string) => BigInt(a) >= BigInt(b);

  async function build(): Promise<ProjectList> {
    building ??= listRepo
      .projectsListJson(db)
      .then(withEncodings)
      .then((built) => {
        if (!entry || newer(built.version, entry.version)) entry = built;
        return built;
      })
      .finally(() => {
        building = undefined;
      });
    return building;
  }

  return {
    current: () => listRepo.projectsListVersion(db),
    async get(version: string): Promise<ProjectList> {
      for (;;) {
        if (entry && newer(entry.version, version)) return entry;
        const built = await build();
        // a build that had started before `version` was read may be older: build again
        if (newer(built.version, version)) return built;
      }
    },
  };
}
export type ProjectListCache = ReturnType<typeof createProjectListCache>;

/* ---------------------------------------------------------------------------------------------
 * One project
 * ------------------------------------------------------------------------------------------- */

export async function requireProject(db: DB, projectId: number) {
  const p = await repo.findProject(db, projectId);
  if (!p) throw httpError(404, `Project ${projectId} not found`);
  return p;
}

/** A professional as the API answers it (the photo's GUID, the job title's name). */
const toProfessional = (p: Awaited<ReturnType<typeof teamRepo.listProfessionals>>[number]) => ({
  id: p.id,
  name: p.name,
  email: p.email,
  login: p.login,
  photoGUID: p.photoGuid ?? null,
  isActive: p.isActive,
  jobTitle: { name: p.jobTitle ?? '' },
});

export async function getTeam(
  db: DB,
  projectId: number,
): Promise<(TeamMember & { isOnePageAllow: boolean })[]> {
  return teamMembers(await teamRepo.teamRows(db, projectId));
}

/**
 * The team's rows as JSON, for a statement that reads a record of the project with its team (the project's id a
 * column of that statement, e.g. `eb.ref('o.projectId')`): map them with `teamMembers`.
 */
export const teamJson = (db: DB, projectId: Expression<number>) =>
  jsonArrayFrom(teamRepo.teamQuery(db, projectId));

/** The team's rows as the API answers them (TeamMember, with isOnePageAllow). */
export function teamMembers(rows: readonly teamRepo.TeamRow[]): (TeamMember & { isOnePageAllow: boolean })[] {
  return rows.map((r) => ({
    id: r.id,
    idProfessional: r.professionalId,
    isManager: r.isManager,
    isPartner: r.isPartner,
    isOnePageAllow: r.isOnePageAllow,
    professional: toProfessional({ ...r, id: r.professionalId }),
  }));
}

const ASSESSED_TITLES = ['intern', 'analyst', 'consultant', 'specialist'];
/** Interns, Analysts, Consultants and Specialists fill the setup assessment (spec 000 §4.2). */
export const mustAssess = (jobTitle: string | null) =>
  !!jobTitle && ASSESSED_TITLES.some((t) => jobTitle.toLowerCase().includes(t));

/** Team members who must fill the setup assessment (not manager, not partner) and have not. */
export async function missingAssessmentNames(db: DB, projectId: number): Promise<string[]> {
  const rows = await teamRepo.membersWithoutAssessment(db, projectId);
  return rows.filter((r) => mustAssess(r.jobTitle)).map((r) => r.name);
}

/** A missing Learning and Development record is version 1 with empty fields (its first write makes version 2). */
export async function getTrainingDevelopment(db: DB, projectId: number): Promise<TrainingDevelopmentRecord> {
  const td = await trainingRepo.findTrainingDevelopment(db, projectId);
  return { tdOportunity: td?.tdOportunity ?? null, text: td?.text ?? null, version: td?.version ?? 1 };
}

/** The project with every field the spec's screens read (000 §3, 001 §3, 002 §3), read in one statement. */
export async function getProject(db: DB, projectId: number): Promise<ProjectDetail> {
  const p = await repo.projectDetailRow(db, projectId);
  if (!p) throw httpError(404, `Project ${projectId} not found`);
  const team = p.team.map((r) => ({
    id: r.id,
    idProfessional: r.professionalId,
    isManager: r.isManager,
    isPartner: r.isPartner,
    isOnePageAllow: r.isOnePageAllow,
    professional: toProfessional({ ...r, id: r.professionalId }),
  }));
  const links = {
    practices: p.projectPractices,
    methodologies: p.projectMethodologies,
    geographics: p.projectGeographics,
    geographicScopes: p.projectGeographicScopes,
    offices: p.projectOffices,
    coManagements: p.projectCoManagements,
  };
  const td = p.trainingDevelopment;
  const missing = p.unassessed.filter((r) => mustAssess(r.jobTitle)).map((r) => r.name);
  const client = p.clientId != null && p.clientName != null ? { id: p.clientId, name: p.clientName } : null;
  const sessions = p.sessions;
  const closeOut = p.closeOut;
  const manager = team.find((t) => t.isManager);
  const partner = team.find((t) => t.isPartner);
  return {
    id: p.id,
    code: p.code,
    name: p.name,
    idStatus: p.idStatus,
    idClient: p.clientId,
    client,
    idDuringType: p.idDuringType,
    endDate: toDateString(p.endDate),
    startDate: toDateString(p.startDate),
    createdAt: toIso(p.createdAt),
    updatedAt: toIso(p.updatedAt),
    closedAt: toIso(p.closedAt),
    whatSalesContext: p.whatSalesContext,
    whyClientNeedHelp: p.whyClientNeedHelp,
    proposalFilename: p.proposalFilename,
    idSupportComanagement: p.idSupportComanagement,
    priority: p.priority,
    internal: p.internal,
    pdcPriority: p.pdcPriority,
    idAllocationStatus: p.idAllocationStatus,
    sendNotification: p.sendNotification,
    version: p.version,
    idPractice: links.practices[0] ?? null,
    idMethodology: links.methodologies[0] ?? null,
    idGeography: links.geographics[0] ?? null,
    idGeographicScope: links.geographicScopes[0] ?? null,
    idOffice: links.offices[0] ?? null,
    idCoMgt: links.coManagements[0] ?? null,
    idSupportCoMgt: p.idSupportComanagement,
    projectManager: manager ? { ...manager.professional, idProfessional: manager.idProfessional } : null,
    projectPartner: partner ? { ...partner.professional, idProfessional: partner.idProfessional } : null,
    projectTeam: team,
    projectPractices: links.practices.map((id) => ({ idPractice: id })),
    projectMethodologies: links.methodologies.map((id) => ({ idMethodology: id })),
    projectGeographics: links.geographics.map((id) => ({ idGeographic: id })),
    projectGeographicScopes: links.geographicScopes.map((id) => ({ idGeographicScope: id })),
    projectOffices: links.offices.map((id) => ({ idOffice: id })),
    projectCoManagements: links.coManagements.map((id) => ({ idCoManagement: id })),
    projectTrainingDevelopment: {
      tdOportunity: td?.tdOportunity ?? null,
      text: td?.text ?? null,
      version: td?.version ?? 1,
    },
    projectSession: sessions,
    missingAssessmentNames: missing.join(', '),
    closeOutComplete: closeOutComplete(closeOut ?? null),
  };
}

export async function statusHistory(db: DB, projectId: number): Promise<StatusHistoryEntry[]> {
  const rows = await repo.statusHistory(db, projectId);
  return rows.map((r) => ({
    id: r.id,
    fromStatus: r.fromStatus,
    toStatus: r.toStatus,
    changedBy: r.name ?? null,
    changedAt: toIso(r.changedAt)!,
  }));
}

/** The project's history (who, when, area, action, subject), newest first; 404 for an unknown project. */
export async function projectChanges(
  db: DB,
  projectId: number,
  page: { take: number; skip: number },
): Promise<ProjectChange[]> {
  await requireProject(db, projectId);
  const rows = await repo.projectChanges(db, projectId, page);
  return rows.map((r) => ({
    id: r.id,
    changedAt: toIso(r.changedAt)!,
    changedBy: r.name ?? null,
    area: r.area,
    action: r.action as ProjectChange['action'], // the column's check constraint
    subject: r.subject,
  }));
}

/**
 * PATCH training-development (one field). `expectedVersion` from If-Match: the write happens only while
 * the record is still at that version; otherwise `changed` is false and `current` is the record as it is.
 */
export async function patchTrainingDevelopment(
  db: DB,
  projectId: number,
  patch: { tdOportunity?: boolean | null; text?: string | null },
  expectedVersion: number | undefined,
): Promise<{ changed: boolean; current: TrainingDevelopmentRecord }> {
  const written = await trainingRepo.writeTrainingDevelopment(db, projectId, patch, expectedVersion);
  if (written)
    return {
      changed: true,
      current: { tdOportunity: written.tdOportunity, text: written.text, version: written.version },
    };
  return { changed: false, current: await getTrainingDevelopment(db, projectId) };
}

/* ---------------------------------------------------------------------------------------------
 * Professionals
 * ------------------------------------------------------------------------------------------- */

export async function getProfessional(db: DB, id: number) {
  const p = await teamRepo.findProfessional(db, id);
  if (!p) throw httpError(404, `Professional ${id} not found`);
  return { ...toProfessional(p), practiceId: p.practiceId };
}

export async function listProfessionals(db: DB) {
  return (await teamRepo.listProfessionals(db)).map(toProfessional);
}
