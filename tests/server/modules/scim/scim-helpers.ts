import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DB } from '@server/db';

/** A provisioning token as the People screen creates it: the row holds its SHA-256. */
export async function createToken(db: DB, name = 'Entra ID', opts: { revoked?: boolean } = {}) {
  const token = crypto.randomBytes(32).toString('base64url');
  await db
    .insertInto('scimTokens')
    .values({
      name,
      tokenHash: crypto.createHash('sha256').update(token, 'utf8').digest('hex'),
      revokedAt: opts.revoked ? new Date() : null,
    })
    .execute();
  return token;
}

export const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** A SCIM client on one app with one token (what Entra's provisioning service is to the portal). */
export function scimClient(app: FastifyInstance, token: string) {
  const call = async (
    method: string,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await app.inject({
      method: method as 'GET',
      url: `/scim/v2${url}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(payload !== undefined ? { 'content-type': 'application/scim+json' } : {}),
        ...headers,
      },
      payload: payload === undefined ? undefined : JSON.stringify(payload),
    });
    return {
      status: res.statusCode,
      headers: res.headers,
      body: res.body ? (safeJson(res.body) as any) : undefined,
    };
  };
  return {
    call,
    get: (url: string) => call('GET', url),
    post: (url: string, body: unknown) => call('POST', url, body),
    put: (url: string, body: unknown) => call('PUT', url, body),
    patch: (url: string, ops: unknown[]) => call('PATCH', url, { schemas: [PATCH], Operations: ops }),
    del: (url: string) => call('DELETE', url),
  };
}
export type ScimClient = ReturnType<typeof scimClient>;

function safeJson(text: string) {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A user as Entra sends it by default (its attribute mappings of a new enterprise application). */
export function entraUser(n: number | string, extra: Record<string, unknown> = {}) {
  const upn = `user${n}@contoso.example`;
  return {
    schemas: [USER, ENTERPRISE],
    externalId: `user${n}`,
    userName: upn,
    active: true,
    displayName: `User ${n}`,
    emails: [{ primary: true, type: 'work', value: upn }],
    meta: { resourceType: 'User' },
    name: { formatted: `User ${n}`, familyName: `${n}`, givenName: 'User' },
    title: 'Consultant',
    [ENTERPRISE]: { department: 'Strategy', employeeNumber: `E${n}` },
    ...extra,
  };
}

export const filterQuery = (f: string) => `filter=${encodeURIComponent(f)}`;

export interface CycleClient {
  call(method: string, url: string, payload?: unknown): Promise<{ status: number; body?: any }>;
}

export interface CycleResult {
  requests: number;
  /** Unexpected answers: "<phase> <method> <url> → <status> <detail>". */
  problems: string[];
  /** Latencies (ms) of every request. */
  latencies: number[];
  ms: number;
  users: { n: number; id: string; userName: string }[];
  groups: Record<string, string>;
}

/** Runs `tasks` with at most `concurrency` at once (the provisioning service sends requests in parallel). */
async function pool<T>(items: T[], concurrency: number, task: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await task(items[i]!, i);
      }
    }),
  );
}

/**
 * A provisioning cycle shaped like Entra's: Test Connection; for every user `filter userName eq` → create; the
 * groups looked up by displayName (excludedAttributes=members) → created → members added in batches; then
 * updates (PATCH Replace, a path-less replace, an enterprise path, the manager as a plain id), disables
 * (active "False"), re-enables ("True"), member removals by value, and deletes. Requests go round-robin to the
 * clients (replicas behind a balancer).
 */
export async function runEntraCycle(
  clients: CycleClient[],
  n: number,
  opts: { concurrency?: number; prefix?: string } = {},
): Promise<CycleResult> {
  const concurrency = opts.concurrency ?? 8;
  const prefix = opts.prefix ?? 'cycle';
  const problems: string[] = [];
  const latencies: number[] = [];
  let rr = 0;
  const t0 = performance.now();
  const call = async (phase: string, method: string, url: string, payload: unknown, expected: number[]) => {
    const client = clients[rr++ % clients.length]!;
    const start = performance.now();
    const res = await client.call(method, url, payload);
    latencies.push(performance.now() - start);
    if (!expected.includes(res.status))
      problems.push(`${phase} ${method} ${url} → ${res.status} ${JSON.stringify(res.body)?.slice(0, 200)}`);
    return res;
  };
  const patch = (ops: unknown[]) => ({ schemas: [PATCH], Operations: ops });
  const q = (f: string) => filterQuery(f);

  // Test Connection
  await call('test', 'GET', `/Users?${q(`userName eq "${crypto.randomUUID()}"`)}`, undefined, [200]);

  // users: look up, then create
  const users: CycleResult['users'] = [];
  const numbers = Array.from({ length: n }, (_, i) => i + 1);
  await pool(numbers, concurrency, async (i) => {
    const userName = `${prefix}${i}@contoso.example`;
    const found = await call('lookup', 'GET', `/Users?${q(`userName eq "${userName}"`)}`, undefined, [200]);
    if (found.body?.totalResults !== 0)
      problems.push(`lookup ${userName}: ${found.body?.totalResults} results`);
    const created = await call(
      'create',
      'POST',
      '/Users',
      entraUser(`${prefix}${i}`, { userName, emails: [{ primary: true, type: 'work', value: userName }] }),
      [201],
    );
    if (created.body?.id) users.push({ n: i, id: created.body.id, userName });
  });
  users.sort((a, b) => a.n - b.n);

  // groups: look up, create, add members in batches
  const groups: Record<string, string> = {};
  for (const name of ['API.Portal.KNW', `${prefix} consultants`]) {
    const found = await call(
      'group lookup',
      'GET',
      `/Groups?${q(`displayName eq "${name}"`)}&excludedAttributes=members`,
      undefined,
      [200],
    );
    if (found.body?.totalResults) {
      groups[name] = found.body.Resources[0].id;
      continue;
    }
    const created = await call(
      'group create',
      'POST',
      '/Groups',
      { schemas: [GROUP], displayName: name, externalId: name, members: [] },
      [201],
    );
    groups[name] = created.body?.id;
  }
  const knwMembers = users.filter((u) => u.n % 2 === 0);
  const batches: { group: string; ids: string[] }[] = [];
  for (let i = 0; i < knwMembers.length; i += 10)
    batches.push({ group: groups['API.Portal.KNW']!, ids: knwMembers.slice(i, i + 10).map((u) => u.id) });
  for (let i = 0; i < users.length; i += 10)
    batches.push({ group: groups[`${prefix} consultants`]!, ids: users.slice(i, i + 10).map((u) => u.id) });
  await pool(batches, concurrency, async (b) => {
    await call(
      'group add',
      'PATCH',
      `/Groups/${b.group}`,
      patch([{ op: 'Add', path: 'members', value: b.ids.map((value) => ({ value })) }]),
      [204],
    );
  });
  // Entra checks membership before it adds one more
  if (knwMembers[0]) {
    const check = await call(
      'member check',
      'GET',
      `/Groups?${q(`id eq "${groups['API.Portal.KNW']}" and members[value eq "${knwMembers[0].id}"]`)}&excludedAttributes=members`,
      undefined,
      [200],
    );
    if (check.body?.totalResults !== 1) problems.push('member check: the member is not found');
  }

  // updates: title, department by enterprise path, a path-less replace, the manager as a plain id
  await pool(users, concurrency, async (u) => {
    await call('get', 'GET', `/Users/${u.id}`, undefined, [200]);
    const manager = users[0]!.id === u.id ? undefined : users[0]!.id;
    await call(
      'update',
      'PATCH',
      `/Users/${u.id}`,
      patch([
        { op: 'Replace', path: 'title', value: 'Senior Consultant' },
        { op: 'Replace', path: `${ENTERPRISE}:department`, value: 'Digital' },
        { op: 'Replace', value: { displayName: `Updated ${u.n}`, 'name.givenName': 'Updated' } },
        ...(manager ? [{ op: 'Add', path: `${ENTERPRISE}:manager`, value: manager }] : []),
      ]),
      [200],
    );
  });

  // disables ("out of scope"), then re-enables half of them
  const disabled = users.filter((u) => u.n % 5 === 0);
  await pool(disabled, concurrency, async (u) => {
    await call(
      'disable',
      'PATCH',
      `/Users/${u.id}`,
      patch([{ op: 'Replace', path: 'active', value: 'False' }]),
      [200],
    );
  });
  await pool(
    disabled.filter((u) => u.n % 10 === 0),
    concurrency,
    async (u) => {
      await call(
        'enable',
        'PATCH',
        `/Users/${u.id}`,
        patch([{ op: 'Replace', path: 'active', value: 'True' }]),
        [200],
      );
    },
  );

  // member removals by value (Entra's default) and by filter
  const leaving = knwMembers.filter((u) => u.n % 4 === 0);
  await pool(leaving, concurrency, async (u, i) => {
    const op =
      i % 2 === 0
        ? { op: 'Remove', path: 'members', value: [{ value: u.id }] }
        : { op: 'Remove', path: `members[value eq "${u.id}"]` };
    await call('group remove', 'PATCH', `/Groups/${groups['API.Portal.KNW']}`, patch([op]), [204]);
  });

  // deletes
  const deleted = users.filter((u) => u.n % 10 === 3);
  await pool(deleted, concurrency, async (u) => {
    await call('delete', 'DELETE', `/Users/${u.id}`, undefined, [204]);
    await call('deleted', 'GET', `/Users/${u.id}`, undefined, [404]);
  });

  return { requests: latencies.length, problems, latencies, ms: performance.now() - t0, users, groups };
}

export function percentile(values: number[], p: number) {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
