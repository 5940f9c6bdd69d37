import { scimError } from './errors';
import { CORE_GROUP, CORE_USER, ENTERPRISE_USER } from './schemas';

/** Professionals and provisioned groups as SCIM resources (RFC 7643), and SCIM JSON back to their fields. */

export interface UserRow {
  id: number;
  scimId: string;
  externalId: string | null;
  email: string;
  name: string;
  jobTitle: string | null;
  isActive: boolean;
  department: string | null;
  employeeNumber: string | null;
  managerScimId: string | null;
  managerName: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  version: number;
}

export interface GroupRow {
  id: string;
  displayName: string;
  externalId: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  version: number;
  members?: { value: string; display: string }[];
}

const iso = (d: Date | string) => new Date(d).toISOString();
export const etagOf = (version: number) => `W/"${version}"`;

export function userResource(row: UserRow, base: string) {
  const enterprise: Record<string, unknown> = {};
  if (row.department !== null) enterprise.department = row.department;
  if (row.employeeNumber !== null) enterprise.employeeNumber = row.employeeNumber;
  if (row.managerScimId)
    enterprise.manager = {
      value: row.managerScimId,
      $ref: `${base}/Users/${row.managerScimId}`,
      ...(row.managerName ? { displayName: row.managerName } : {}),
    };
  return {
    schemas: [CORE_USER, ENTERPRISE_USER],
    id: row.scimId,
    ...(row.externalId !== null ? { externalId: row.externalId } : {}),
    userName: row.email,
    displayName: row.name,
    name: { formatted: row.name },
    ...(row.jobTitle !== null ? { title: row.jobTitle } : {}),
    active: row.isActive,
    emails: [{ value: row.email, type: 'work', primary: true }],
    [ENTERPRISE_USER]: enterprise,
    meta: {
      resourceType: 'User',
      created: iso(row.createdAt),
      lastModified: iso(row.updatedAt),
      location: `${base}/Users/${row.scimId}`,
      version: etagOf(row.version),
    },
  };
}
export type UserResource = ReturnType<typeof userResource>;

export function groupResource(row: GroupRow, base: string) {
  return {
    schemas: [CORE_GROUP],
    id: row.id,
    ...(row.externalId !== null ? { externalId: row.externalId } : {}),
    displayName: row.displayName,
    ...(row.members
      ? {
          members: row.members.map((m) => ({
            value: m.value,
            display: m.display,
            type: 'User',
            $ref: `${base}/Users/${m.value}`,
          })),
        }
      : {}),
    meta: {
      resourceType: 'Group',
      created: iso(row.createdAt),
      lastModified: iso(row.updatedAt),
      location: `${base}/Groups/${row.id}`,
      version: etagOf(row.version),
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// SCIM JSON → fields

export interface UserFields {
  email: string;
  externalId: string | null;
  name: string | null;
  jobTitle: string | null;
  isActive: boolean;
  department: string | null;
  employeeNumber: string | null;
  /** The manager's SCIM id (null: none). */
  managerScimId: string | null;
}

export interface GroupFields {
  displayName: string;
  externalId: string | null;
  /** The members' SCIM ids (undefined: not given). */
  members?: string[];
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

const invalidValue = (detail: string) => scimError(400, 'invalidValue', detail);

/** A case-insensitive attribute lookup (SCIM attribute names ignore case). */
export function getAttr(obj: unknown, name: string): unknown {
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return undefined;
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(obj)) if (k.toLowerCase() === lower) return v;
  return undefined;
}

/** Entra sends booleans as "True" / "False" strings (a documented deviation): both are accepted. */
export function toBoolean(value: unknown, what: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim()))
    return value.trim().toLowerCase() === 'true';
  throw invalidValue(`${what} must be true or false`);
}

function text(value: unknown, what: string, max: number): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw invalidValue(`${what} must be a string`);
  const v = value.trim();
  if (v.length > max) throw invalidValue(`${what} is longer than ${max} characters`);
  if (v.includes('\u0000')) throw invalidValue(`${what} must not contain NUL characters`);
  if (/\p{Cs}/u.test(v)) throw invalidValue(`${what} must be well-formed Unicode text`);
  return v === '' ? null : v;
}

export function checkEmail(value: unknown, what: string): string {
  const v = text(value, what, 254);
  if (!v || !EMAIL.test(v)) throw invalidValue(`${what} must be an e-mail address (name@domain)`);
  return v;
}

/** The work e-mail of an `emails` value: the one of type work, else the primary one, else the first. */
function workEmail(emails: unknown): unknown {
  if (emails === undefined || emails === null) return undefined;
  if (!Array.isArray(emails)) throw invalidValue('emails must be a list');
  const items = emails.filter((e) => e && typeof e === 'object');
  const pick =
    items.find((e) => String(getAttr(e, 'type') ?? '').toLowerCase() === 'work') ??
    items.find(
      (e) => getAttr(e, 'primary') === true || String(getAttr(e, 'primary')).toLowerCase() === 'true',
    ) ??
    items[0];
  return pick ? getAttr(pick, 'value') : undefined;
}

/** The manager's id: `{ value }` as the RFC has it, or the plain id Entra sends (a documented deviation). */
export function managerValue(manager: unknown): string | null {
  if (manager === undefined || manager === null || manager === '') return null;
  const v = typeof manager === 'object' && !Array.isArray(manager) ? getAttr(manager, 'value') : manager;
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string') throw invalidValue('manager must be the id of a user');
  return v.trim();
}

/** The fields of a User resource (POST, PUT, or the resource after a PATCH); 400 invalidValue when one is wrong. */
export function userFields(body: unknown): UserFields {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw scimError(400, 'invalidSyntax', 'The body must be a User resource (a JSON object)');
  const userName = getAttr(body, 'userName');
  if (userName === undefined || userName === null || userName === '')
    throw invalidValue('userName is required');
  const email = checkEmail(userName, 'userName');
  const name = getAttr(body, 'name');
  const given = text(getAttr(name, 'givenName'), 'name.givenName', 200);
  const family = text(getAttr(name, 'familyName'), 'name.familyName', 200);
  const enterprise = getAttr(body, ENTERPRISE_USER);
  const active = getAttr(body, 'active');
  const emails = getAttr(body, 'emails');
  // the work e-mail, when it differs from userName, is not a second address: userName is the one the sign-in matches
  if (emails !== undefined) {
    const w = workEmail(emails);
    if (w !== undefined && w !== null && w !== '') checkEmail(w, 'emails[type eq "work"].value');
  }
  return {
    email,
    externalId: text(getAttr(body, 'externalId'), 'externalId', 256),
    name:
      text(getAttr(body, 'displayName'), 'displayName', 200) ??
      text(getAttr(name, 'formatted'), 'name.formatted', 200) ??
      ([given, family].filter(Boolean).join(' ') || null),
    jobTitle: text(getAttr(body, 'title'), 'title', 200),
    isActive: active === undefined || active === null ? true : toBoolean(active, 'active'),
    department: text(getAttr(enterprise, 'department') ?? getAttr(body, 'department'), 'department', 200),
    employeeNumber: text(
      getAttr(enterprise, 'employeeNumber') ?? getAttr(body, 'employeeNumber'),
      'employeeNumber',
      64,
    ),
    managerScimId: managerValue(getAttr(enterprise, 'manager') ?? getAttr(body, 'manager')),
  };
}

/** The work e-mail a PATCH may have changed (`emails[type eq "work"].value`), when it differs from userName. */
export function changedWorkEmail(before: unknown, after: unknown): string | undefined {
  const b = workEmail(getAttr(before, 'emails'));
  const a = workEmail(getAttr(after, 'emails'));
  if (a === undefined || a === null || a === '' || a === b) return undefined;
  return checkEmail(a, 'emails[type eq "work"].value');
}

export function groupFields(body: unknown, requireMembersShape = true): GroupFields {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw scimError(400, 'invalidSyntax', 'The body must be a Group resource (a JSON object)');
  const displayName = text(getAttr(body, 'displayName'), 'displayName', 200);
  if (!displayName) throw invalidValue('displayName is required');
  const members = getAttr(body, 'members');
  return {
    displayName,
    externalId: text(getAttr(body, 'externalId'), 'externalId', 256),
    members:
      members === undefined || members === null ? undefined : memberValues(members, requireMembersShape),
  };
}

/** The users' ids of a `members` value: `[{ value }]`, one `{ value }`, or plain ids. */
export function memberValues(members: unknown, strict = true): string[] {
  const list = Array.isArray(members) ? members : [members];
  if (list.length > 10_000) throw invalidValue('members has more than 10,000 entries');
  const out: string[] = [];
  for (const m of list) {
    const v = m && typeof m === 'object' && !Array.isArray(m) ? getAttr(m, 'value') : m;
    if (typeof v !== 'string' || v.trim() === '') {
      if (strict) throw invalidValue('members must be a list of { "value": "<user id>" }');
      continue;
    }
    out.push(v.trim());
  }
  return [...new Set(out)];
}

// ---------------------------------------------------------------------------------------------------------------
// attributes / excludedAttributes (RFC 7644 §3.4.2.5)

const ALWAYS = new Set(['id', 'schemas']);

function splitPath(path: string, kind: 'User' | 'Group'): string[] {
  const p = path.trim();
  const lower = p.toLowerCase();
  const urns = kind === 'User' ? [CORE_USER, ENTERPRISE_USER] : [CORE_GROUP];
  for (const urn of urns) {
    const u = urn.toLowerCase();
    if (lower === u) return urn === ENTERPRISE_USER ? [urn] : [];
    if (lower.startsWith(`${u}:`)) {
      const rest = p.slice(u.length + 1).split('.');
      return urn === ENTERPRISE_USER ? [urn, ...rest] : rest;
    }
  }
  return p.split('.');
}

function keyOf(obj: Record<string, unknown>, name: string) {
  const l = name.toLowerCase();
  return Object.keys(obj).find((k) => k.toLowerCase() === l);
}

/** The resource with only the requested attributes, or without the excluded ones. */
export function project<T extends Record<string, unknown>>(
  resource: T,
  kind: 'User' | 'Group',
  attributes: string[] | undefined,
  excluded: string[] | undefined,
): Record<string, unknown> {
  if (attributes?.length) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(resource)) if (ALWAYS.has(k)) out[k] = resource[k];
    for (const a of attributes) {
      const path = splitPath(a, kind);
      if (!path.length) continue;
      let src: unknown = resource;
      let dst: Record<string, unknown> = out;
      for (let i = 0; i < path.length; i++) {
        if (!src || typeof src !== 'object' || Array.isArray(src)) break;
        const key = keyOf(src as Record<string, unknown>, path[i]!);
        if (!key) break;
        const value = (src as Record<string, unknown>)[key];
        if (i === path.length - 1 || Array.isArray(value) || typeof value !== 'object' || value === null) {
          dst[key] = value;
          break;
        }
        dst[key] = (dst[key] as Record<string, unknown> | undefined) ?? {};
        dst = dst[key] as Record<string, unknown>;
        src = value;
      }
    }
    return out;
  }
  if (excluded?.length) {
    const out = structuredClone(resource) as Record<string, unknown>;
    for (const a of excluded) {
      const path = splitPath(a, kind);
      if (!path.length || (path.length === 1 && ALWAYS.has(path[0]!.toLowerCase()))) continue;
      let obj: Record<string, unknown> | undefined = out;
      for (let i = 0; obj && i < path.length; i++) {
        const key = keyOf(obj, path[i]!);
        if (!key) break;
        if (i === path.length - 1) delete obj[key];
        else {
          const next: unknown = obj[key];
          obj =
            next && typeof next === 'object' && !Array.isArray(next)
              ? (next as Record<string, unknown>)
              : undefined;
        }
      }
    }
    return out;
  }
  return resource;
}

/** `attributes=a,b` → ['a', 'b']. */
export function attributeList(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  const s = Array.isArray(value) ? value.join(',') : String(value);
  if (s.length > 2000) throw scimError(400, 'invalidValue', 'attributes / excludedAttributes is too long');
  const list = s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  return list.length ? list : undefined;
}

/** Whether a group's members are to be loaded for this answer. */
export function wantsMembers(attributes: string[] | undefined, excluded: string[] | undefined) {
  const isMembers = (a: string) =>
    /^(urn:ietf:params:scim:schemas:core:2\.0:group:)?members(\.|$)/i.test(a.trim());
  if (attributes?.length) return attributes.some(isMembers);
  return !(excluded ?? []).some(isMembers);
}
