import crypto from 'node:crypto';
import { sql } from 'kysely';
import { SCOPES } from '@domain/constants';
import type { DB } from '../../db';
import { HttpError } from '../../http';
import {
  assertAnAdminRemains,
  defaultGroupScopes,
  lockAdmins,
  recomputeScopes,
  recordPeopleChange,
  type PeopleChange,
} from '../people/directory.service';
import { scimError } from './errors';
import { filterToSql } from './filter';
import { groupPatch, patchGroupAttributes, patchOperations, patchUser } from './patch';
import * as repo from './repo';
import {
  changedWorkEmail,
  etagOf,
  getAttr,
  groupFields,
  groupResource,
  userFields,
  userResource,
  type GroupRow,
  type UserFields,
  type UserRow,
} from './resources';
import { MAX_RESULTS } from './schemas';

/**
 * Provisioning over SCIM 2.0: users are professionals (`scim_id` their resource id), groups grant scopes. Every
 * write is one transaction, recorded in the people history with source `scim` and the token's name; nothing a
 * person wrote is deleted — a disabled or deleted user becomes an inactive professional.
 */

export interface ScimContext {
  db: DB;
  /** The provisioning token's name (the history's actor). */
  actor: string;
  /** `https://<host>/scim/v2` (meta.location). */
  base: string;
  /** Drops this replica's directory cache (deactivations and scope changes take effect at once here). */
  forgetDirectoryCache: () => void;
}

const SOURCE = 'scim' as const;
const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** A refused "last administrator" change as SCIM has it: 400 mutability (the attribute cannot take that value now). */
async function keepingAnAdmin(trx: DB, what: string) {
  try {
    await assertAnAdminRemains(trx, what);
  } catch (e) {
    if (e instanceof HttpError && e.statusCode === 409) throw scimError(400, 'mutability', e.message);
    throw e;
  }
}

function checkIfMatch(ifMatch: string | undefined, version: number) {
  if (!ifMatch || ifMatch.trim() === '*') return;
  const tags = ifMatch.split(',').map((t) => t.trim());
  if (!tags.includes(etagOf(version)) && !tags.includes(`"${version}"`))
    throw scimError(
      412,
      undefined,
      'The resource has changed: read it again (its ETag is not the If-Match given)',
    );
}

/**
 * One transaction, tried again (up to 4 times) when PostgreSQL aborts it for a deadlock or a serialization failure:
 * a user's and a group's changes at once (a deprovisioned member while its group changes) lock the same rows in
 * opposite orders; the retry re-reads everything, so nothing is half-written.
 */
async function transact<T>(db: DB, fn: (trx: DB) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(fn);
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (attempt >= 4 || (code !== '40P01' && code !== '40001')) throw e;
      await new Promise((r) => setTimeout(r, 10 + Math.random() * 40 * attempt));
    }
  }
}

// paging ------------------------------------------------------------------------------------------------------

export interface ListQuery {
  filter?: string;
  startIndex?: unknown;
  count?: unknown;
}

function paging(q: ListQuery) {
  const num = (v: unknown, what: string, dflt: number) => {
    if (v === undefined || v === '') return dflt;
    const n = Number(v);
    if (!Number.isFinite(n) || !Number.isInteger(n) || Math.abs(n) > 2_000_000_000)
      throw scimError(400, 'invalidValue', `${what} must be an integer`);
    return n;
  };
  // RFC 7644 §3.4.2.4: startIndex < 1 is 1; a negative count is 0
  const startIndex = Math.max(1, num(q.startIndex, 'startIndex', 1));
  const count = Math.min(MAX_RESULTS, Math.max(0, num(q.count, 'count', MAX_RESULTS)));
  return { startIndex, count };
}

// users ---------------------------------------------------------------------------------------------------------

export async function listUsers(ctx: ScimContext, q: ListQuery) {
  const where = q.filter ? filterToSql(q.filter, 'User') : sql<boolean>`true`;
  const { startIndex, count } = paging(q);
  const { rows, total } = await repo.listUsers(ctx.db, where, startIndex - 1, count);
  return { resources: rows.map((r) => userResource(r, ctx.base)), total, startIndex };
}

export async function getUser(ctx: ScimContext, id: string) {
  const row = await repo.userByScimId(ctx.db, id);
  if (!row) throw scimError(404, undefined, `User ${id} not found`);
  return userResource(row, ctx.base);
}

async function managerIdOf(trx: DB, managerScimId: string | null, selfId?: number) {
  if (!managerScimId) return null;
  const id = (await repo.professionalIdsOf(trx, [managerScimId])).get(managerScimId.toLowerCase());
  // a manager who is not provisioned (out of the application's scope) is not recorded; nor is oneself
  return id === undefined || id === selfId ? null : id;
}

/** The professional's columns for the SCIM fields (the portal's own fields are never touched). */
async function columnsOf(trx: DB, f: UserFields, selfId?: number) {
  return {
    externalId: f.externalId,
    jobTitle: f.jobTitle,
    isActive: f.isActive,
    department: f.department,
    employeeNumber: f.employeeNumber,
    managerId: await managerIdOf(trx, f.managerScimId, selfId),
  };
}

async function isActiveAdmin(trx: DB, id: number) {
  const row = await trx
    .selectFrom('professionals')
    .select(['isActive', 'scopes'])
    .where('id', '=', id)
    .executeTakeFirst();
  return Boolean(row?.isActive && row.scopes.includes(SCOPES.admin));
}

/** Entra's object id, when the externalId is one (and no one else holds it): sign-in then matches it too. */
async function objectIdOf(trx: DB, externalId: string | null, selfId: number) {
  if (!externalId || !/^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(externalId)) return undefined;
  const holder = await trx
    .selectFrom('professionals')
    .select(['id', 'entraObjectId'])
    .where(sql<string>`lower(entra_object_id)`, '=', externalId.toLowerCase())
    .executeTakeFirst();
  return holder && holder.id !== selfId ? undefined : externalId;
}

export async function createUser(ctx: ScimContext, body: unknown) {
  const f = userFields(body);
  const row = await transact(ctx.db, async (trx) => {
    // two creates of one userName at once: the second waits, then finds the first's professional (409)
    await repo.lockKey(trx, `scim:user:${f.email.toLowerCase()}`);
    const match = await repo.matchProfessional(trx, f.email, f.externalId);
    if (match?.scimId)
      throw scimError(
        409,
        'uniqueness',
        `A user with userName ${f.email} (or externalId ${f.externalId ?? '—'}) already exists`,
      );
    const cols = await columnsOf(trx, f, match?.id);
    if (match) {
      // the portal's professional (seeded, imported, signed in, or deleted over SCIM before) becomes the resource
      if (!sameEmail(match.email, f.email) && (await repo.emailHolder(trx, f.email, match.id)))
        throw scimError(409, 'uniqueness', `Another professional has the e-mail ${f.email}`);
      const before = await trx
        .selectFrom('professionals')
        .selectAll()
        .where('id', '=', match.id)
        .executeTakeFirstOrThrow();
      const deactivates = before.isActive && !f.isActive && before.scopes.includes(SCOPES.admin);
      if (deactivates) await lockAdmins(trx);
      const scimId = crypto.randomUUID();
      const objectId = await objectIdOf(trx, f.externalId, match.id);
      await trx
        .updateTable('professionals')
        .set({
          ...cols,
          scimId,
          source: SOURCE,
          email: f.email,
          ...(sameEmail(before.email, f.email)
            ? {}
            : { login: await repo.freeLogin(trx, f.email, match.id) }),
          ...(f.name ? { name: f.name } : {}),
          ...(objectId && !before.entraObjectId ? { entraObjectId: objectId } : {}),
          version: sql<number>`version + 1`,
          updatedAt: sql<Date>`now()`,
        })
        .where('id', '=', match.id)
        .execute();
      if (deactivates) await keepingAnAdmin(trx, 'Deactivating this user');
      const changes = diff(before, { ...cols, email: f.email, name: f.name ?? before.name });
      await recordPeopleChange(trx, {
        professionalId: match.id,
        source: SOURCE,
        actor: ctx.actor,
        summary: `Provisioned (matched by ${match.how === 'email' ? 'e-mail' : match.how === 'objectId' ? 'Entra object id' : 'externalId'})${before.isActive !== f.isActive ? (f.isActive ? ', reactivated' : ', deactivated') : ''}`,
        changes,
      });
      return repo.userById(trx, match.id);
    }
    const objectId = await objectIdOf(trx, f.externalId, 0);
    const inserted = await trx
      .insertInto('professionals')
      .values({
        ...cols,
        scimId: crypto.randomUUID(),
        source: SOURCE,
        email: f.email,
        login: await repo.freeLogin(trx, f.email),
        name: f.name ?? f.email,
        entraObjectId: objectId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordPeopleChange(trx, {
      professionalId: inserted.id,
      source: SOURCE,
      actor: ctx.actor,
      summary: f.isActive ? 'Provisioned' : 'Provisioned (inactive)',
    });
    return repo.userById(trx, inserted.id);
  });
  if (!f.isActive) ctx.forgetDirectoryCache();
  return userResource(row, ctx.base);
}

type ProfessionalRecord = Record<string, unknown>;

const TRACKED: Record<string, string> = {
  email: 'e-mail',
  name: 'name',
  jobTitle: 'title',
  isActive: 'active',
  externalId: 'externalId',
  department: 'department',
  employeeNumber: 'employeeNumber',
  managerId: 'manager',
};

function diff(before: ProfessionalRecord, after: ProfessionalRecord): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const k of Object.keys(TRACKED)) {
    if (!(k in after)) continue;
    const b = before[k] ?? null;
    const a = after[k] ?? null;
    if (b !== a) out[k] = [b, a];
  }
  return out;
}

function summaryOf(changes: Record<string, [unknown, unknown]>) {
  if ('isActive' in changes) {
    const rest = Object.keys(changes)
      .filter((k) => k !== 'isActive')
      .map((k) => TRACKED[k]);
    return `${changes.isActive![1] ? 'Reactivated' : 'Deactivated'}${rest.length ? `; changed: ${rest.join(', ')}` : ''}`;
  }
  return `Changed: ${Object.keys(changes)
    .map((k) => TRACKED[k])
    .join(', ')}`;
}

/** Writes a user's new SCIM fields (PUT, PATCH) in the transaction; returns whether access changed. */
async function writeUser(ctx: ScimContext, trx: DB, current: UserRow, f: UserFields) {
  if (!sameEmail(current.email, f.email)) {
    await repo.lockKey(trx, `scim:user:${f.email.toLowerCase()}`);
    if (await repo.emailHolder(trx, f.email, current.id))
      throw scimError(409, 'uniqueness', `Another professional has the e-mail ${f.email}`);
  }
  const before = await trx
    .selectFrom('professionals')
    .selectAll()
    .where('id', '=', current.id)
    .executeTakeFirstOrThrow();
  const cols = await columnsOf(trx, f, current.id);
  const next = {
    ...cols,
    email: f.email,
    name: f.name ?? before.name,
  };
  const changes = diff(before, next);
  if (!Object.keys(changes).length) return false;
  const deactivates = before.isActive && !f.isActive && before.scopes.includes(SCOPES.admin);
  if (deactivates) await lockAdmins(trx);
  const objectId = 'externalId' in changes ? await objectIdOf(trx, f.externalId, current.id) : undefined;
  await trx
    .updateTable('professionals')
    .set({
      ...next,
      ...(changes.email && before.email.split('@')[0]!.toLowerCase() !== f.email.split('@')[0]!.toLowerCase()
        ? { login: await repo.freeLogin(trx, f.email, current.id) }
        : {}),
      ...(objectId && !before.entraObjectId ? { entraObjectId: objectId } : {}),
      version: sql<number>`version + 1`,
      updatedAt: sql<Date>`now()`,
    })
    .where('id', '=', current.id)
    .execute();
  if (deactivates) await keepingAnAdmin(trx, 'Deactivating this user');
  await recordPeopleChange(trx, {
    professionalId: current.id,
    source: SOURCE,
    actor: ctx.actor,
    summary: summaryOf(changes),
    changes,
  });
  return 'isActive' in changes || 'email' in changes;
}

/**
 * Locks a user for a change (404 when there is none), in the lock order of repo.ts: the administrators' lock first
 * when they are one (a change may deactivate them), the groups they belong to when `withGroups` (a DELETE leaves
 * them), then their row. Reads again after locking.
 */
async function lockUser(trx: DB, id: string, withGroups = false): Promise<UserRow> {
  const seen = await repo.userByScimId(trx, id);
  if (!seen) throw scimError(404, undefined, `User ${id} not found`);
  if (await isActiveAdmin(trx, seen.id)) await lockAdmins(trx);
  if (withGroups) await repo.lockGroups(trx, await repo.groupsOf(trx, seen.id));
  const current = await repo.userByScimId(trx, id, true);
  if (!current) throw scimError(404, undefined, `User ${id} not found`);
  return current;
}

export async function replaceUser(ctx: ScimContext, id: string, body: unknown, ifMatch?: string) {
  const f = userFields(body);
  const bodyId = getAttr(body, 'id');
  if (bodyId !== undefined && bodyId !== null && String(bodyId).toLowerCase() !== id.toLowerCase())
    throw scimError(400, 'mutability', 'id cannot be changed');
  let access = false;
  const row = await transact(ctx.db, async (trx) => {
    const current = await lockUser(trx, id);
    checkIfMatch(ifMatch, current.version);
    access = await writeUser(ctx, trx, current, f);
    return repo.userById(trx, current.id);
  });
  if (access) ctx.forgetDirectoryCache();
  return userResource(row, ctx.base);
}

export async function patchUserResource(ctx: ScimContext, id: string, body: unknown, ifMatch?: string) {
  const ops = patchOperations(body);
  let access = false;
  const row = await transact(ctx.db, async (trx) => {
    const current = await lockUser(trx, id);
    checkIfMatch(ifMatch, current.version);
    const before = userResource(current, ctx.base);
    const after = patchUser(before, ops);
    const f = userFields(after);
    // userName changed → that is the e-mail; otherwise a changed work e-mail is
    if (sameEmail(f.email, current.email)) {
      const work = changedWorkEmail(before, after);
      if (work) f.email = work;
    }
    // a manager that was removed or given as an unknown id is no manager
    access = await writeUser(ctx, trx, current, f);
    return repo.userById(trx, current.id);
  });
  if (access) ctx.forgetDirectoryCache();
  return userResource(row, ctx.base);
}

export async function deleteUser(ctx: ScimContext, id: string, ifMatch?: string) {
  await transact(ctx.db, async (trx) => {
    const current = await lockUser(trx, id, true);
    checkIfMatch(ifMatch, current.version);
    const admin = await isActiveAdmin(trx, current.id);
    // the resource is gone; the professional stays (inactive) on every record that holds them
    const groups = await trx
      .deleteFrom('scimGroupMembers')
      .where('professionalId', '=', current.id)
      .returning('groupId')
      .execute();
    if (groups.length)
      await trx
        .updateTable('scimGroups')
        .set({ version: sql<number>`version + 1`, updatedAt: sql<Date>`now()` })
        .where(
          'id',
          'in',
          groups.map((g) => g.groupId),
        )
        .execute();
    await trx
      .updateTable('professionals')
      .set({ scimId: null, isActive: false, version: sql<number>`version + 1`, updatedAt: sql<Date>`now()` })
      .where('id', '=', current.id)
      .execute();
    await recomputeScopes(trx, [current.id]);
    if (admin) await keepingAnAdmin(trx, 'Deleting this user');
    await recordPeopleChange(trx, {
      professionalId: current.id,
      source: SOURCE,
      actor: ctx.actor,
      summary: `Deprovisioned (deleted in the directory): inactive${groups.length ? `, removed from ${groups.length} group${groups.length === 1 ? '' : 's'}` : ''}`,
      changes: current.isActive ? { isActive: [true, false] } : undefined,
    });
  });
  ctx.forgetDirectoryCache();
}

// groups --------------------------------------------------------------------------------------------------------

export async function listGroups(ctx: ScimContext, q: ListQuery, withMembers: boolean) {
  const where = q.filter ? filterToSql(q.filter, 'Group') : sql<boolean>`true`;
  const { startIndex, count } = paging(q);
  const { rows, total } = await repo.listGroups(ctx.db, where, startIndex - 1, count);
  if (withMembers) {
    const members = await repo.membersOf(
      ctx.db,
      rows.map((r) => r.id),
    );
    for (const r of rows) r.members = members.get(r.id);
  }
  return { resources: rows.map((r) => groupResource(r, ctx.base)), total, startIndex };
}

async function loadGroup(db: DB, id: string, withMembers: boolean): Promise<GroupRow> {
  const row = await repo.groupById(db, id);
  if (!row) throw scimError(404, undefined, `Group ${id} not found`);
  if (withMembers) row.members = (await repo.membersOf(db, [row.id])).get(row.id);
  return row;
}

export async function getGroup(ctx: ScimContext, id: string, withMembers: boolean) {
  return groupResource(await loadGroup(ctx.db, id, withMembers), ctx.base);
}

/** The professionals of members' SCIM ids; an id that names no user is refused (400 invalidValue). */
async function resolveMembers(trx: DB, ids: readonly string[]) {
  const map = await repo.professionalIdsOf(trx, ids);
  const unknown = ids.filter((i) => !map.has(i.toLowerCase()));
  if (unknown.length)
    throw scimError(
      400,
      'invalidValue',
      `members: no user ${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ` (and ${unknown.length - 5} more)` : ''}`,
    );
  return [...map.values()];
}

/**
 * Locks a group for a change (404 when there is none): the administrators' lock first when the group grants Admin
 * and `mayRemoveAdmin`, then its row (the lock order of repo.ts). Reads again after locking.
 */
async function lockGroup(trx: DB, id: string, mayRemoveAdmin: boolean) {
  const seen = await repo.groupById(trx, id);
  if (!seen) throw scimError(404, undefined, `Group ${id} not found`);
  const lock = mayRemoveAdmin && seen.scopes.includes(SCOPES.admin);
  if (lock) await lockAdmins(trx);
  const current = await repo.groupById(trx, id, true);
  if (!current) throw scimError(404, undefined, `Group ${id} not found`);
  // mapped to Admin in between (the People screen): its lock now
  if (mayRemoveAdmin && !lock && current.scopes.includes(SCOPES.admin)) await lockAdmins(trx);
  return { current, lock: mayRemoveAdmin && current.scopes.includes(SCOPES.admin) };
}

async function lockGroupName(trx: DB, name: string, notId?: string) {
  await repo.lockKey(trx, `scim:group:${name.toLowerCase()}`);
  const holder = await trx
    .selectFrom('scimGroups')
    .select('id')
    .where(sql<string>`lower(display_name)`, '=', name.toLowerCase())
    .executeTakeFirst();
  if (holder && holder.id !== notId)
    throw scimError(409, 'uniqueness', `A group named ${name} already exists`);
}

interface MembershipChange {
  added: number[];
  removed: number[];
}

/** After a group's membership or scopes changed: effective scopes, the last Admin kept, the people history. */
async function settleGroup(
  ctx: ScimContext,
  trx: DB,
  group: { id: string; name: string },
  change: MembershipChange,
  scopeChangeFor: number[],
  adminsLocked: boolean,
) {
  const ids = [...new Set([...change.added, ...change.removed, ...scopeChangeFor])];
  if (!ids.length) return false;
  const scopesOf = async () =>
    new Map(
      (await trx.selectFrom('professionals').select(['id', 'scopes']).where('id', 'in', ids).execute()).map(
        (r) => [r.id, r.scopes] as const,
      ),
    );
  await repo.lockProfessionals(trx, ids);
  const before = await scopesOf();
  const changed = await recomputeScopes(trx, ids);
  if (adminsLocked) await keepingAnAdmin(trx, `This change of the group ${group.name}`);
  const after = changed.length ? await scopesOf() : before;
  const added = new Set(change.added);
  const removed = new Set(change.removed);
  const rows: PeopleChange[] = [];
  for (const id of ids) {
    const b = before.get(id) ?? [];
    const a = after.get(id) ?? [];
    const plus = a.filter((x) => !b.includes(x));
    const minus = b.filter((x) => !a.includes(x));
    const scopes = [...plus.map((x) => `+ ${x}`), ...minus.map((x) => `− ${x}`)].join(', ');
    const what = added.has(id)
      ? `Added to the group ${group.name}`
      : removed.has(id)
        ? `Removed from the group ${group.name}`
        : scopes
          ? `Scopes follow the group ${group.name}`
          : undefined;
    if (!what) continue;
    rows.push({
      professionalId: id,
      source: SOURCE,
      actor: ctx.actor,
      summary: scopes ? `${what} (scopes: ${scopes})` : what,
      ...(scopes ? { changes: { scopes: [b, a] as [unknown, unknown] } } : {}),
    });
  }
  await recordPeopleChange(trx, rows);
  return changed.length > 0;
}

export async function createGroup(ctx: ScimContext, body: unknown) {
  const f = groupFields(body);
  let scopesChanged = false;
  const row = await transact(ctx.db, async (trx) => {
    await lockGroupName(trx, f.displayName);
    const id = crypto.randomUUID();
    await trx
      .insertInto('scimGroups')
      .values({
        id,
        displayName: f.displayName,
        externalId: f.externalId,
        scopes: defaultGroupScopes(f.displayName),
      })
      .execute();
    const added = await repo.addMembers(trx, id, await resolveMembers(trx, f.members ?? []));
    scopesChanged = await settleGroup(
      ctx,
      trx,
      { id, name: f.displayName },
      { added, removed: [] },
      [],
      false,
    );
    return loadGroup(trx, id, true);
  });
  if (scopesChanged) ctx.forgetDirectoryCache();
  return groupResource(row, ctx.base);
}

async function renamedScopes(trx: DB, group: repo.GroupState, name: string) {
  if (group.scopesMapped || name.toLowerCase() === group.displayName.toLowerCase()) return undefined;
  const scopes = defaultGroupScopes(name);
  return scopes.join() === [...group.scopes].sort().join() ? undefined : scopes;
}

export async function replaceGroup(ctx: ScimContext, id: string, body: unknown, ifMatch?: string) {
  const f = groupFields(body);
  let scopesChanged = false;
  const row = await transact(ctx.db, async (trx) => {
    const { current, lock } = await lockGroup(trx, id, true);
    checkIfMatch(ifMatch, current.version);
    if (f.displayName !== current.displayName) await lockGroupName(trx, f.displayName, current.id);
    const scopes = await renamedScopes(trx, current, f.displayName);
    const wanted = await resolveMembers(trx, f.members ?? []);
    const existing = await repo.memberIds(trx, current.id);
    const removed = await repo.removeMembers(
      trx,
      current.id,
      existing.filter((m) => !wanted.includes(m)),
    );
    const added = await repo.addMembers(
      trx,
      current.id,
      wanted.filter((m) => !existing.includes(m)),
    );
    await trx
      .updateTable('scimGroups')
      .set({
        displayName: f.displayName,
        externalId: f.externalId,
        ...(scopes ? { scopes } : {}),
        version: sql<number>`version + 1`,
        updatedAt: sql<Date>`now()`,
      })
      .where('id', '=', current.id)
      .execute();
    scopesChanged = await settleGroup(
      ctx,
      trx,
      { id, name: f.displayName },
      { added, removed },
      scopes ? existing : [],
      lock,
    );
    return loadGroup(trx, current.id, true);
  });
  if (scopesChanged) ctx.forgetDirectoryCache();
  return groupResource(row, ctx.base);
}

/** PATCH of a group: its attributes (displayName, externalId) and its members (Entra's add / remove by value). */
export async function patchGroupResource(ctx: ScimContext, id: string, body: unknown, ifMatch?: string) {
  const plan = groupPatch(patchOperations(body));
  let scopesChanged = false;
  await transact(ctx.db, async (trx) => {
    const mayRemove = plan.attributes.length > 0 || plan.members.some((m) => m.kind !== 'add');
    const { current, lock } = await lockGroup(trx, id, mayRemove);
    checkIfMatch(ifMatch, current.version);
    let name = current.displayName;
    let externalId = current.externalId;
    if (plan.attributes.length) {
      const patched = patchGroupAttributes(groupResource(current, ctx.base), plan.attributes);
      const f = groupFields(patched, false);
      name = f.displayName;
      externalId = f.externalId;
      if (name !== current.displayName) await lockGroupName(trx, name, current.id);
    }
    const scopes = await renamedScopes(trx, current, name);
    const added = new Set<number>();
    const removed = new Set<number>();
    for (const m of plan.members) {
      if (m.kind === 'add') {
        for (const p of await repo.addMembers(trx, current.id, await resolveMembers(trx, m.ids))) {
          if (!removed.delete(p)) added.add(p);
        }
      } else if (m.kind === 'remove' || m.kind === 'removeAll') {
        // removing someone who is not (or no longer) a user or a member changes nothing
        const ids = m.kind === 'removeAll' ? 'all' : [...(await repo.professionalIdsOf(trx, m.ids)).values()];
        for (const p of await repo.removeMembers(trx, current.id, ids)) if (!added.delete(p)) removed.add(p);
      } else {
        const wanted = await resolveMembers(trx, m.ids);
        const existing = await repo.memberIds(trx, current.id);
        for (const p of await repo.removeMembers(
          trx,
          current.id,
          existing.filter((x) => !wanted.includes(x)),
        ))
          if (!added.delete(p)) removed.add(p);
        for (const p of await repo.addMembers(
          trx,
          current.id,
          wanted.filter((x) => !existing.includes(x)),
        ))
          if (!removed.delete(p)) added.add(p);
      }
    }
    const attrsChanged = name !== current.displayName || externalId !== current.externalId;
    if (!attrsChanged && !added.size && !removed.size) return;
    await trx
      .updateTable('scimGroups')
      .set({
        displayName: name,
        externalId,
        ...(scopes ? { scopes } : {}),
        version: sql<number>`version + 1`,
        updatedAt: sql<Date>`now()`,
      })
      .where('id', '=', current.id)
      .execute();
    scopesChanged = await settleGroup(
      ctx,
      trx,
      { id, name },
      { added: [...added], removed: [...removed] },
      scopes ? await repo.memberIds(trx, current.id) : [],
      lock,
    );
  });
  if (scopesChanged) ctx.forgetDirectoryCache();
}

export async function deleteGroup(ctx: ScimContext, id: string, ifMatch?: string) {
  let scopesChanged = false;
  await transact(ctx.db, async (trx) => {
    const { current, lock } = await lockGroup(trx, id, true);
    checkIfMatch(ifMatch, current.version);
    const members = await repo.memberIds(trx, current.id);
    await trx.deleteFrom('scimGroups').where('id', '=', current.id).execute();
    scopesChanged = await settleGroup(
      ctx,
      trx,
      { id, name: current.displayName },
      { added: [], removed: members },
      [],
      lock,
    );
  });
  if (scopesChanged) ctx.forgetDirectoryCache();
}
