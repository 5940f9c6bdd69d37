/**
 * The SCIM protocol around the resources: discovery (ServiceProviderConfig, ResourceTypes, Schemas), paths in any
 * case, the media type, and bad input on every route — a 4xx in SCIM's error shape, never a 500, nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { pruneRequests } from '@server/modules/scim/repo';
import { createTestContext, type TestContext } from '../../helpers';
import { createToken, entraUser, GROUP, scimClient, type ScimClient } from './scim-helpers';

let ctx: TestContext;
let scim: ScimClient;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
  token = await createToken(ctx.db, 'Entra ID');
  scim = scimClient(ctx.app, token);
});
afterAll(() => ctx?.close());

const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

describe('SCIM discovery', () => {
  it('describes itself: PATCH and filters supported, bulk and sort not, a bearer token', async () => {
    const res = await scim.get('/ServiceProviderConfig');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 200 },
      sort: { supported: false },
      etag: { supported: true },
      authenticationSchemes: [{ type: 'oauthbearertoken' }],
    });
    const types = await scim.get('/ResourceTypes');
    expect(types.body.Resources.map((r: { id: string }) => r.id)).toEqual(['User', 'Group']);
    expect((await scim.get('/ResourceTypes/user')).body.endpoint).toBe('/Users');
    const schemas = await scim.get('/Schemas');
    expect(schemas.body.totalResults).toBe(3);
    const user = await scim.get('/Schemas/urn:ietf:params:scim:schemas:core:2.0:User');
    expect(user.body.attributes.map((a: { name: string }) => a.name)).toContain('userName');
    expect((await scim.get('/Schemas/nope')).status).toBe(404);
  });

  it('matches resource paths without case (Entra and its test collection send /users)', async () => {
    for (const url of [
      '/scim/v2/users',
      '/SCIM/V2/USERS',
      '/scim/v2/Users/',
      '/scim/v2/groups',
      '/scim/v2/serviceproviderconfig',
      '/scim/v2/resourcetypes',
      '/scim/v2/schemas',
    ])
      expect(
        (await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }))
          .statusCode,
        url,
      ).toBe(200);
    const created = await scim.post('/users', entraUser(1));
    expect(created.status).toBe(201);
    expect((await scim.get(`/USERS/${created.body.id.toUpperCase()}`)).status).toBe(200);
  });

  it('takes application/json as well as application/scim+json, and answers application/scim+json', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify(entraUser(2)),
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/scim\+json/);
  });

  it('appears in the permission table with its own rule and in the OpenAPI document', async () => {
    const scimRoutes = ctx.app.routeCatalog.filter((r) => r.url.startsWith('/scim/v2'));
    expect(scimRoutes.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      [
        'DELETE /scim/v2/Groups/:id',
        'DELETE /scim/v2/Users/:id',
        'GET /scim/v2/Groups',
        'GET /scim/v2/Groups/:id',
        'GET /scim/v2/ResourceTypes',
        'GET /scim/v2/ResourceTypes/:id',
        'GET /scim/v2/Schemas',
        'GET /scim/v2/Schemas/:id',
        'GET /scim/v2/ServiceProviderConfig',
        'GET /scim/v2/Users',
        'GET /scim/v2/Users/:id',
        'PATCH /scim/v2/Groups/:id',
        'PATCH /scim/v2/Users/:id',
        'POST /scim/v2/Groups',
        'POST /scim/v2/Users',
        'PUT /scim/v2/Groups/:id',
        'PUT /scim/v2/Users/:id',
      ].sort(),
    );
    expect(new Set(scimRoutes.map((r) => r.rule))).toEqual(new Set(['scimToken']));
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/scim/v2/Users', '/scim/v2/Users/{id}', '/scim/v2/Groups/{id}']),
    );
  });
});

describe('bad input under /scim/v2', () => {
  const count = async () =>
    Number(
      (
        await ctx.db
          .selectFrom('professionals')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ) +
    Number(
      (
        await ctx.db
          .selectFrom('scimGroups')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('answers every bad request on every route with a 4xx in the SCIM error shape, never a 500, writing nothing', async () => {
    const user = (await scim.post('/Users', entraUser(3))).body;
    const group = (await scim.post('/Groups', { schemas: [GROUP], displayName: 'Team' })).body;
    const before = await count();
    const routes: [string, string][] = [
      ['POST', '/Users'],
      ['PUT', `/Users/${user.id}`],
      ['PATCH', `/Users/${user.id}`],
      ['POST', '/Groups'],
      ['PUT', `/Groups/${group.id}`],
      ['PATCH', `/Groups/${group.id}`],
    ];
    const bodies: [string, string][] = [
      ['{', 'application/scim+json'],
      ['[1,', 'application/json'],
      ['null', 'application/scim+json'],
      ['[]', 'application/scim+json'],
      ['"text"', 'application/scim+json'],
      ['123', 'application/scim+json'],
      ['{"__proto__":{"x":1}}', 'application/scim+json'],
      ['{"constructor":{"prototype":{"x":1}}}', 'application/scim+json'],
      [JSON.stringify({ userName: 'a\u0000b@x.y', displayName: 'a\u0000b' }), 'application/scim+json'],
      [
        JSON.stringify({ Operations: [{ op: 'add', path: 'members', value: [{ value: 'x'.repeat(300) }] }] }),
        'application/scim+json',
      ],
      ['<x/>', 'application/xml'],
      ['a=1', 'application/x-www-form-urlencoded'],
      [JSON.stringify({ x: 'a'.repeat(2 * 1024 * 1024) }), 'application/scim+json'],
      ['['.repeat(100) + ']'.repeat(100), 'application/scim+json'],
      [
        JSON.stringify({ userName: 'x@y.z', displayName: 'ok', emails: 'nope', members: 'nope' }),
        'application/scim+json',
      ],
      [
        JSON.stringify({ userName: '😀'.repeat(200) + '@x.y', displayName: '\uD800' }),
        'application/scim+json',
      ],
    ];
    const problems: string[] = [];
    for (const [method, url] of routes) {
      for (const [payload, contentType] of bodies) {
        const res = await ctx.app.inject({
          method: method as 'POST',
          url: `/scim/v2${url}`,
          headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
          payload,
        });
        const label = `${method} ${url} ${payload.slice(0, 40)} → ${res.statusCode} ${res.body.slice(0, 160)}`;
        if (res.statusCode >= 500 || res.statusCode < 400) {
          // a valid-looking body on PATCH/PUT may legitimately pass; only 5xx and the error shape are wrong
          if (res.statusCode >= 500) problems.push(label);
          continue;
        }
        const body = res.json();
        if (
          body.schemas?.[0] !== ERROR ||
          body.status !== String(res.statusCode) ||
          typeof body.detail !== 'string' ||
          body.statusCode !== res.statusCode
        )
          problems.push(label);
      }
    }
    for (const url of [
      `/Users?filter=${encodeURIComponent('userName eq "x" and')}`,
      '/Users?count=1e99',
      '/Users?startIndex=-1&count=abc',
      `/Users?filter=${'%00'}`,
      `/Users?attributes=${'a,'.repeat(2000)}`,
      '/Groups?filter=members[value eq 3]',
      '/Nope',
      '/Users/1/2/3',
    ]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/scim/v2${url}`,
        headers: { authorization: `Bearer ${token}` },
      });
      const label = `GET ${url.slice(0, 60)} → ${res.statusCode} ${res.body.slice(0, 160)}`;
      if (res.statusCode >= 500 || res.statusCode < 400) problems.push(label);
      else if (res.json().schemas?.[0] !== ERROR) problems.push(label);
    }
    // refused by the router before any route (bad percent-encoding, an over-long id): the server's one error shape
    for (const url of ['/Users/%E0%A4%A', `/Users/${'x'.repeat(300)}`]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/scim/v2${url}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ statusCode: res.statusCode, message: expect.any(String) });
    }
    expect(problems).toEqual([]);
    expect(await count()).toBe(before);
  });

  it('names the refusal: 415 for a wrong media type, 413 for a body over 1 MB, 400 invalidSyntax for bad JSON', async () => {
    const send = (payload: string, contentType: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/scim/v2/Users',
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
        payload,
      });
    const media = await send('<x/>', 'application/xml');
    expect([media.statusCode, media.json().status]).toEqual([415, '415']);
    const big = await send(JSON.stringify({ x: 'a'.repeat(2 * 1024 * 1024) }), 'application/scim+json');
    expect([big.statusCode, big.json().status]).toEqual([413, '413']);
    const json = await send('{', 'application/scim+json');
    expect(json.statusCode).toBe(400);
    expect(json.json().scimType).toBe('invalidSyntax');
    const notFound = await ctx.app.inject({
      method: 'GET',
      url: '/scim/v2/Nope',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toMatchObject({ schemas: [ERROR], status: '404' });
  });
});

describe('the provisioning request log', () => {
  it('keeps the last 30 days and at most the newest 5,000 requests', async () => {
    await sql`insert into scim_requests (at, token_name, method, path, status)
      select now() - interval '40 days', 'Entra ID', 'GET', '/scim/v2/Users', 200 from generate_series(1, 10)`.execute(
      ctx.db,
    );
    await sql`insert into scim_requests (token_name, method, path, status)
      select 'Entra ID', 'GET', '/scim/v2/Users', 200 from generate_series(1, 5100)`.execute(ctx.db);
    await pruneRequests(ctx.db);
    const rows = await sql<{ n: number; old: number }>`select count(*)::int as n,
      count(*) filter (where at < now() - interval '30 days')::int as old from scim_requests`.execute(ctx.db);
    expect(rows.rows[0]).toEqual({ n: 5000, old: 0 });
  });
});
