import type { StakeholderCandidate, StakeholderCreate, StakeholderRecord } from '@domain/contract';
import {
  canReadSessionRecords,
  isTeamProfessional,
  mergeRow,
  sessionWriteRefusal,
  stakeholderNameKey,
  SESSION_RECORDS_DENIED_MESSAGE,
  type ProjectAccess,
} from '@domain/rules';
import type { DB } from '../../db';
import { httpError } from '../../http';
import { toDateString, toIso } from '../../platform/dates';
import { recordChange } from '../../platform/history';
import * as repo from './repo';

/**
 * A session's records (spec 001 §7 "Sessions"): client expectations, deliverables, risks, stakeholders
 * (with the import from the client's past projects) and roles and responsibilities. The routes declare the
 * broadest rule; here: the session belongs to the project in the path and the row to the project (404),
 * the session's kind decides who may write (rules/sessions.ts: setup → canEditSetup; During → the team or
 * Admin / OnePage, 409 once submitted), professionals are the team's (001 §6), every write is recorded in
 * the project's history.
 */

type Rec = Record<string, unknown> & { id: number; version: number };

interface Kind {
  table: repo.RecordTable;
  /** The history's area: the page or tab name. */
  area: string;
  /** The record in a 404 message. */
  noun: string;
  /** Body field → column (camelCase). */
  fields: Record<string, string>;
  /** A body field naming a professional of the team. */
  professionalField?: string;
  /** The professional field's name in a 400 message. */
  professionalLabel?: string;
  /** What the history says was changed. */
  subject(rec: Rec, db: DB): Promise<string> | string;
}

const quoted = (noun: string, text: unknown) => `${noun} "${String(text ?? '').slice(0, 200)}"`;
const professionalName = async (db: DB, id: unknown) =>
  typeof id === 'number'
    ? ((await db.selectFrom('professionals').select('name').where('id', '=', id).executeTakeFirst())?.name ??
      `#${id}`)
    : 'nobody';

export const KINDS = {
  expectations: {
    table: 'sessionExpectations',
    area: 'Client Expectations',
    noun: 'Client expectation',
    fields: { stakeholder: 'stakeholder', expectation: 'expectation', observation: 'observation' },
    subject: (r) => quoted('Client expectation', r.expectation),
  },
  deliverables: {
    table: 'sessionDeliverables',
    area: 'Deliverables',
    noun: 'Deliverable',
    fields: { deliverable: 'deliverable', detail: 'detail' },
    subject: (r) => quoted('Deliverable', r.deliverable),
  },
  risks: {
    table: 'sessionRisks',
    area: 'Risks',
    noun: 'Risk',
    fields: { risk: 'risk', riskStatus: 'riskStatus', observation: 'observation' },
    subject: (r) => quoted('Risk', r.risk),
  },
  rar: {
    table: 'sessionRars',
    area: 'Roles and Responsibilities',
    noun: 'Role and responsibility',
    fields: {
      idProfessional: 'professionalId',
      rarSupportingPoint: 'rarSupportingPoint',
      rarTechnicalRole: 'rarTechnicalRole',
      rarNonTechnicalRole: 'rarNonTechnicalRole',
    },
    professionalField: 'idProfessional',
    professionalLabel: 'The professional',
    subject: async (r, db) => `Roles and responsibilities of ${await professionalName(db, r.idProfessional)}`,
  },
  stakeholders: {
    table: 'sessionStakeholders',
    area: 'Stakeholders',
    noun: 'Stakeholder',
    fields: {
      name: 'name',
      idProfessionalResponsible: 'professionalResponsibleId',
      position: 'position',
      birthday: 'birthday',
      language: 'language',
      currentStatus: 'currentStatus',
      actionPlan: 'actionPlan',
    },
    professionalField: 'idProfessionalResponsible',
    professionalLabel: 'The responsible professional',
    subject: (r) => quoted('Stakeholder', r.name),
  },
} satisfies Record<string, Kind>;
export type KindName = keyof typeof KINDS;

/** A stored row as answered: the body's fields, the session and the version. */
function toRecord(kind: Kind, row: repo.StoredRow): Rec {
  const rec: Rec = { id: row.id, idSession: row.sessionId, version: row.version };
  for (const [field, column] of Object.entries(kind.fields)) rec[field] = row[column] ?? null;
  if (kind.table === 'sessionStakeholders') {
    rec.birthday = toDateString(row.birthday);
    rec.createAt = toIso(row.createdAt);
  }
  return rec;
}

/** The columns of a body (fields absent from it are left out). */
function toValues(kind: Kind, body: Record<string, unknown>) {
  const values: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(kind.fields))
    if (body[field] !== undefined) values[column] = body[field];
  if (typeof values.name === 'string') values.name = values.name.trim();
  return values;
}

/** The session of the path, which must be the project's (else 404). */
async function sessionOf(db: DB, projectId: number, sessionId: number) {
  const session = await repo.findSession(db, sessionId);
  if (!session || session.projectId !== projectId)
    throw httpError(404, `Session ${sessionId} not found in project ${projectId}`);
  return session;
}

const kindOf = (s: repo.SessionRow) => ({ isSetup: s.isSetup, submittedAt: s.submittedAt });

function assertRead(access: ProjectAccess, session: repo.SessionRow) {
  if (!canReadSessionRecords(access.user, access.team, kindOf(session)))
    throw httpError(403, SESSION_RECORDS_DENIED_MESSAGE);
}

function assertWrite(access: ProjectAccess, session: repo.SessionRow) {
  const refusal = sessionWriteRefusal(access.user, access.team, access.project.idStatus, kindOf(session));
  if (refusal) throw httpError(refusal.status, refusal.message);
}

/** A professional named by the body must be on the project's team (001 §6: lookups are the team's). */
function assertTeam(kind: Kind, access: ProjectAccess, body: Record<string, unknown>) {
  if (!kind.professionalField) return;
  const id = body[kind.professionalField];
  if (id !== undefined && !isTeamProfessional(access.team, id as number | null))
    throw httpError(400, `Invalid request: ${kind.professionalLabel} must be a member of the project team`);
}

/** The row of the path, which must be the project's (else 404), with its session. */
async function rowOf(db: DB, kind: Kind, projectId: number, id: number) {
  const row = await repo.findRow(db, kind.table, id);
  if (!row || row.projectId !== projectId)
    throw httpError(404, `${kind.noun} ${id} not found in project ${projectId}`);
  return { row, session: await sessionOf(db, projectId, row.sessionId) };
}

export async function list(db: DB, name: KindName, access: ProjectAccess, sessionId: number) {
  const kind: Kind = KINDS[name];
  const session = await sessionOf(db, access.project.id, sessionId);
  assertRead(access, session);
  return (await repo.listRows(db, kind.table, sessionId)).map((r) => toRecord(kind, r));
}

export async function create(
  db: DB,
  name: KindName,
  access: ProjectAccess,
  sessionId: number,
  body: Record<string, unknown>,
  opts: { imported?: boolean } = {},
) {
  const kind: Kind = KINDS[name];
  const projectId = access.project.id;
  const session = await sessionOf(db, projectId, sessionId);
  assertWrite(access, session);
  assertTeam(kind, access, body);
  return db.transaction().execute(async (trx) => {
    const row = await repo.insertRow(trx, kind.table, { projectId, sessionId }, toValues(kind, body));
    const rec = toRecord(kind, row);
    await recordChange(trx, {
      projectId,
      by: access.user.professionalId,
      area: kind.area,
      action: opts.imported ? 'imported' : 'added',
      subject: await kind.subject(rec, trx),
    });
    return rec;
  });
}

/** PUT: the stored row merged with the (partial) change (001 §5 "Grid edits merge the unchanged fields"). */
export async function update(
  db: DB,
  name: KindName,
  access: ProjectAccess,
  id: number,
  change: Record<string, unknown>,
  expectedVersion: number | undefined,
) {
  const kind: Kind = KINDS[name];
  const projectId = access.project.id;
  const { row, session } = await rowOf(db, kind, projectId, id);
  assertWrite(access, session);
  assertTeam(kind, access, change);
  const merged = mergeRow(toRecord(kind, row), change);
  return db.transaction().execute(async (trx) => {
    const changed = await repo.updateRow(trx, kind.table, id, toValues(kind, merged), expectedVersion);
    const current = toRecord(kind, (await repo.findRow(trx, kind.table, id))!);
    if (changed)
      await recordChange(trx, {
        projectId,
        by: access.user.professionalId,
        area: kind.area,
        action: 'changed',
        subject: await kind.subject(current, trx),
      });
    return { changed, current };
  });
}

export async function remove(
  db: DB,
  name: KindName,
  access: ProjectAccess,
  id: number,
  expectedVersion: number | undefined,
) {
  const kind: Kind = KINDS[name];
  const projectId = access.project.id;
  const { row, session } = await rowOf(db, kind, projectId, id);
  assertWrite(access, session);
  const rec = toRecord(kind, row);
  if (expectedVersion !== undefined && row.version !== expectedVersion)
    return { removed: false, current: rec };
  await db.transaction().execute(async (trx) => {
    await repo.deleteRow(trx, kind.table, id);
    await recordChange(trx, {
      projectId,
      by: access.user.professionalId,
      area: kind.area,
      action: 'removed',
      subject: await kind.subject(rec, trx),
    });
  });
  return { removed: true, current: rec };
}

/** POST of a stakeholder: the grid's body or one import selection (then recorded as 'imported'). */
export const createStakeholder = async (
  db: DB,
  access: ProjectAccess,
  sessionId: number,
  { imported, ...body }: StakeholderCreate,
) =>
  (await create(db, 'stakeholders', access, sessionId, body, { imported })) as unknown as StakeholderRecord;

/**
 * The import candidates (001 §2 Setup Stakeholders): stakeholders of the client's other projects whose name
 * (trimmed, case- and accent-insensitive) is not in this session yet, one per name (the newest), by name.
 * Asked by those who may import (the session's write rule). A responsible professional who is not on this
 * project's team is left out (null), so the import is accepted (001 §6: professionals are the team's).
 */
export async function candidates(
  db: DB,
  access: ProjectAccess,
  sessionId: number,
): Promise<StakeholderCandidate[]> {
  const kind: Kind = KINDS.stakeholders;
  const session = await sessionOf(db, access.project.id, sessionId);
  assertWrite(access, session);
  const present = new Set(
    (await repo.listRows(db, kind.table, sessionId)).map((r) => stakeholderNameKey(String(r.name))),
  );
  const byName = new Map<string, StakeholderCandidate>();
  for (const r of await repo.clientStakeholders(db, access.project.id)) {
    const key = stakeholderNameKey(r.name);
    if (!key || present.has(key) || byName.has(key)) continue;
    const rec = toRecord(kind, r as unknown as repo.StoredRow) as unknown as StakeholderCandidate;
    if (!isTeamProfessional(access.team, rec.idProfessionalResponsible)) rec.idProfessionalResponsible = null;
    byName.set(key, { ...rec, name: r.name.trim(), projectCode: r.projectCode, projectName: r.projectName });
  }
  return [...byName.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, c]) => c);
}
