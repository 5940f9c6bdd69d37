import {
  scimPatch,
  ScimError as PatchLibError,
  type ScimPatchOperation,
  type ScimResource,
} from 'scim-patch';
import { scimError, type ScimType } from './errors';
import { getAttr, managerValue, memberValues, toBoolean } from './resources';
import { CORE_GROUP, CORE_USER, ENTERPRISE_USER, MAX_OPERATIONS, PATCH_OP } from './schemas';

/**
 * PATCH (RFC 7644 §3.5.2) as Microsoft Entra ID sends it. Its documented deviations are normalised first — `op` in
 * any case ("Replace"), booleans as "True" / "False", a path-less replace whose value is an object of attributes
 * (keys may be paths: "name.givenName", the enterprise extension's URN), `manager` as a plain id, group members
 * removed by `value` as well as by `members[value eq "…"]` — then the operations are applied with `scim-patch` to the
 * resource's SCIM JSON (users; a group's own attributes) or, for members, as changes of the membership table.
 */

export type Op = { op: 'add' | 'replace' | 'remove'; path?: string; value?: unknown };

const bad = (scimType: ScimType, detail: string) => scimError(400, scimType, detail);

/** The PatchOp message's operations (400 invalidSyntax when it is not one). */
export function patchOperations(body: unknown): Op[] {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw bad('invalidSyntax', 'The body must be a PatchOp message (a JSON object)');
  const schemas = getAttr(body, 'schemas');
  if (
    schemas !== undefined &&
    (!Array.isArray(schemas) ||
      !schemas.some((s) => typeof s === 'string' && s.toLowerCase() === PATCH_OP.toLowerCase()))
  )
    throw bad('invalidSyntax', `schemas must contain ${PATCH_OP}`);
  const ops = getAttr(body, 'Operations');
  if (!Array.isArray(ops) || ops.length === 0)
    throw bad('invalidSyntax', 'Operations must be a non-empty list');
  if (ops.length > MAX_OPERATIONS) throw bad('tooMany', `A PATCH takes at most ${MAX_OPERATIONS} operations`);
  return ops.map((o, i) => {
    if (!o || typeof o !== 'object' || Array.isArray(o))
      throw bad('invalidSyntax', `Operations[${i}] must be an object`);
    const op = getAttr(o, 'op');
    const kind = typeof op === 'string' ? op.trim().toLowerCase() : '';
    if (kind !== 'add' && kind !== 'replace' && kind !== 'remove')
      throw bad('invalidSyntax', `Operations[${i}].op must be add, replace or remove`);
    const path = getAttr(o, 'path');
    if (path !== undefined && path !== null && (typeof path !== 'string' || path.length > 500))
      throw bad('invalidPath', `Operations[${i}].path must be a string`);
    const value = getAttr(o, 'value');
    if (kind === 'remove' && !path && value === undefined)
      throw bad('noTarget', `Operations[${i}]: a remove needs a path`);
    if (kind !== 'remove' && value === undefined)
      throw bad('invalidValue', `Operations[${i}]: ${kind} needs a value`);
    return {
      op: kind,
      ...(typeof path === 'string' && path.trim() ? { path: path.trim() } : {}),
      value,
    } as Op;
  });
}

/** A path-less add / replace of an object → one operation per attribute (each key a path). */
function expandPathless(ops: Op[], urns: string[]): Op[] {
  const out: Op[] = [];
  for (const o of ops) {
    if (o.path || o.op === 'remove') {
      out.push(o);
      continue;
    }
    if (!o.value || typeof o.value !== 'object' || Array.isArray(o.value))
      throw bad('invalidValue', 'A path-less add or replace takes an object of attributes');
    for (const [key, value] of Object.entries(o.value as Record<string, unknown>)) {
      const urn = urns.find((u) => u.toLowerCase() === key.toLowerCase());
      if (urn && value && typeof value === 'object' && !Array.isArray(value)) {
        // { "urn:…:enterprise:2.0:User": { "department": … } }
        for (const [k, v] of Object.entries(value as Record<string, unknown>))
          out.push({ op: o.op, path: `${urn}:${k}`, value: v });
      } else if (key.toLowerCase() !== 'schemas') out.push({ op: o.op, path: key, value });
    }
  }
  return out;
}

const USER_NAMES: Record<string, string> = Object.fromEntries(
  [
    'userName',
    'externalId',
    'displayName',
    'name',
    'formatted',
    'givenName',
    'familyName',
    'middleName',
    'title',
    'active',
    'emails',
    'value',
    'type',
    'primary',
    'department',
    'employeeNumber',
    'manager',
    'nickName',
    'preferredLanguage',
    'locale',
    'timezone',
    'userType',
    'phoneNumbers',
    'addresses',
    'streetAddress',
    'locality',
    'region',
    'postalCode',
    'country',
    'costCenter',
    'organization',
    'division',
    'roles',
  ].map((n) => [n.toLowerCase(), n]),
);
const READ_ONLY = new Set(['id', 'meta', 'schemas', 'groups']);
const ENTERPRISE_ATTRIBUTES = new Set([
  'department',
  'employeenumber',
  'manager',
  'costcenter',
  'organization',
  'division',
]);

/** The path with the resource's attribute names in their canonical case (`scim-patch` matches keys exactly). */
function canonicalPath(path: string, names: Record<string, string>, urns: string[]): string {
  let p = path;
  let prefix = '';
  for (const urn of urns) {
    if (p.toLowerCase().startsWith(`${urn.toLowerCase()}:`)) {
      prefix = urn === CORE_USER || urn === CORE_GROUP ? '' : `${urn}:`;
      p = p.slice(urn.length + 1);
      break;
    }
  }
  // attribute names outside the brackets; filters inside keep their text (their values are the caller's)
  let out = '';
  let depth = 0;
  let word = '';
  const flush = () => {
    out += depth === 0 ? (names[word.toLowerCase()] ?? word) : word;
    word = '';
  };
  for (const ch of p) {
    if (/[A-Za-z0-9_$-]/.test(ch)) {
      word += ch;
      continue;
    }
    flush();
    if (ch === '[') depth++;
    if (ch === ']') depth--;
    out += ch;
  }
  flush();
  return prefix + out;
}

/** The first attribute of a path, lower-cased, without URN (`urn:…:User:manager` → `manager`, `emails[…].value` → `emails`). */
function rootOf(path: string): string {
  const colon = path.lastIndexOf(':');
  const rest = path.toLowerCase().startsWith('urn:') ? path.slice(colon + 1) : path;
  return rest.split(/[.[]/)[0]!.toLowerCase();
}

function libError(e: unknown): never {
  if (e instanceof PatchLibError) {
    const code = (e.scimCode as ScimType | undefined) ?? 'invalidValue';
    throw bad(
      code === 'invalidSyntax' || code === 'noTarget' || code === 'invalidPath' ? code : 'invalidValue',
      e.message.slice(0, 300),
    );
  }
  throw bad('invalidPath', `The PATCH could not be applied: ${(e as Error).message}`.slice(0, 300));
}

/** Applies a PATCH to a user's SCIM JSON (a copy); the caller maps the result back to the professional. */
export function patchUser<T extends object>(resource: T, ops: Op[]): T {
  const urns = [CORE_USER, ENTERPRISE_USER];
  const normalised = expandPathless(ops, urns).map((o): ScimPatchOperation => {
    const root = rootOf(o.path!);
    if (READ_ONLY.has(root)) throw scimError(400, 'mutability', `${o.path} cannot be changed`);
    let value = o.value;
    if (root === 'active' && o.op !== 'remove') value = toBoolean(value, 'active');
    if (root === 'manager' && o.op !== 'remove' && !/manager\.value$/i.test(o.path!)) {
      const id = managerValue(value);
      value = id ? { value: id } : null;
    }
    if (typeof value === 'string' && /^(emails\[.*\]\.)?primary$/i.test(o.path!))
      value = toBoolean(value, 'primary');
    // the enterprise extension's attributes named without their URN (Entra's `manager`) are the extension's
    const bare = ENTERPRISE_ATTRIBUTES.has(root) && !o.path!.toLowerCase().startsWith('urn:');
    const path = canonicalPath(bare ? `${ENTERPRISE_USER}:${o.path}` : o.path!, USER_NAMES, urns);
    // a replace with null / "" is a removal of the attribute (RFC 7644 §3.5.2.3 allows it; Entra clears that way)
    if (o.op !== 'remove' && (value === null || value === '')) return { op: 'remove', path };
    return { op: o.op, path, value } as ScimPatchOperation;
  });
  try {
    return scimPatch(resource as unknown as ScimResource, normalised, {
      mutateDocument: false,
      treatMissingAsAdd: true,
    }) as unknown as T;
  } catch (e) {
    return libError(e);
  }
}

/** What a group PATCH does: its own attributes (applied with scim-patch) and its membership. */
export interface GroupPatch {
  /** The group's own attribute operations (displayName, externalId). */
  attributes: ScimPatchOperation[];
  /** Membership: `replace` sets the members to `add`; otherwise `add` then `remove` in order. */
  members: (
    { kind: 'add' | 'remove'; ids: string[] } | { kind: 'replace'; ids: string[] } | { kind: 'removeAll' }
  )[];
}

const GROUP_NAMES: Record<string, string> = Object.fromEntries(
  ['displayName', 'externalId', 'members', 'value', 'display', 'type'].map((n) => [n.toLowerCase(), n]),
);

const MEMBER_FILTER = /^members\[\s*value\s+eq\s+"([^"]*)"\s*\]$/i;

export function groupPatch(ops: Op[]): GroupPatch {
  const result: GroupPatch = { attributes: [], members: [] };
  for (const o of expandPathless(ops, [CORE_GROUP])) {
    const path = canonicalPath(o.path!, GROUP_NAMES, [CORE_GROUP]);
    const root = rootOf(path);
    if (root === 'members') {
      const filtered = MEMBER_FILTER.exec(path);
      if (filtered) {
        if (o.op !== 'remove') throw bad('invalidPath', 'members[value eq "…"] is only removed');
        result.members.push({ kind: 'remove', ids: [filtered[1]!] });
      } else if (path !== 'members') throw bad('invalidPath', `Unknown path ${o.path}`);
      else if (o.op === 'remove')
        result.members.push(
          o.value === undefined || o.value === null
            ? { kind: 'removeAll' }
            : { kind: 'remove', ids: memberValues(o.value) },
        );
      else if (o.op === 'add') result.members.push({ kind: 'add', ids: memberValues(o.value) });
      else result.members.push({ kind: 'replace', ids: memberValues(o.value ?? []) });
      continue;
    }
    if (READ_ONLY.has(root)) throw scimError(400, 'mutability', `${o.path} cannot be changed`);
    if (root !== 'displayname' && root !== 'externalid')
      throw bad('invalidPath', `Unknown attribute of a Group: ${o.path}`);
    if (o.op === 'remove' && root === 'displayname')
      throw scimError(400, 'mutability', 'displayName is required: it cannot be removed');
    result.attributes.push(
      o.op !== 'remove' && (o.value === null || o.value === '')
        ? { op: 'remove', path }
        : ({ op: o.op, path, value: o.value } as ScimPatchOperation),
    );
  }
  return result;
}

export function patchGroupAttributes<T extends object>(resource: T, ops: ScimPatchOperation[]): T {
  if (!ops.length) return resource;
  try {
    return scimPatch(resource as unknown as ScimResource, ops, {
      mutateDocument: false,
      treatMissingAsAdd: true,
    }) as unknown as T;
  } catch (e) {
    return libError(e);
  }
}
