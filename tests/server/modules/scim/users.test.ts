/**
 * SCIM users (RFC 7644) as Microsoft Entra ID provisions them: a user is a professional of the portal. Create, find
 * (filters translated to SQL), page, project attributes, replace, delete (the professional stays, inactive) and
 * re-create (the same professional comes back), with every change in the people history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signDevIdpToken } from '@server/auth/identity';
import { createTestContext, type TestContext } from '../../helpers';
import {
  createToken,
  ENTERPRISE,
  entraUser,
  filterQuery,
  scimClient,
  USER,
  type ScimClient,
} from './scim-helpers';

let ctx: TestContext;
let scim: ScimClient;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
  scim = scimClient(ctx.app, await createToken(ctx.db, 'Entra ID'));
});
afterAll(() => ctx?.close());

const professional = (email: string) =>
  ctx.db
    .selectFrom('professionals')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();

async function signIn(email: string) {
  const token = await signDevIdpToken(ctx.keys, ctx.config.publicUrl, {
    email,
    name: email,
    login: email.split('@')[0]!,
  });
  return ctx.app.inject({
    method: 'POST',
    url: '/auth/signin',
    headers: { authorization: `Bearer ${token}` },
    payload: { scopes: ['portal'] },
  });
}

describe('SCIM users: create and find', () => {
  it('answers Test Connection (a random userName) with an empty list, in application/scim+json', async () => {
    const res = await scim.get(`/Users?${filterQuery(`userName eq "${crypto.randomUUID()}"`)}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/scim\+json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: 0,
      startIndex: 1,
      itemsPerPage: 0,
      Resources: [],
    });
  });

  it('creates a professional from an Entra user (201, Location, ETag) and finds it by userName, case ignored', async () => {
    const res = await scim.post('/Users', entraUser(1));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const u = res.body;
    expect(u).toMatchObject({
      schemas: [USER, ENTERPRISE],
      userName: 'user1@contoso.example',
      displayName: 'User 1',
      active: true,
      title: 'Consultant',
      externalId: 'user1',
      emails: [{ value: 'user1@contoso.example', type: 'work', primary: true }],
      [ENTERPRISE]: { department: 'Strategy', employeeNumber: 'E1' },
      meta: { resourceType: 'User', version: 'W/"1"' },
    });
    expect(u.meta.location).toBe(`${ctx.config.publicUrl}/scim/v2/Users/${u.id}`);
    expect(res.headers.location).toBe(u.meta.location);
    expect(res.headers.etag).toBe('W/"1"');
    const p = await professional('user1@contoso.example');
    expect(p).toMatchObject({
      scimId: u.id,
      login: 'user1',
      name: 'User 1',
      source: 'scim',
      isActive: true,
      jobTitle: 'Consultant',
      department: 'Strategy',
      employeeNumber: 'E1',
      externalId: 'user1',
    });
    const found = await scim.get(`/users?${filterQuery('userName eq "USER1@contoso.example"')}`);
    expect(found.body.totalResults).toBe(1);
    expect(found.body.Resources[0]).toEqual(u);
    const one = await scim.get(`/Users/${u.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(u);
    expect(one.headers.etag).toBe('W/"1"');
    const history = await ctx.db
      .selectFrom('peopleHistory')
      .selectAll()
      .where('professionalId', '=', p!.id)
      .execute();
    expect(history).toMatchObject([{ source: 'scim', actor: 'Entra ID', summary: 'Provisioned' }]);
  });

  it('filters on userName, externalId, id, the work e-mail and displayName, with and / or / not / sw / co / pr / gt / ge', async () => {
    for (const n of [2, 3, 4])
      expect((await scim.post('/Users', entraUser(n, n === 4 ? { title: undefined } : {}))).status).toBe(201);
    const ids = async (f: string) => {
      const res = await scim.get(`/Users?${filterQuery(f)}`);
      expect(res.status, `${f}: ${JSON.stringify(res.body)}`).toBe(200);
      return (res.body.Resources as { userName: string }[]).map((r) => r.userName.split('@')[0]).sort();
    };
    const u2 = (await scim.get(`/Users?${filterQuery('externalId eq "user2"')}`)).body.Resources[0];
    expect(u2.userName).toBe('user2@contoso.example');
    expect(await ids('externalId eq "USER2"')).toEqual([]); // externalId is case-exact
    expect(await ids(`id eq "${u2.id}"`)).toEqual(['user2']);
    expect(await ids('id eq "not-a-uuid"')).toEqual([]);
    expect(await ids('emails[type eq "work"].value eq "user3@contoso.example"')).toEqual(['user3']);
    expect(await ids('emails[type eq "work" and value eq "user3@contoso.example"]')).toEqual(['user3']);
    expect(await ids('emails.value eq "user3@contoso.example"')).toEqual(['user3']);
    expect(await ids('displayName eq "user 2"')).toEqual(['user2']);
    expect(await ids('userName sw "user" and externalId eq "user3"')).toEqual(['user3']);
    expect(await ids('userName eq "user2@contoso.example" or userName eq "user3@contoso.example"')).toEqual([
      'user2',
      'user3',
    ]);
    expect(await ids('userName co "er4@con"')).toEqual(['user4']);
    expect(await ids('userName ew "4@contoso.example"')).toEqual(['user4']);
    expect(await ids('userName sw "user" and not (title pr)')).toEqual(['user4']);
    expect(await ids('title pr and userName sw "user"')).toEqual(['user1', 'user2', 'user3']);
    expect(await ids('userName sw "user_"')).toEqual([]); // LIKE wildcards are literal
    expect(await ids('userName gt "user2@contoso.example" and userName sw "user"')).toEqual([
      'user3',
      'user4',
    ]);
    expect(await ids('userName ge "user2@contoso.example" and userName sw "user"')).toEqual([
      'user2',
      'user3',
      'user4',
    ]);
    expect(await ids(`${ENTERPRISE}:employeeNumber eq "E3"`)).toEqual(['user3']);
    expect(await ids('active eq true and userName sw "user"')).toEqual(['user1', 'user2', 'user3', 'user4']);
    expect(await ids('meta.lastModified ge "2000-01-01T00:00:00Z" and userName sw "user"')).toEqual([
      'user1',
      'user2',
      'user3',
      'user4',
    ]);
    expect(await ids('meta.created gt "2999-01-01T00:00:00Z"')).toEqual([]);
  });

  it('refuses a filter it cannot answer with 400 invalidFilter (unknown attribute, bad syntax, wrong value type)', async () => {
    for (const f of [
      'nickName eq "x"',
      'userName eq',
      'userName zz "x"',
      '((userName eq "x"',
      'active eq "maybe"',
      'meta.created gt "yesterday"',
      'userName eq 3',
      'x'.repeat(3000),
    ]) {
      const res = await scim.get(`/Users?${filterQuery(f)}`);
      expect(res.status, f).toBe(400);
      expect(res.body, f).toMatchObject({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
        status: '400',
        scimType: 'invalidFilter',
      });
    }
  });

  it('pages with startIndex and count (totalResults counts every match)', async () => {
    const page = async (q: string) =>
      (await scim.get(`/Users?${filterQuery('userName sw "user"')}&${q}`)).body;
    const first = await page('startIndex=1&count=2');
    expect(first).toMatchObject({ totalResults: 4, startIndex: 1, itemsPerPage: 2 });
    const second = await page('startIndex=3&count=2');
    expect(second).toMatchObject({ totalResults: 4, startIndex: 3, itemsPerPage: 2 });
    const all = [...first.Resources, ...second.Resources].map((r: { userName: string }) => r.userName);
    expect(new Set(all).size).toBe(4);
    expect(await page('count=0')).toMatchObject({ totalResults: 4, itemsPerPage: 0, Resources: [] });
    expect(await page('startIndex=0&count=-5')).toMatchObject({ startIndex: 1, itemsPerPage: 0 });
    expect((await scim.get('/Users?startIndex=abc')).status).toBe(400);
  });

  it('answers only the attributes asked for, or all but the excluded ones', async () => {
    const only = await scim.get(
      `/Users?${filterQuery('externalId eq "user1"')}&attributes=userName,${ENTERPRISE}:department`,
    );
    expect(only.body.Resources[0]).toEqual({
      schemas: [USER, ENTERPRISE],
      id: expect.any(String),
      userName: 'user1@contoso.example',
      [ENTERPRISE]: { department: 'Strategy' },
    });
    const without = await scim.get(
      `/Users?${filterQuery('externalId eq "user1"')}&excludedAttributes=emails,name,meta`,
    );
    const r = without.body.Resources[0];
    expect(r).toHaveProperty('userName');
    expect(r).not.toHaveProperty('emails');
    expect(r).not.toHaveProperty('name');
    expect(r).not.toHaveProperty('meta');
  });

  it('answers 404 in the SCIM error shape for an unknown user', async () => {
    for (const id of [crypto.randomUUID(), 'nope']) {
      const res = await scim.get(`/Users/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
        status: '404',
        detail: expect.any(String),
      });
    }
  });

  it('refuses a create without a valid userName (400 invalidValue) and writes nothing', async () => {
    const before = await ctx.db
      .selectFrom('professionals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const body of [
      { schemas: [USER] },
      entraUser(9, { userName: 'not an e-mail' }),
      entraUser(9, { userName: 42 }),
      entraUser(9, { active: 'maybe' }),
      entraUser(9, { displayName: 'x'.repeat(300) }),
      entraUser(9, { title: { nested: true } }),
    ]) {
      const res = await scim.post('/Users', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.scimType).toBe('invalidValue');
    }
    const after = await ctx.db
      .selectFrom('professionals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('SCIM users: uniqueness and taking over existing professionals', () => {
  it('a second create of the same userName is 409 uniqueness', async () => {
    const res = await scim.post('/Users', entraUser(1, { externalId: 'other' }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ status: '409', scimType: 'uniqueness' });
  });

  it('concurrent creates of one userName make one professional; the others are 409 uniqueness', async () => {
    const results = await Promise.all([0, 1, 2, 3].map(() => scim.post('/Users', entraUser(50))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const rows = await ctx.db
      .selectFrom('professionals')
      .select('id')
      .where('email', 'ilike', 'user50@contoso.example')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("takes over the portal's professional of the same e-mail (the same person, not a twin), keeping the portal's own fields", async () => {
    const before = (await professional('carla.consultant@example.com'))!;
    const res = await scim.post(
      '/Users',
      entraUser('c', {
        userName: 'Carla.Consultant@example.com',
        displayName: 'Carla Costa',
        externalId: 'carla',
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const after = (await professional('carla.consultant@example.com'))!;
    expect(after.id).toBe(before.id);
    expect(after).toMatchObject({
      scimId: res.body.id,
      source: 'scim',
      login: before.login,
      practiceId: before.practiceId,
      comanagementId: before.comanagementId,
      businessUnits: before.businessUnits,
      officeId: before.officeId,
      positionId: before.positionId,
      scopes: before.scopes,
    });
    const again = await scim.post('/Users', entraUser('c2', { userName: 'carla.consultant@example.com' }));
    expect(again.status).toBe(409);
  });

  it('gives a new professional the whole e-mail as login when the local part is taken', async () => {
    const res = await scim.post(
      '/Users',
      entraUser('a', { userName: 'alice.admin@contoso.example', externalId: 'alice2' }),
    );
    expect(res.status).toBe(201);
    expect((await professional('alice.admin@contoso.example'))!.login).toBe('alice.admin@contoso.example');
  });
});

describe('SCIM users: replace, disable, delete', () => {
  it('PUT replaces the SCIM fields and never clears the portal’s own', async () => {
    const u = (await scim.get(`/Users?${filterQuery('externalId eq "user2"')}`)).body.Resources[0];
    const p = (await professional('user2@contoso.example'))!;
    await ctx.db
      .updateTable('professionals')
      .set({ practiceId: 1, businessUnits: ['BU1'] })
      .where('id', '=', p.id)
      .execute();
    const res = await scim.put(`/Users/${u.id}`, {
      ...entraUser(2),
      title: 'Manager',
      [ENTERPRISE]: { department: 'Operations' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ title: 'Manager', [ENTERPRISE]: { department: 'Operations' } });
    expect(res.body[ENTERPRISE]).not.toHaveProperty('employeeNumber');
    expect(res.body.meta.version).toBe('W/"2"');
    const after = (await professional('user2@contoso.example'))!;
    expect(after).toMatchObject({
      jobTitle: 'Manager',
      department: 'Operations',
      employeeNumber: null,
      practiceId: 1,
      businessUnits: ['BU1'],
    });
    const stale = await scim.call('PUT', `/Users/${u.id}`, entraUser(2), { 'if-match': 'W/"1"' });
    expect(stale.status).toBe(412);
    const same = await scim.put(`/Users/${u.id}`, {
      ...entraUser(2),
      title: 'Manager',
      [ENTERPRISE]: { department: 'Operations' },
    });
    expect(same.body.meta.version).toBe('W/"2"'); // nothing changed, nothing written
    const history = await ctx.db
      .selectFrom('peopleHistory')
      .select(['summary', 'changes'])
      .where('professionalId', '=', p.id)
      .orderBy('id')
      .execute();
    expect(history.at(-1)).toMatchObject({
      summary: 'Changed: title, department, employeeNumber',
      changes: { jobTitle: ['Consultant', 'Manager'] },
    });
  });

  it('active false makes the professional inactive: refused at sign-in and on the next request; true restores them', async () => {
    const u = (await scim.get(`/Users?${filterQuery('externalId eq "user3"')}`)).body.Resources[0];
    expect((await signIn('user3@contoso.example')).statusCode).toBe(200);
    const portal = {
      authorization: `Bearer ${(await (await signIn('user3@contoso.example')).json()).accessToken}`,
    };
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/me/notifications', headers: portal })).statusCode,
    ).not.toBe(401);
    const off = await scim.put(`/Users/${u.id}`, entraUser(3, { active: false }));
    expect(off.body.active).toBe(false);
    expect((await signIn('user3@contoso.example')).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/me/notifications', headers: portal })).statusCode,
    ).toBe(401);
    const on = await scim.put(`/Users/${u.id}`, entraUser(3, { active: 'True' }));
    expect(on.body.active).toBe(true);
    expect((await signIn('user3@contoso.example')).statusCode).toBe(200);
  });

  it('DELETE removes the SCIM resource (404 after) while the professional stays, inactive; a new create brings the same one back', async () => {
    const u = (await scim.get(`/Users?${filterQuery('externalId eq "user4"')}`)).body.Resources[0];
    const p = (await professional('user4@contoso.example'))!;
    const del = await scim.del(`/Users/${u.id}`);
    expect(del.status).toBe(204);
    expect((await scim.get(`/Users/${u.id}`)).status).toBe(404);
    expect((await scim.del(`/Users/${u.id}`)).status).toBe(404);
    expect(
      (await scim.get(`/Users?${filterQuery('userName eq "user4@contoso.example"')}`)).body.totalResults,
    ).toBe(0);
    expect(await professional('user4@contoso.example')).toMatchObject({
      id: p.id,
      scimId: null,
      isActive: false,
      source: 'scim',
      name: 'User 4',
    });
    expect((await signIn('user4@contoso.example')).statusCode).toBe(401);
    const back = await scim.post('/Users', entraUser(4));
    expect(back.status).toBe(201);
    expect(back.body.id).not.toBe(u.id);
    expect(await professional('user4@contoso.example')).toMatchObject({
      id: p.id,
      scimId: back.body.id,
      isActive: true,
    });
    const history = await ctx.db
      .selectFrom('peopleHistory')
      .select('summary')
      .where('professionalId', '=', p.id)
      .orderBy('id')
      .execute();
    expect(history.map((h) => h.summary)).toEqual([
      'Provisioned',
      'Deprovisioned (deleted in the directory): inactive',
      'Provisioned (matched by e-mail), reactivated',
    ]);
  });

  it('matches a deleted user coming back by Entra object id when the e-mail changed', async () => {
    const objectId = crypto.randomUUID();
    const created = await scim.post('/Users', entraUser(60, { externalId: objectId }));
    const p = (await professional('user60@contoso.example'))!;
    expect(p.entraObjectId).toBe(objectId);
    await scim.del(`/Users/${created.body.id}`);
    const back = await scim.post('/Users', entraUser(61, { externalId: objectId }));
    expect(back.status).toBe(201);
    expect(await professional('user61@contoso.example')).toMatchObject({ id: p.id, isActive: true });
  });

  it('refuses to deactivate or delete the last active administrator (400 mutability), changing nothing', async () => {
    const res = await scim.post(
      '/Users',
      entraUser('admin', { userName: 'alice.admin@example.com', externalId: 'alice' }),
    );
    expect(res.status).toBe(201);
    // Alice is the only active Admin of the demo data
    const off = await scim.put(`/Users/${res.body.id}`, {
      ...entraUser('admin', { userName: 'alice.admin@example.com', externalId: 'alice' }),
      active: false,
    });
    expect(off.status).toBe(400);
    expect(off.body).toMatchObject({
      scimType: 'mutability',
      detail: expect.stringMatching(/administrator/),
    });
    const del = await scim.del(`/Users/${res.body.id}`);
    expect(del.status).toBe(400);
    expect(await professional('alice.admin@example.com')).toMatchObject({
      isActive: true,
      scimId: res.body.id,
    });
  });

  it('records every request in the provisioning log with its token', async () => {
    await new Promise((r) => setTimeout(r, 50));
    const rows = await ctx.db
      .selectFrom('scimRequests')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(400)
      .execute();
    expect(
      rows.some(
        (r) =>
          r.method === 'POST' &&
          r.path === '/scim/v2/Users' &&
          r.status === 201 &&
          r.tokenName === 'Entra ID',
      ),
    ).toBe(true);
    expect(rows.some((r) => r.status === 409 && r.detail?.includes('already exists'))).toBe(true);
    const token = await ctx.db
      .selectFrom('scimTokens')
      .select('lastUsedAt')
      .where('name', '=', 'Entra ID')
      .executeTakeFirstOrThrow();
    expect(token.lastUsedAt).not.toBeNull();
  });
});
