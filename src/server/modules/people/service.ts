import type {
  PeopleChoices,
  PeopleHistoryEntry,
  PeoplePage,
  PersonCreate,
  PersonPatch,
  PersonRecord,
  ProvisionedGroup,
  Provisioning,
  ProvisioningToken,
  ProvisioningTokenCreated,
} from '@domain/contract/people';
import { foldName } from '@domain/rules/names';
import {
  activeToggleProblem,
  loginOfEmail,
  normaliseScopes,
  ownedFields,
  PERSON_SOURCES,
  PROVISIONED_FIELD_LABELS,
  PROVISIONED_HINT,
  PROVISIONING_REQUESTS_SHOWN,
  provisionedFieldChanged,
  scopesChangeSummary,
  type PersonSource,
} from '@domain/rules/people';
import type { DB } from '../../db';
import { httpError } from '../../http';
import { updateVersioned, type VersionedValues } from '../../platform/versioned-update';
import type { VersionedResult } from '../../platform/versions';
import { assertAnAdminRemains, lockAdmins, recomputeScopes, recordPeopleChange } from './directory.service';
import * as repo from './repo';
import { hashToken, newToken } from './tokens';

/**
 * Admin › People: every professional and the portal's own fields of each, the scopes granted by hand, people added
 * by hand, deactivation, and Microsoft Entra ID provisioning (the groups' scopes, tokens, the last requests). Every
 * change is one transaction, recorded in the people history with source 'manual' and the administrator's name; a
 * change that could leave no active Admin holds the administrators' lock and is refused (409) when it would.
 */

export interface PeopleDeps {
  db: DB;
  /** Drops this replica's cache of who is active with which scopes (the others follow within 30 s). */
  forgetDirectoryCache: () => void;
  publicUrl: string;
}

export interface Actor {
  professionalId: number;
  userName: string;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null | undefined) => (d == null ? null : iso(d));
const asSource = (s: string) => (PERSON_SOURCES.includes(s as PersonSource) ? (s as PersonSource) : 'manual');
const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x)) && b.every((x) => a.includes(x));

type Row = Awaited<ReturnType<typeof repo.listPeople>>['rows'][number];
const toRow = (r: Row) => ({
  id: r.id,
  name: r.name,
  email: r.email,
  login: r.login,
  jobTitle: r.jobTitle,
  photoGUID: r.photoGuid,
  scopes: r.scopes,
  source: asSource(r.source),
  isActive: r.isActive,
  provisioned: r.scimId !== null,
});

/** One page of people of the search and filters. */
export async function listPeople(
  db: DB,
  q: {
    search?: string;
    status: 'active' | 'inactive' | 'all';
    source?: string;
    page: number;
    pageSize: number;
  },
): Promise<PeoplePage> {
  const { rows, total } = await repo.listPeople(db, q, q.page, q.pageSize);
  return { items: rows.map(toRow), total, page: q.page, pageSize: q.pageSize };
}

/** The person's page, or undefined. */
async function readPerson(db: DB, id: number): Promise<PersonRecord | undefined> {
  const row = await repo.findPerson(db, id);
  if (!row) return undefined;
  const groups = await repo.groupsOf(db, id);
  return {
    ...toRow(row),
    externalId: row.externalId,
    department: row.department,
    employeeNumber: row.employeeNumber,
    manager: row.managerId !== null && row.managerName ? { id: row.managerId, name: row.managerName } : null,
    practiceId: row.practiceId,
    officeId: row.officeId,
    positionId: row.positionId,
    comanagementId: row.comanagementId,
    practiceName: row.practiceName,
    officeName: row.officeName,
    positionName: row.positionName,
    comanagementName: row.comanagementName,
    businessUnits: row.businessUnits,
    manualScopes: row.manualScopes,
    tokenScopes: row.tokenScopes,
    groups,
    ownedFields: ownedFields(row),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    version: row.version,
  };
}

/** The person's page (404 when there is none). */
export async function getPerson(db: DB, id: number): Promise<PersonRecord> {
  const person = await readPerson(db, id);
  if (!person) throw httpError(404, 'Person not found');
  return person;
}

const REFS = [
  ['practiceId', 'practices', 'practice'],
  ['officeId', 'offices', 'office'],
  ['positionId', 'positions', 'position'],
  ['comanagementId', 'comanagements', 'co-management'],
] as const;
type RefKey = (typeof REFS)[number][0];

/** 400 unless the item a field newly takes is active (a person keeps an item that was deactivated since). */
async function assertActiveRef(db: DB, key: RefKey, id: number | null) {
  const ref = REFS.find((r) => r[0] === key)!;
  if (id !== null && !(await repo.isActiveItem(db, ref[1], id)))
    throw httpError(400, `Invalid request: ${key}: the ${ref[2]} ${id} does not exist or is deactivated`);
}

/**
 * The business units as stored: the ones the person holds stay as they are; a new one must be an active business
 * unit (matched by its folded name, stored as the list spells it); each once.
 */
async function resolveBusinessUnits(db: DB, held: readonly string[], wanted: readonly string[]) {
  const heldByFold = new Map(held.map((u) => [foldName(u), u]));
  const fresh = [...new Set(wanted.map(foldName))].filter((f) => !heldByFold.has(f));
  const found = new Map((await repo.activeBusinessUnits(db, fresh)).map((u) => [u.folded, u.name]));
  const unknown = wanted.find((w) => !heldByFold.has(foldName(w)) && !found.has(foldName(w)));
  if (unknown !== undefined)
    throw httpError(400, `Invalid request: businessUnits: "${unknown}" is not an active business unit`);
  const out: string[] = [];
  for (const w of wanted) {
    const name = heldByFold.get(foldName(w)) ?? found.get(foldName(w))!;
    if (!out.includes(name)) out.push(name);
  }
  return out;
}

const FIELD_LABELS: Record<string, string> = {
  name: 'name',
  email: 'e-mail',
  jobTitle: 'job title',
  practiceId: 'practice',
  officeId: 'office',
  positionId: 'position',
  comanagementId: 'co-management',
  businessUnits: 'business units',
};

function summaryOf(
  changes: Record<string, [unknown, unknown]>,
  scopesBefore: string[],
  scopesAfter: string[],
) {
  const fields = Object.keys(changes)
    .filter((k) => k !== 'manualScopes')
    .map((k) => FIELD_LABELS[k] ?? k);
  const parts = [
    fields.length ? `Changed ${fields.join(', ')}` : '',
    scopesChangeSummary(scopesBefore, scopesAfter),
  ];
  return parts.filter(Boolean).join('; ') || 'Scopes granted by hand changed';
}

/**
 * Changes a person's fields (`expected`: If-Match). The portal's own fields always; name, e-mail and job title only
 * while provisioning does not hold the person (409). Scopes granted by hand are recomputed into the effective ones;
 * removing the last active Admin's is refused (409, nothing written).
 */
export async function updatePerson(
  deps: PeopleDeps,
  actor: Actor,
  id: number,
  patch: PersonPatch,
  expected: number | undefined,
): Promise<VersionedResult<PersonRecord>> {
  const written = await deps.db.transaction().execute(async (trx) => {
    if (patch.manualScopes !== undefined) await lockAdmins(trx);
    const row = await repo.findPerson(trx, id, true);
    if (!row) throw httpError(404, 'Person not found');
    if (expected !== undefined && expected !== row.version) return false;
    const jobTitle = patch.jobTitle === undefined ? undefined : patch.jobTitle || null;
    const owned = provisionedFieldChanged(row, { ...patch, jobTitle });
    if (owned)
      throw httpError(
        409,
        `${PROVISIONED_FIELD_LABELS[owned]}: ${PROVISIONED_HINT}; change it in Microsoft Entra ID`,
      );
    const values: VersionedValues<'professionals'> = {};
    const changes: Record<string, [unknown, unknown]> = {};
    const set = <K extends keyof VersionedValues<'professionals'>>(
      key: K,
      before: unknown,
      after: VersionedValues<'professionals'>[K],
    ) => {
      if (JSON.stringify(before) === JSON.stringify(after)) return;
      values[key] = after;
      changes[key] = [before, after];
    };
    if (patch.name !== undefined) set('name', row.name, patch.name);
    if (patch.email !== undefined) set('email', row.email, patch.email);
    if (jobTitle !== undefined) set('jobTitle', row.jobTitle, jobTitle);
    for (const [key] of REFS) {
      const next = patch[key];
      if (next === undefined || next === row[key]) continue;
      await assertActiveRef(trx, key, next);
      set(key, row[key], next);
    }
    if (patch.businessUnits !== undefined)
      set(
        'businessUnits',
        row.businessUnits,
        await resolveBusinessUnits(trx, row.businessUnits, patch.businessUnits),
      );
    if (patch.manualScopes !== undefined) {
      const next = normaliseScopes(patch.manualScopes);
      if (!sameSet(next, row.manualScopes)) set('manualScopes', row.manualScopes, next);
    }
    if (Object.keys(changes).length === 0) return true;
    if (values.email !== undefined && (await repo.findClash(trx, values.email, undefined, id)))
      throw httpError(409, 'Another person already has this e-mail');
    await updateVersioned(trx, 'professionals', { id }, values);
    let scopesAfter = row.scopes;
    if (values.manualScopes !== undefined) {
      await recomputeScopes(trx, [id]);
      await assertAnAdminRemains(trx, 'Removing this Admin scope');
      scopesAfter = (await repo.scopesOf(trx, [id])).get(id) ?? [];
    }
    await recordPeopleChange(trx, {
      professionalId: id,
      source: 'manual',
      actor: actor.userName,
      actorId: actor.professionalId,
      summary: summaryOf(changes, row.scopes, scopesAfter),
      changes,
    });
    return true;
  });
  if (written) deps.forgetDirectoryCache();
  return { changed: written, current: await getPerson(deps.db, id) };
}

/** Adds a person by hand (source manual): 409 when the e-mail or the login exists (case ignored). */
export async function createPerson(
  deps: PeopleDeps,
  actor: Actor,
  body: PersonCreate,
): Promise<PersonRecord> {
  const login = body.login ?? loginOfEmail(body.email);
  const id = await deps.db.transaction().execute(async (trx) => {
    const clash = await repo.findClash(trx, body.email, login);
    if (clash)
      throw httpError(
        409,
        clash.email.toLowerCase() === body.email.toLowerCase()
          ? 'A person with this e-mail already exists'
          : `A person with the login ${login} already exists`,
      );
    for (const [key] of REFS) await assertActiveRef(trx, key, body[key] ?? null);
    const businessUnits = await resolveBusinessUnits(trx, [], body.businessUnits ?? []);
    const manualScopes = normaliseScopes(body.manualScopes ?? []);
    const row = await trx
      .insertInto('professionals')
      .values({
        name: body.name,
        email: body.email,
        login,
        jobTitle: body.jobTitle || null,
        practiceId: body.practiceId ?? null,
        officeId: body.officeId ?? null,
        positionId: body.positionId ?? null,
        comanagementId: body.comanagementId ?? null,
        businessUnits,
        manualScopes,
        scopes: manualScopes,
        source: 'manual',
        isActive: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordPeopleChange(trx, {
      professionalId: row.id,
      source: 'manual',
      actor: actor.userName,
      actorId: actor.professionalId,
      summary: ['Added by hand', scopesChangeSummary([], manualScopes)].filter(Boolean).join('; '),
    });
    return row.id;
  });
  deps.forgetDirectoryCache();
  return getPerson(deps.db, id);
}

/**
 * Deactivates or reactivates a person provisioning does not hold (409 for one it holds: Entra ID decides; 409 when
 * no active Admin would remain). Already so: nothing written.
 */
export async function setActive(
  deps: PeopleDeps,
  actor: Actor,
  id: number,
  active: boolean,
  expected: number | undefined,
): Promise<VersionedResult<PersonRecord>> {
  const written = await deps.db.transaction().execute(async (trx) => {
    if (!active) await lockAdmins(trx);
    const row = await repo.findPerson(trx, id, true);
    if (!row) throw httpError(404, 'Person not found');
    if (expected !== undefined && expected !== row.version) return false;
    const problem = activeToggleProblem(row);
    if (problem) throw httpError(409, problem);
    if (row.isActive === active) return true;
    await updateVersioned(trx, 'professionals', { id }, { isActive: active });
    if (!active) await assertAnAdminRemains(trx, 'Deactivating this person');
    await recordPeopleChange(trx, {
      professionalId: id,
      source: 'manual',
      actor: actor.userName,
      actorId: actor.professionalId,
      summary: active ? 'Reactivated' : 'Deactivated',
      changes: { isActive: [row.isActive, active] },
    });
    return true;
  });
  if (written) deps.forgetDirectoryCache();
  return { changed: written, current: await getPerson(deps.db, id) };
}

/** The person's history, newest first (404 when there is no such person). */
export async function history(
  db: DB,
  id: number,
  q: { skip: number; take: number },
): Promise<PeopleHistoryEntry[]> {
  await getPerson(db, id);
  const rows = await repo.historyOf(db, id, q.skip, q.take);
  return rows.map((r) => ({
    id: Number(r.id),
    at: iso(r.at),
    source: asSource(r.source),
    actor: r.actor,
    summary: r.summary,
    changes: (typeof r.changes === 'string'
      ? JSON.parse(r.changes)
      : r.changes) as PeopleHistoryEntry['changes'],
  }));
}

/** The active items a person's portal fields may newly take, by name. */
export async function choices(db: DB): Promise<PeopleChoices> {
  const list = async (table: repo.ChoiceTable) =>
    (await repo.activeItems(db, table)).map((r) => ({ ID: r.id, Name: r.name }));
  const [practices, offices, positions, comanagements, businessUnits] = await Promise.all([
    list('practices'),
    list('offices'),
    list('positions'),
    list('comanagements'),
    list('businessUnits'),
  ]);
  return { practices, offices, positions, comanagements, businessUnits };
}

// --- provisioning

type GroupRow = Awaited<ReturnType<typeof repo.listGroups>>[number];
const toGroup = (g: GroupRow): ProvisionedGroup => ({
  id: g.id,
  displayName: g.displayName,
  externalId: g.externalId,
  members: Number(g.members ?? 0),
  scopes: g.scopes,
  mapped: g.scopesMapped,
  version: g.version,
});

type TokenRow = Awaited<ReturnType<typeof repo.listTokens>>[number];
const toToken = (t: TokenRow): ProvisioningToken => ({
  id: t.id,
  name: t.name,
  createdAt: iso(t.createdAt),
  createdBy: t.createdBy,
  lastUsedAt: isoOrNull(t.lastUsedAt),
  revokedAt: isoOrNull(t.revokedAt),
});

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether Entra is connected (its last requests and their outcome), the Tenant URL, the groups and the tokens. */
export async function provisioning(db: DB, publicUrl: string): Promise<Provisioning> {
  const [groups, tokens, requests, summary] = await Promise.all([
    repo.listGroups(db),
    repo.listTokens(db),
    repo.lastRequests(db, PROVISIONING_REQUESTS_SHOWN),
    repo.requestSummary(db, new Date(Date.now() - DAY_MS)),
  ]);
  return {
    scimUrl: `${publicUrl.replace(/\/$/, '')}/scim/v2`,
    summary: {
      lastRequestAt: isoOrNull(summary.lastAt),
      lastStatus: summary.lastStatus,
      lastSuccessAt: isoOrNull(summary.lastSuccessAt),
      failuresLast24h: Number(summary.failures),
      activeTokens: tokens.filter((t) => t.revokedAt === null).length,
    },
    groups: groups.map(toGroup),
    tokens: tokens.map(toToken),
    requests: requests.map((r) => ({
      id: Number(r.id),
      at: iso(r.at),
      tokenName: r.tokenName,
      method: r.method,
      path: r.path,
      status: r.status,
      detail: r.detail,
    })),
  };
}

async function readGroup(db: DB, id: string) {
  const [g] = await repo.listGroups(db, id);
  if (!g) throw httpError(404, 'Group not found');
  return toGroup(g);
}

/**
 * The scopes a provisioned group grants (mapped by hand from then on); its members' effective scopes follow, the
 * ones granted by hand stay. 409 (nothing written) when no active Admin would remain.
 */
export async function updateGroup(
  deps: PeopleDeps,
  actor: Actor,
  id: string,
  scopes: string[],
  expected: number | undefined,
): Promise<VersionedResult<ProvisionedGroup>> {
  const written = await deps.db.transaction().execute(async (trx) => {
    await lockAdmins(trx);
    const group = await repo.lockGroup(trx, id);
    if (!group) throw httpError(404, 'Group not found');
    if (expected !== undefined && expected !== group.version) return false;
    const next = normaliseScopes(scopes);
    if (sameSet(next, group.scopes)) return true;
    await updateVersioned(trx, 'scimGroups', { id }, { scopes: next, scopesMapped: true });
    const members = await repo.membersOf(trx, id);
    const before = await repo.scopesOf(trx, members);
    const changed = await recomputeScopes(trx, members);
    await assertAnAdminRemains(trx, "This change of the group's scopes");
    const after = await repo.scopesOf(trx, changed);
    await recordPeopleChange(
      trx,
      changed.map((pid) => ({
        professionalId: pid,
        source: 'manual' as const,
        actor: actor.userName,
        actorId: actor.professionalId,
        summary: `${scopesChangeSummary(before.get(pid) ?? [], after.get(pid) ?? [])} (group ${group.displayName})`,
        changes: { scopes: [before.get(pid) ?? [], after.get(pid) ?? []] as [unknown, unknown] },
      })),
    );
    return true;
  });
  if (written) deps.forgetDirectoryCache();
  return { changed: written, current: await readGroup(deps.db, id) };
}

/** A new provisioning token (its secret answered once, stored hashed); 409 when an unrevoked one has the name. */
export async function createToken(
  deps: PeopleDeps,
  actor: Actor,
  name: string,
): Promise<ProvisioningTokenCreated> {
  const token = newToken();
  const id = await deps.db.transaction().execute(async (trx) => {
    const same = await trx
      .selectFrom('scimTokens')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
      .where('revokedAt', 'is', null)
      .executeTakeFirst();
    if (same) throw httpError(409, 'A token with this name exists: revoke it first or choose another name');
    const row = await trx
      .insertInto('scimTokens')
      .values({ name, tokenHash: hashToken(token), createdBy: actor.professionalId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  const [row] = await repo.listTokens(deps.db, id);
  return { ...toToken(row!), token };
}

/** Revokes a provisioning token at once (404 when there is none; revoking it again changes nothing). */
export async function revokeToken(db: DB, id: number): Promise<void> {
  const res = await db
    .updateTable('scimTokens')
    .set({ revokedAt: new Date() })
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 1) return;
  const exists = await db.selectFrom('scimTokens').select('id').where('id', '=', id).executeTakeFirst();
  if (!exists) throw httpError(404, 'Token not found');
}
