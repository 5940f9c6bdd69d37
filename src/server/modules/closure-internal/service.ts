import type { Readable } from 'node:stream';
import type { z } from 'zod';
import {
  REFERENCE_TOPICS,
  type ClosureInternalFormPatchBody,
  type ClosureInternalPatch,
  type ClosureInternalRecord,
} from '@domain/contract';
import {
  CLOSE_OUT_LABELS,
  EXCLUDED_METHODOLOGY_IDS,
  isSelectableMethodology,
  isTeamProfessional,
  type ProjectAccess,
} from '@domain/rules';
import type { FileStore } from '../../adapters/files';
import type { DB } from '../../db';
import { httpError } from '../../http';
import { newFileKey } from '../../platform/files';
import { callerChange, recordChange } from '../../platform/history';
import * as repo from './repo';
import { deleteStoredFile, findStoredFile, insertStoredFile } from '../../platform/stored-files';
import { projectHeader } from '../projects/service';

/**
 * Closure Internal (spec 002 §2.6, §3, §4, §5, §7 "Closure internal"): the record with its four checklist items
 * (person responsible and status, saved one field at a time), the close-out form (one field at a time: project
 * info, methodology, summary, references, sustainability; technology items read only) and its three files
 * (sanitized references, CRM file, complete case). Writes are recorded in the project's history (area
 * 'Closure Internal').
 */

export interface ClosureInternalDeps {
  db: DB;
  files: FileStore;
  /** Where a failed clean-up of replaced bytes is reported (the write itself has succeeded). */
  log?: { warn(obj: object, msg: string): void };
}

const AREA = 'Closure Internal';
export const PERSON_NOT_IN_TEAM = 'The person responsible must be a member of the project team';
export const NO_FILE = 'There is no file yet.';
export const END_BEFORE_START = 'The end date cannot be earlier than the start date';
export const INVALID_DATE = 'Invalid request: a date is not valid';
export const PDF = 'application/pdf';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Answer = ClosureInternalRecord['references'][(typeof REFERENCE_TOPICS)[number]];
const EMPTY_ANSWER: Answer = { Select: null, Contact: null, Comment: null };

/** The stored answers (jsonb), every topic present (unanswered ones all null). */
function referencesOf(stored: unknown): ClosureInternalRecord['references'] {
  const src = (stored && typeof stored === 'object' ? stored : {}) as Record<string, Partial<Answer>>;
  return Object.fromEntries(
    REFERENCE_TOPICS.map((t) => [t, { ...EMPTY_ANSWER, ...(src[t] ?? {}) }]),
  ) as ClosureInternalRecord['references'];
}

/** The record as the API answers it (002 §3). */
export function toRecord(r: repo.ClosureRow): ClosureInternalRecord {
  return {
    formIDPersonResponsible: r.formPersonResponsibleId,
    formStatus: r.formStatus,
    sanitizedReferenceIDPersonResponsible: r.sanitizedReferencePersonResponsibleId,
    sanitizedReferenceStatus: r.sanitizedReferenceStatus,
    projectNetworkIDPersonResponsible: r.projectNetworkPersonResponsibleId,
    projectNetworkStatus: r.projectNetworkStatus,
    crmidPersonResponsible: r.crmPersonResponsibleId,
    crmStatus: r.crmStatus,
    sanitizedReferenceAttach: r.sanitizedReferenceAttach,
    crmAttach: r.crmAttach,
    formCompleteCaseAttach: r.formCompleteCaseAttach,
    closureProjectName: r.closureProjectName,
    formProjectStartDate: r.formProjectStartDate,
    formProjectEndDate: r.formProjectEndDate,
    formResponsiblePartner: r.formResponsiblePartner,
    formProjectManager: r.formProjectManager,
    formOffice: r.formOffice,
    formGeography: r.formGeography,
    formGeographyScope: r.formGeographyScope,
    formPractice: r.formPractice,
    formMethodology: r.formMethodology,
    formMiniCaseComment: r.formMiniCaseComment,
    formResultAchievedQualitative: r.formResultAchievedQualitative,
    formResultAchievedQuantitative: r.formResultAchievedQuantitative,
    references: referencesOf(r.referencesAnswers),
    formTechnologyMethodologyWasOutdated: r.formTechnologyMethodologyWasOutdated,
    formTechnologyUseGapSelect: r.formTechnologyUseGapSelect,
    formTechnologyUseGapComment: r.formTechnologyUseGapComment,
    formTechnologyBetterDeliveryComment: r.formTechnologyBetterDeliveryComment,
    formSomeTypeOfTechnologySelect: r.formSomeTypeOfTechnologySelect,
    formSomeTypeOfTechnologyComment: r.formSomeTypeOfTechnologyComment,
    formPartneredWithAnyTechCompanySelect: r.formPartneredWithAnyTechCompanySelect,
    formPartneredWithAnyTechCompanyComment: r.formPartneredWithAnyTechCompanyComment,
    formIdentifyNewTypeTechnologyDuringProjectSelect: r.formIdentifyNewTypeTechnologyDuringProjectSelect,
    formIdentifyNewTypeTechnologyDuringProjectComment: r.formIdentifyNewTypeTechnologyDuringProjectComment,
    formClientLeveragingOnNewTechnologySelect: r.formClientLeveragingOnNewTechnologySelect,
    formTopicOfSustainabilityTouchedSelect: r.formTopicOfSustainabilityTouchedSelect,
    formTopicOfSustainabilityTouchedComment: r.formTopicOfSustainabilityTouchedComment,
    formClientFocusedOnSustainabilitySelect: r.formClientFocusedOnSustainabilitySelect,
    formClientFocusedOnSustainabilityComment: r.formClientFocusedOnSustainabilityComment,
    version: r.version,
  };
}

/** GET: the record, created with its defaults when the project has none yet. */
export async function get(db: DB, projectId: number) {
  return toRecord(await repo.closure.ensure(db, projectId));
}

/**
 * Writes `values` on the record in one transaction (If-Match: unchanged and 412 when stale), recording
 * `subject` in the history when it changed.
 */
async function write(
  db: DB,
  access: ProjectAccess,
  values: (rec: repo.ClosureRow) => repo.ClosureValues,
  subject: string,
  expectedVersion?: number,
) {
  const projectId = access.project.id;
  return db.transaction().execute(async (trx) => {
    const rec = await repo.closure.ensure(trx, projectId, true);
    const changed = await repo.closure.update(trx, projectId, values(rec), expectedVersion);
    const current = toRecord((await repo.closure.find(trx, projectId))!);
    if (changed) await recordChange(trx, callerChange(access, AREA, 'changed', subject));
    return { changed, current };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The four checklist items (002 §2.6: person responsible and status; §4 saved at once; §6 team only)

type PatchBody = z.infer<typeof ClosureInternalPatch>;
type PatchField = keyof PatchBody;

const TABS = {
  form: 'Close-out',
  sanitizedReference: 'Sanitized References',
  projectNetwork: 'Project Network',
  crm: 'CRM',
} as const;
/** PATCH field → column and what the history calls it (the tab of 002 §2.6). */
const PATCH_FIELDS: Record<PatchField, { column: keyof repo.ClosureValues; label: string; person?: true }> = {
  formIDPersonResponsible: {
    column: 'formPersonResponsibleId',
    label: `${TABS.form}: person responsible`,
    person: true,
  },
  formStatus: { column: 'formStatus', label: `${TABS.form}: status` },
  sanitizedReferenceIDPersonResponsible: {
    column: 'sanitizedReferencePersonResponsibleId',
    label: `${TABS.sanitizedReference}: person responsible`,
    person: true,
  },
  sanitizedReferenceStatus: {
    column: 'sanitizedReferenceStatus',
    label: `${TABS.sanitizedReference}: status`,
  },
  projectNetworkIDPersonResponsible: {
    column: 'projectNetworkPersonResponsibleId',
    label: `${TABS.projectNetwork}: person responsible`,
    person: true,
  },
  projectNetworkStatus: { column: 'projectNetworkStatus', label: `${TABS.projectNetwork}: status` },
  crmidPersonResponsible: {
    column: 'crmPersonResponsibleId',
    label: `${TABS.crm}: person responsible`,
    person: true,
  },
  crmStatus: { column: 'crmStatus', label: `${TABS.crm}: status` },
};

/** PATCH one checklist field; a person responsible must be on the project's team (002 §6) — 400 otherwise. */
export async function patch(db: DB, access: ProjectAccess, body: PatchBody, expectedVersion?: number) {
  const [field, value] = Object.entries(body)[0] as [PatchField, unknown];
  const def = PATCH_FIELDS[field];
  if (def.person && !isTeamProfessional(access.team, value as number | null))
    throw httpError(400, PERSON_NOT_IN_TEAM);
  return write(db, access, () => ({ [def.column]: value }), def.label, expectedVersion);
}

// ---------------------------------------------------------------------------------------------------------------
// The close-out form (002 §2.6 Close-out, References, Sustainability sub-tabs; §5 summary and methodologies)

type FormBody = ClosureInternalFormPatchBody;
type FormField = keyof FormBody;

/** What the history calls each form field (the labels of 002 §2.6). */
const FORM_LABELS: Record<Exclude<FormField, 'references'>, string> = {
  ...(({ formCompleteCaseAttach: _case, ...fields }) => fields)(CLOSE_OUT_LABELS),
  formGeographyScope: 'Geographic scope',
  formPractice: 'Practice',
  formResultAchievedQualitative: 'Results achieved (qualitative)',
  formResultAchievedQuantitative: 'Results achieved (quantitative)',
  formTopicOfSustainabilityTouchedSelect: 'Sustainability: topic touched',
  formTopicOfSustainabilityTouchedComment: 'Sustainability: topic touched, comment',
  formClientFocusedOnSustainabilitySelect: 'Sustainability: client focused on sustainability',
  formClientFocusedOnSustainabilityComment: 'Sustainability: client focused on sustainability, comment',
};

/** A real calendar day 'YYYY-MM-DD' (the contract checks the shape; 2026-02-30 is refused here). */
function assertDay(value: string | null | undefined) {
  if (!value) return;
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) throw httpError(400, INVALID_DATE);
}

/**
 * The methodology ids as stored (comma-joined, each once, in the order chosen); unknown ids → 400; the
 * excluded ids of 002 §5 and "No Methodology" → 400; an empty choice → null.
 */
async function methodologyValue(db: DB, value: readonly number[] | string | null) {
  if (value === null) return null;
  const ids = [
    ...new Set(
      (typeof value === 'string' ? value.split(',').map((s) => s.trim()) : value.map(String))
        .filter(Boolean)
        .map(Number),
    ),
  ];
  if (ids.length === 0) return null;
  const excluded = ids.filter((id) => (EXCLUDED_METHODOLOGY_IDS as readonly number[]).includes(id));
  if (excluded.length)
    throw httpError(400, `Methodology ${excluded.join(', ')} cannot be chosen for the close-out form`);
  const found = new Map((await repo.methodologies(db, ids)).map((m) => [m.id, m.name]));
  const unknown = ids.filter((id) => !found.has(id));
  if (unknown.length) throw httpError(400, `Methodology ${unknown.join(', ')} does not exist`);
  const refused = ids.filter((id) => !isSelectableMethodology(id, found.get(id)));
  if (refused.length)
    throw httpError(400, `Methodology ${refused.join(', ')} cannot be chosen for the close-out form`);
  return ids.join(',');
}

/**
 * PATCH …/form: one close-out form field (002 §2.6). Partner, manager and reference contacts are team members
 * (002 §6); dates are real days and the end is not before the start; methodologies as above; the summary is at
 * most 500 characters (the contract: 'Project summary: 500 characters maximum'); a reference topic merges the
 * parts sent (Select, Contact, Comment) into its stored answer.
 */
export async function patchForm(db: DB, access: ProjectAccess, body: FormBody, expectedVersion?: number) {
  const [field, raw] = Object.entries(body)[0] as [FormField, unknown];
  if (field === 'references') {
    const [topic, parts] = Object.entries(raw as NonNullable<FormBody['references']>)[0]!;
    if (parts && 'Contact' in parts && !isTeamProfessional(access.team, parts.Contact ?? null))
      throw httpError(400, PERSON_NOT_IN_TEAM);
    return write(
      db,
      access,
      (rec) => {
        const all = referencesOf(rec.referencesAnswers);
        all[topic as keyof typeof all] = { ...all[topic as keyof typeof all], ...parts };
        return { referencesAnswers: JSON.stringify(all) };
      },
      `References: ${topic}`,
      expectedVersion,
    );
  }
  let value = raw;
  if (
    (field === 'formResponsiblePartner' || field === 'formProjectManager') &&
    !isTeamProfessional(access.team, raw as number | null)
  )
    throw httpError(400, PERSON_NOT_IN_TEAM);
  if (field === 'formMethodology')
    value = await methodologyValue(db, raw as readonly number[] | string | null);
  if (typeof value === 'string' && field !== 'formMethodology' && value.trim() === '') value = null;
  if (field === 'formProjectStartDate' || field === 'formProjectEndDate') assertDay(value as string | null);
  return write(
    db,
    access,
    (rec) => {
      const start = field === 'formProjectStartDate' ? (value as string | null) : rec.formProjectStartDate;
      const end = field === 'formProjectEndDate' ? (value as string | null) : rec.formProjectEndDate;
      if (start && end && end < start) throw httpError(400, END_BEFORE_START);
      return { [field]: value };
    },
    FORM_LABELS[field],
    expectedVersion,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Files (002 §7: POST multipart `file`, GET as a blob named by x-file-name)

export type FileKind = 'sanitized-references' | 'crm' | 'complete-case';
export const FILE_KINDS: Record<
  FileKind,
  { key: keyof repo.ClosureValues & `${string}FileKey`; name: keyof repo.ClosureValues; label: string }
> = {
  'sanitized-references': {
    key: 'sanitizedReferenceFileKey',
    name: 'sanitizedReferenceAttach',
    label: 'Sanitized references file',
  },
  crm: { key: 'crmFileKey', name: 'crmAttach', label: 'CRM file' },
  'complete-case': {
    key: 'formCompleteCaseFileKey',
    name: 'formCompleteCaseAttach',
    label: 'Complete case file',
  },
};

export interface Upload {
  buffer: Buffer;
  fileName: string;
  contentType: string;
}

/** Deletes bytes whose rows are gone (after the commit); a failure is only logged. */
async function deleteBytes(deps: ClosureInternalDeps, keys: readonly string[]) {
  for (const key of keys)
    await deps.files.delete(key).catch((err: unknown) => {
      deps.log?.warn({ err, key }, 'closure internal: a replaced file could not be deleted');
    });
}

/**
 * POST a file: stored through the file store with its stored_files row; the record keeps its key and the
 * person's file name (sanitizedReferenceAttach, crmAttach, formCompleteCaseAttach); the file it replaces is
 * forgotten and its bytes deleted after the commit.
 */
export async function upload(deps: ClosureInternalDeps, access: ProjectAccess, kind: FileKind, file: Upload) {
  const def = FILE_KINDS[kind];
  const projectId = access.project.id;
  const key = newFileKey(`projects/${projectId}/closure-internal/${kind}`);
  let replaced: string | null = null;
  try {
    const { size } = await deps.files.put(key, file.buffer, {
      contentType: file.contentType,
      fileName: file.fileName,
    });
    const current = await deps.db.transaction().execute(async (trx) => {
      const rec = await repo.closure.ensure(trx, projectId, true);
      await insertStoredFile(trx, {
        key,
        fileName: file.fileName,
        contentType: file.contentType,
        size,
        createdBy: access.user.professionalId,
      });
      await repo.closure.update(trx, projectId, { [def.key]: key, [def.name]: file.fileName });
      replaced = rec[def.key];
      if (replaced) await deleteStoredFile(trx, replaced);
      await recordChange(trx, callerChange(access, AREA, 'uploaded', `${def.label} ${file.fileName}`));
      return toRecord((await repo.closure.find(trx, projectId))!);
    });
    if (replaced) await deleteBytes(deps, [replaced]);
    return current;
  } catch (e) {
    await deleteBytes(deps, [key]);
    throw e;
  }
}

/** GET a file: its bytes, the name the person gave it and its type; 404 'There is no file yet.' otherwise. */
export async function openFile(
  deps: Pick<ClosureInternalDeps, 'db' | 'files'>,
  projectId: number,
  kind: FileKind,
): Promise<{ stream: Readable; fileName: string; contentType: string; size: number }> {
  const def = FILE_KINDS[kind];
  const rec = await repo.closure.find(deps.db, projectId);
  const key = rec?.[def.key];
  if (!rec || !key) throw httpError(404, NO_FILE);
  const [row, file] = await Promise.all([findStoredFile(deps.db, key), deps.files.get(key)]);
  if (!file) throw httpError(404, NO_FILE);
  return {
    stream: file.stream,
    fileName: (rec[def.name] as string | null) ?? row?.fileName ?? file.fileName,
    contentType: row?.contentType ?? file.contentType,
    size: file.size,
  };
}

/** The project for the generated templates; 404 when it does not exist. */
export async function templateProject(db: DB, projectId: number) {
  const project = await projectHeader(db, projectId);
  if (!project) throw httpError(404, `Project ${projectId} not found`);
  return project;
}

/** The project's portal stakeholders (002 §3), which prefill the CRM template. */
export const portalStakeholders = (db: DB, projectId: number) => repo.portalStakeholders(db, projectId);
