import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { parse, type Filter } from 'scim2-parse-filter';
import { scimError } from './errors';
import { ENTERPRISE_USER, CORE_GROUP, CORE_USER } from './schemas';

/**
 * SCIM filters (RFC 7644 §3.4.2.2) → SQL. The filter is parsed by `scim2-parse-filter` into its AST; each node is
 * translated to a SQL predicate on the resource's table (`p` professionals, `g` scim_groups) — nothing is filtered in
 * memory. An attribute the resource does not have, an operator its type does not take or a value of the wrong type
 * is a 400 `invalidFilter`.
 */

type AttrType = 'string' | 'boolean' | 'uuid' | 'datetime';
interface Attr {
  type: AttrType;
  /** The column (or expression) of the attribute. */
  col: RawBuilder<unknown>;
  /** Compared exactly (RFC 7643 `caseExact`); others are compared without case. */
  caseExact?: boolean;
  /** A constant attribute (the one work e-mail's `type`, `primary`). */
  constant?: string | boolean;
  /** A multi-valued attribute stored in another table: the predicate on its rows, wrapped in `exists`. */
  exists?: (predicate: RawBuilder<SqlBool>) => RawBuilder<SqlBool>;
}

export type ResourceKind = 'User' | 'Group';

const USER_ATTRS: Record<string, Attr> = {
  username: { type: 'string', col: sql`p.email` },
  emails: { type: 'string', col: sql`p.email` },
  'emails.value': { type: 'string', col: sql`p.email` },
  'emails.type': { type: 'string', col: sql`'work'`, constant: 'work' },
  'emails.primary': { type: 'boolean', col: sql`true`, constant: true },
  externalid: { type: 'string', col: sql`p.external_id`, caseExact: true },
  id: { type: 'uuid', col: sql`p.scim_id` },
  displayname: { type: 'string', col: sql`p.name` },
  'name.formatted': { type: 'string', col: sql`p.name` },
  title: { type: 'string', col: sql`p.job_title` },
  active: { type: 'boolean', col: sql`p.is_active` },
  department: { type: 'string', col: sql`p.department` },
  employeenumber: { type: 'string', col: sql`p.employee_number`, caseExact: true },
  manager: { type: 'uuid', col: sql`(select m.scim_id from professionals m where m.id = p.manager_id)` },
  'manager.value': {
    type: 'uuid',
    col: sql`(select m.scim_id from professionals m where m.id = p.manager_id)`,
  },
  'meta.created': { type: 'datetime', col: sql`p.created_at` },
  'meta.lastmodified': { type: 'datetime', col: sql`p.updated_at` },
};

const memberExists = (predicate: RawBuilder<SqlBool>) =>
  sql<SqlBool>`exists (select 1 from scim_group_members gm join professionals mp on mp.id = gm.professional_id
    where gm.group_id = g.id and mp.scim_id is not null and ${predicate})`;

const GROUP_ATTRS: Record<string, Attr> = {
  displayname: { type: 'string', col: sql`g.display_name` },
  externalid: { type: 'string', col: sql`g.external_id`, caseExact: true },
  id: { type: 'uuid', col: sql`g.id` },
  members: { type: 'uuid', col: sql`mp.scim_id`, exists: memberExists },
  'members.value': { type: 'uuid', col: sql`mp.scim_id`, exists: memberExists },
  'meta.created': { type: 'datetime', col: sql`g.created_at` },
  'meta.lastmodified': { type: 'datetime', col: sql`g.updated_at` },
};

/** The longest filter accepted (Entra's are a few dozen characters). */
export const MAX_FILTER_LENGTH = 2000;

/** An attribute path without its schema URN, lower-cased (`urn:…:enterprise:2.0:User:department` → `department`). */
export function attributeKey(path: string, kind: ResourceKind): string {
  let p = path.trim();
  const lower = p.toLowerCase();
  for (const urn of kind === 'User' ? [CORE_USER, ENTERPRISE_USER] : [CORE_GROUP]) {
    const u = urn.toLowerCase();
    if (lower.startsWith(`${u}:`)) {
      p = p.slice(u.length + 1);
      break;
    }
    if (lower === u) return '';
  }
  return p.toLowerCase();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function invalid(detail: string) {
  return scimError(400, 'invalidFilter', detail);
}

function compare(attr: Attr, attrPath: string, op: string, value: unknown): RawBuilder<SqlBool> {
  const { col } = attr;
  if (op === 'pr')
    return attr.type === 'string' ? sql`(${col} is not null and ${col} <> '')` : sql`${col} is not null`;
  switch (attr.type) {
    case 'boolean': {
      const b =
        value === true || value === 'true' || value === 'True'
          ? true
          : value === false || value === 'false' || value === 'False'
            ? false
            : undefined;
      if (b === undefined) throw invalid(`${attrPath} is a boolean: compare it with true or false`);
      if (op === 'eq') return sql`${col} = ${b}`;
      if (op === 'ne') return sql`${col} is distinct from ${b}`;
      throw invalid(`${attrPath} is a boolean: only eq, ne and pr apply`);
    }
    case 'uuid': {
      if (typeof value !== 'string') throw invalid(`${attrPath} is compared with a string`);
      if (op === 'eq') return isUuid(value) ? sql`${col} = ${value.toLowerCase()}::uuid` : sql`false`;
      if (op === 'ne')
        return isUuid(value)
          ? sql`${col} is distinct from ${value.toLowerCase()}::uuid`
          : sql`${col} is not null`;
      return textCompare(sql`${col}::text`, attrPath, op, value.toLowerCase(), true);
    }
    case 'datetime': {
      if (typeof value !== 'string' || Number.isNaN(Date.parse(value)))
        throw invalid(`${attrPath} is a date and time: compare it with an ISO 8601 string`);
      const at = new Date(value).toISOString();
      const ops: Record<string, string> = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' };
      const o = ops[op];
      if (!o) throw invalid(`${attrPath} is a date and time: only eq, ne, gt, ge, lt, le and pr apply`);
      return sql`${col} ${sql.raw(o)} ${at}::timestamptz`;
    }
    default: {
      if (typeof value !== 'string') throw invalid(`${attrPath} is a string: compare it with a quoted value`);
      return textCompare(col, attrPath, op, value, attr.caseExact ?? false);
    }
  }
}

function textCompare(
  col: RawBuilder<unknown>,
  attrPath: string,
  op: string,
  value: string,
  caseExact: boolean,
) {
  const c = caseExact ? col : sql`lower(${col})`;
  const v = caseExact ? value : value.toLowerCase();
  switch (op) {
    case 'eq':
      // exact attributes with a lower() index (externalId) are found through it, then compared exactly
      return caseExact
        ? sql<SqlBool>`(lower(${col}) = ${value.toLowerCase()} and ${col} = ${value})`
        : sql<SqlBool>`${c} = ${v}`;
    case 'ne':
      return sql<SqlBool>`${c} is distinct from ${v}`;
    case 'co':
      return sql<SqlBool>`${c} like ${`%${likeEscape(v)}%`}`;
    case 'sw':
      return sql<SqlBool>`${c} like ${`${likeEscape(v)}%`}`;
    case 'ew':
      return sql<SqlBool>`${c} like ${`%${likeEscape(v)}`}`;
    case 'gt':
      return sql<SqlBool>`${c} > ${v}`;
    case 'ge':
      return sql<SqlBool>`${c} >= ${v}`;
    case 'lt':
      return sql<SqlBool>`${c} < ${v}`;
    case 'le':
      return sql<SqlBool>`${c} <= ${v}`;
    default:
      throw invalid(`Unknown operator ${op} on ${attrPath}`);
  }
}

function constantCompare(attr: Attr, attrPath: string, op: string, value: unknown): RawBuilder<SqlBool> {
  if (op === 'pr') return sql`true`;
  const c = attr.constant!;
  const v =
    typeof c === 'boolean'
      ? value === true || String(value).toLowerCase() === 'true'
      : String(value).toLowerCase();
  if (op === 'eq') return v === c ? sql`true` : sql`false`;
  if (op === 'ne') return v === c ? sql`false` : sql`true`;
  return compare({ ...attr, constant: undefined }, attrPath, op, value);
}

function translate(f: Filter, kind: ResourceKind, prefix: string, depth: number): RawBuilder<SqlBool> {
  if (depth > 50) throw invalid('The filter nests too deeply');
  const attrs = kind === 'User' ? USER_ATTRS : GROUP_ATTRS;
  switch (f.op) {
    case 'and':
    case 'or': {
      const parts = f.filters.map((x) => translate(x, kind, prefix, depth + 1));
      return sql<SqlBool>`(${sql.join(parts, sql.raw(f.op === 'and' ? ' and ' : ' or '))})`;
    }
    case 'not':
      return sql<SqlBool>`not coalesce(${translate(f.filter, kind, prefix, depth + 1)}, false)`;
    case '[]': {
      const base = attributeKey(f.attrPath, kind);
      const attr = attrs[base];
      if (!attr || base.includes('.') || !Object.keys(attrs).some((k) => k.startsWith(`${base}.`)))
        throw invalid(`${f.attrPath} is not a multi-valued attribute of a ${kind}`);
      const inner = translate(f.valFilter, kind, `${base}.`, depth + 1);
      return attr.exists ? attr.exists(inner) : inner;
    }
    default: {
      const key = prefix + attributeKey(f.attrPath, kind);
      const attr = attrs[key];
      if (!attr) throw invalid(`Unknown attribute in the filter: ${f.attrPath}`);
      const value = 'compValue' in f ? f.compValue : undefined;
      const predicate =
        attr.constant !== undefined
          ? constantCompare(attr, f.attrPath, f.op, value)
          : compare(attr, f.attrPath, f.op, value);
      // a member attribute outside brackets (`members eq "…"`, `members.value eq "…"`)
      return attr.exists && !prefix ? attr.exists(predicate) : predicate;
    }
  }
}

/** The SQL predicate of a SCIM filter on users (`p`) or groups (`g`); 400 invalidFilter when it is not one. */
export function filterToSql(filter: string, kind: ResourceKind): RawBuilder<SqlBool> {
  if (filter.length > MAX_FILTER_LENGTH)
    throw invalid(`The filter is longer than ${MAX_FILTER_LENGTH} characters`);
  let ast: Filter;
  try {
    ast = parse(filter);
  } catch (e) {
    throw invalid(`The filter is not valid: ${(e as Error).message}`.slice(0, 300));
  }
  if (!ast || typeof ast !== 'object') throw invalid('The filter is not valid');
  return translate(ast, kind, '', 0);
}
