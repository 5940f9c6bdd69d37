/**
 * Admin › People (administrators only): every professional searched and paged on the server, the portal's own
 * fields, scopes granted by hand, people added and deactivated by hand, and Microsoft Entra ID provisioning — the
 * groups' scopes, the provisioning tokens and the last requests.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, demoIds, type TestContext } from '../helpers';
import { request, type Method, type Requester } from '../request';

let ctx: TestContext;
let person: Record<string, number>;
/** Requests as Alice, the Admin. */
let admin: Requester;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
  admin = request(ctx, 'alice.admin');
  person = (await demoIds(ctx.db)).person;
});
afterAll(() => ctx?.close());

const ADMIN = 'API.Portal.Admin';
const KNW = 'API.Portal.KNW';

const professional = (id: number) =>
  ctx.db.selectFrom('professionals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const historyRows = (id: number) =>
  ctx.db.selectFrom('peopleHistory').selectAll().where('professionalId', '=', id).orderBy('id').execute();

let seq = 0;
/** A person added by hand through the API. */
async function addPerson(extra: Record<string, unknown> = {}) {
  seq += 1;
  const res = await admin.post('/api/admin/people', {
    name: `Test Person ${seq}`,
    email: `test.person${seq}@example.com`,
    ...extra,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; version: number; login: string };
}

/** A person as the SCIM module writes one (source scim, a SCIM resource id). */
async function provisionedPerson(name: string) {
  const login = name.toLowerCase().replace(/\s+/g, '.');
  const row = await ctx.db
    .insertInto('professionals')
    .values({
      name,
      email: `${login}@contoso.example`,
      login,
      jobTitle: 'Engineer',
      source: 'scim',
      scimId: crypto.randomUUID(),
      externalId: login,
      department: 'Engineering',
      employeeNumber: 'E-100',
      managerId: person['dora.director']!,
      isActive: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function group(displayName: string, members: number[], scopes: string[] = []) {
  const id = crypto.randomUUID();
  await ctx.db.insertInto('scimGroups').values({ id, displayName, scopes }).execute();
  if (members.length)
    await ctx.db
      .insertInto('scimGroupMembers')
      .values(members.map((professionalId) => ({ groupId: id, professionalId })))
      .execute();
  return id;
}

describe('access', () => {
  const routes: [Method, string, unknown?][] = [
    ['GET', '/api/admin/people'],
    ['GET', '/api/admin/people/choices'],
    ['GET', '/api/admin/people/1'],
    ['PATCH', '/api/admin/people/1', { officeId: 1 }],
    ['POST', '/api/admin/people', { name: 'X', email: 'x@example.com' }],
    ['POST', '/api/admin/people/1/deactivate'],
    ['POST', '/api/admin/people/1/reactivate'],
    ['GET', '/api/admin/people/1/history'],
    ['GET', '/api/admin/provisioning'],
    ['PATCH', `/api/admin/provisioning/groups/${crypto.randomUUID()}`, { scopes: [] }],
    ['POST', '/api/admin/provisioning/tokens', { name: 'Entra' }],
    ['DELETE', '/api/admin/provisioning/tokens/1'],
  ];

  it('a consultant, a KNW holder and a PDC holder are refused every route (403); nobody signed out (401)', async () => {
    for (const login of ['carla.consultant', 'kim.knm', 'pedro.pdc', 'ida.idone']) {
      for (const [method, url, body] of routes) {
        const res = await request(ctx, login).send(method, url, body);
        expect(res.statusCode, `${login} ${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
      }
    }
    for (const [method, url, body] of routes)
      expect((await request(ctx, null).send(method, url, body)).statusCode).toBe(401);
    // nothing was written by the refused calls
    expect(await ctx.db.selectFrom('scimTokens').selectAll().execute()).toEqual([]);
  });
});

describe('GET /api/admin/people', () => {
  it('pages every active person by name with the total of the filters', async () => {
    const first = await admin.get('/api/admin/people?pageSize=3');
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.page).toBe(1);
    expect(page.pageSize).toBe(3);
    expect(page.items).toHaveLength(3);
    expect(page.items[0]).toMatchObject({
      name: 'Alice Almeida',
      email: 'alice.admin@example.com',
      login: 'alice.admin',
      jobTitle: 'Director',
      scopes: [ADMIN],
      isActive: true,
      provisioned: false,
    });
    const active = await ctx.db
      .selectFrom('professionals')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('isActive', '=', true)
      .executeTakeFirstOrThrow();
    expect(page.total).toBe(Number(active.n));
    const second = (await admin.get('/api/admin/people?pageSize=3&page=2')).json();
    expect(second.items.map((p: { name: string }) => p.name)).not.toContain('Alice Almeida');
    const names = [...page.items, ...second.items].map((p: { name: string }) => p.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('searches name, e-mail and login, case and accents ignored, on the server', async () => {
    const byName = (await admin.get('/api/admin/people?search=ALMÉIDA')).json();
    expect(byName.items.map((p: { login: string }) => p.login)).toEqual(['alice.admin']);
    expect(byName.total).toBe(1);
    const byLogin = (await admin.get('/api/admin/people?search=kim.knm')).json();
    expect(byLogin.items.map((p: { login: string }) => p.login)).toEqual(['kim.knm']);
    const twoWords = (await admin.get('/api/admin/people?search=pedro%20prado')).json();
    expect(twoWords.items.map((p: { login: string }) => p.login)).toEqual(['pedro.pdc']);
    const none = (await admin.get('/api/admin/people?search=nobody-at-all')).json();
    expect(none).toMatchObject({ items: [], total: 0 });
  });

  it('shows the inactive people with status inactive or all, and filters by source', async () => {
    const inactive = (await admin.get('/api/admin/people?status=inactive')).json();
    expect(inactive.items.map((p: { login: string }) => p.login)).toContain('rita.retired');
    expect(inactive.items.every((p: { isActive: boolean }) => !p.isActive)).toBe(true);
    const all = (await admin.get('/api/admin/people?status=all&search=rita')).json();
    expect(all.items).toHaveLength(1);
    const id = await provisionedPerson('Sam Scim');
    const scim = (await admin.get('/api/admin/people?source=scim')).json();
    expect(scim.items.map((p: { id: number }) => p.id)).toEqual([id]);
    expect(scim.items[0]).toMatchObject({ source: 'scim', provisioned: true });
  });

  it('refuses bad filters with 400 in the one error shape', async () => {
    for (const q of ['status=gone', 'source=ldap', 'page=0', 'pageSize=201', 'pageSize=abc', 'page=-1']) {
      const res = await admin.get(`/api/admin/people?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
  });
});

describe('GET /api/admin/people/{id}', () => {
  it('answers the person with their version as ETag, manual and effective scopes, no owned fields', async () => {
    const res = await admin.get(`/api/admin/people/${person['alice.admin']}`);
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(res.headers.etag).toBe(`"${p.version}"`);
    expect(p).toMatchObject({
      name: 'Alice Almeida',
      manualScopes: [ADMIN],
      scopes: [ADMIN],
      tokenScopes: [],
      groups: [],
      ownedFields: [],
      provisioned: false,
    });
  });

  it('a provisioned person: the fields provisioning owns, the manager by name, the groups and their scopes', async () => {
    const id = await provisionedPerson('Paz Provisioned');
    await group('API.Portal.KNW', [id], [KNW]);
    const p = (await admin.get(`/api/admin/people/${id}`)).json();
    expect(p.ownedFields).toEqual([
      'name',
      'email',
      'login',
      'jobTitle',
      'isActive',
      'department',
      'employeeNumber',
      'manager',
    ]);
    expect(p.manager).toEqual({ id: person['dora.director'], name: 'Dora Duarte' });
    expect(p.groups).toEqual([expect.objectContaining({ displayName: 'API.Portal.KNW', scopes: [KNW] })]);
    expect(p).toMatchObject({ department: 'Engineering', employeeNumber: 'E-100', source: 'scim' });
  });

  it('404 for an unknown person, 400 for a malformed id', async () => {
    expect((await admin.get('/api/admin/people/999999')).statusCode).toBe(404);
    expect((await admin.get('/api/admin/people/abc')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/people/999999/history')).statusCode).toBe(404);
  });
});

describe('POST /api/admin/people', () => {
  it('adds a person by hand (source manual, login from the e-mail) and records it in the history', async () => {
    const res = await admin.post('/api/admin/people', {
      name: '  Nina Nova ',
      email: 'Nina.Nova@example.com',
      jobTitle: 'Analyst',
      officeId: 2,
      practiceId: 1,
      businessUnits: ['europe'],
      manualScopes: [KNW],
    });
    expect(res.statusCode).toBe(201);
    const p = res.json();
    expect(res.headers.etag).toBe(`"${p.version}"`);
    expect(p).toMatchObject({
      name: 'Nina Nova',
      email: 'Nina.Nova@example.com',
      login: 'nina.nova',
      jobTitle: 'Analyst',
      source: 'manual',
      isActive: true,
      officeId: 2,
      practiceId: 1,
      businessUnits: ['Europe'],
      manualScopes: [KNW],
      scopes: [KNW],
    });
    const history = await historyRows(p.id);
    expect(history).toEqual([
      expect.objectContaining({
        source: 'manual',
        actor: 'Alice Almeida',
        summary: 'Added by hand; Scopes: + KNW',
      }),
    ]);
  });

  it('409 when the e-mail or the login exists, case ignored; nothing written', async () => {
    const before = await ctx.db.selectFrom('professionals').select('id').execute();
    const email = await admin.post('/api/admin/people', { name: 'Kim Two', email: 'KIM.KNM@example.com' });
    expect(email.statusCode).toBe(409);
    expect(email.json().message).toBe('A person with this e-mail already exists');
    const login = await admin.post('/api/admin/people', {
      name: 'Kim Three',
      email: 'Kim.Knm@other.example',
    });
    expect(login.statusCode).toBe(409);
    expect(login.json().message).toContain('login kim.knm');
    expect(await ctx.db.selectFrom('professionals').select('id').execute()).toHaveLength(before.length);
  });

  it('400 for a missing name, a bad e-mail, an unknown scope, an unknown field', async () => {
    for (const body of [
      { email: 'a@example.com' },
      { name: 'A', email: 'not-an-email' },
      { name: 'A', email: 'a@example.com', manualScopes: ['API.Portal.Root'] },
      { name: 'A', email: 'a@example.com', source: 'scim' },
      { name: 'A', email: 'a@example.com', businessUnits: ['Atlantis'] },
    ]) {
      const res = await admin.post('/api/admin/people', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
    expect(
      await ctx.db.selectFrom('professionals').where('email', '=', 'a@example.com').selectAll().execute(),
    ).toEqual([]);
  });
});

describe('PATCH /api/admin/people/{id}', () => {
  it('saves the portal fields with If-Match and records the change with its source', async () => {
    const p = await addPerson();
    const res = await admin.patch(
      `/api/admin/people/${p.id}`,
      { officeId: 3, positionId: 1, comanagementId: 1, businessUnits: ['Brazil', 'brazil'] },
      { ifMatch: `"${p.version}"` },
    );
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({ officeId: 3, positionId: 1, comanagementId: 1, businessUnits: ['Brazil'] });
    expect(saved.version).toBe(p.version + 1);
    expect(res.headers.etag).toBe(`"${saved.version}"`);
    const row = await professional(p.id);
    expect(row).toMatchObject({ officeId: 3, positionId: 1, businessUnits: ['Brazil'] });
    const last = (await historyRows(p.id)).at(-1)!;
    expect(last).toMatchObject({ source: 'manual', actor: 'Alice Almeida', actorId: person['alice.admin'] });
    expect(last.summary).toBe('Changed office, position, co-management, business units');
    expect(last.changes).toMatchObject({ officeId: [null, 3] });
  });

  it('412 with the current person when the If-Match is stale; nothing written', async () => {
    const p = await addPerson();
    await admin.patch(`/api/admin/people/${p.id}`, { officeId: 1 }, { ifMatch: `"${p.version}"` });
    const stale = await admin.patch(
      `/api/admin/people/${p.id}`,
      { officeId: 2 },
      { ifMatch: `"${p.version}"` },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ id: p.id, officeId: 1, version: p.version + 1 });
    expect((await professional(p.id)).officeId).toBe(1);
  });

  it('only active items may be newly chosen (400); a person keeps one deactivated since', async () => {
    const p = await addPerson({ officeId: 4 });
    await ctx.db.updateTable('offices').set({ deactivatedAt: new Date() }).where('id', '=', 4).execute();
    try {
      // keeping it while changing something else is fine
      const keep = await admin.patch(`/api/admin/people/${p.id}`, { officeId: 4, jobTitle: 'Lead' });
      expect(keep.statusCode).toBe(200);
      const other = await addPerson();
      const refused = await admin.patch(`/api/admin/people/${other.id}`, {
        jobTitle: 'Lead',
        officeId: 4,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain('officeId');
      // nothing half-written: the job title was not saved either
      expect((await professional(other.id)).jobTitle).toBeNull();
      expect(
        (await admin.post('/api/admin/people', { name: 'Z', email: 'z@example.com', officeId: 4 }))
          .statusCode,
      ).toBe(400);
      const choices = (await admin.get('/api/admin/people/choices')).json();
      expect(choices.offices.map((o: { ID: number }) => o.ID)).not.toContain(4);
      expect(choices.businessUnits.map((o: { Name: string }) => o.Name)).toContain('Europe');
    } finally {
      await ctx.db.updateTable('offices').set({ deactivatedAt: null }).where('id', '=', 4).execute();
    }
  });

  it('for a person not provisioned: name, e-mail and job title; 409 for an e-mail another person has', async () => {
    const p = await addPerson();
    const res = await admin.patch(`/api/admin/people/${p.id}`, { name: 'Renamed Person', jobTitle: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed Person', jobTitle: null });
    const clash = await admin.patch(`/api/admin/people/${p.id}`, { email: 'Alice.Admin@example.com' });
    expect(clash.statusCode).toBe(409);
    expect((await professional(p.id)).email).not.toBe('Alice.Admin@example.com');
  });

  it("a provisioned person's owned fields are refused (409, nothing written) while portal fields save", async () => {
    const id = await provisionedPerson('Olga Owned');
    const before = await professional(id);
    for (const body of [{ name: 'Other Name' }, { email: 'olga@example.com' }, { jobTitle: 'CEO' }]) {
      const res = await admin.patch(`/api/admin/people/${id}`, { ...body, officeId: 2 });
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json().message).toContain('Managed by Microsoft Entra ID provisioning');
    }
    expect(await professional(id)).toEqual(before);
    // the same value as stored is no change of an owned field
    const res = await admin.patch(`/api/admin/people/${id}`, {
      name: 'Olga Owned',
      officeId: 2,
      practiceId: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Olga Owned', officeId: 2, practiceId: 1 });
  });

  it('400 for an unknown field, a wrong type, a malformed If-Match; 404 for an unknown person', async () => {
    const p = await addPerson();
    for (const body of [
      { isActive: false },
      { scopes: [ADMIN] },
      { officeId: 'x' },
      { manualScopes: 'Admin' },
    ])
      expect((await admin.patch(`/api/admin/people/${p.id}`, body)).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    expect(
      (await admin.patch(`/api/admin/people/${p.id}`, { officeId: 1 }, { ifMatch: 'nope' })).statusCode,
    ).toBe(400);
    expect((await admin.patch('/api/admin/people/999999', { officeId: 1 })).statusCode).toBe(404);
  });
});

describe('scopes and the last active Admin', () => {
  it('grants and removes scopes by hand: the effective scopes follow, and the history says which', async () => {
    const p = await addPerson();
    const granted = await admin.patch(`/api/admin/people/${p.id}`, { manualScopes: [KNW, ADMIN, KNW] });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ manualScopes: [ADMIN, KNW], scopes: [ADMIN, KNW] });
    expect((await historyRows(p.id)).at(-1)!.summary).toBe('Scopes: + Admin, + KNW');
    const removed = await admin.patch(`/api/admin/people/${p.id}`, { manualScopes: [] });
    expect(removed.json()).toMatchObject({ manualScopes: [], scopes: [] });
  });

  it("the only active Admin's Admin scope cannot be removed, nor can she be deactivated (409, nothing written)", async () => {
    // Alice is the only active Admin
    await sql`update professionals set manual_scopes = array_remove(manual_scopes, ${ADMIN}),
      scopes = array_remove(scopes, ${ADMIN}) where id <> ${person['alice.admin']!}`.execute(ctx.db);
    const admins = await ctx.db
      .selectFrom('professionals')
      .select('login')
      .where('isActive', '=', true)
      .where(sql<boolean>`${ADMIN} = any(scopes)`)
      .execute();
    expect(admins.map((a) => a.login)).toEqual(['alice.admin']);
    const alice = person['alice.admin']!;
    const before = await professional(alice);
    const historyBefore = (await historyRows(alice)).length;
    const remove = await admin.patch(`/api/admin/people/${alice}`, { manualScopes: [KNW], officeId: 1 });
    expect(remove.statusCode).toBe(409);
    expect(remove.json()).toMatchObject({ statusCode: 409, error: 'Conflict' });
    expect(remove.json().message).toContain('without an active administrator');
    const deactivate = await admin.post(`/api/admin/people/${alice}/deactivate`);
    expect(deactivate.statusCode).toBe(409);
    expect(await professional(alice)).toEqual(before);
    expect(await historyRows(alice)).toHaveLength(historyBefore);
  });

  it('a provisioned group grants Admin: then the hand-granted one may go, but not the group mapping too', async () => {
    const alice = person['alice.admin']!;
    const gid = await group('Portal Administrators', [alice]);
    const mapped = await admin.patch(`/api/admin/provisioning/groups/${gid}`, { scopes: [ADMIN] });
    expect(mapped.statusCode).toBe(200);
    expect(mapped.json()).toMatchObject({ scopes: [ADMIN], mapped: true, members: 1 });
    const dropped = await admin.patch(`/api/admin/people/${alice}`, { manualScopes: [] });
    expect(dropped.statusCode).toBe(200);
    expect(dropped.json()).toMatchObject({ manualScopes: [], scopes: [ADMIN] });
    const unmap = await admin.patch(`/api/admin/provisioning/groups/${gid}`, { scopes: [] });
    expect(unmap.statusCode).toBe(409);
    expect(
      (await ctx.db.selectFrom('scimGroups').select('scopes').where('id', '=', gid).executeTakeFirstOrThrow())
        .scopes,
    ).toEqual([ADMIN]);
    expect((await professional(alice)).scopes).toEqual([ADMIN]);
    // put Alice back as she was: Admin granted by hand, the group gone
    expect((await admin.patch(`/api/admin/people/${alice}`, { manualScopes: [ADMIN] })).statusCode).toBe(200);
    await ctx.db.deleteFrom('scimGroups').where('id', '=', gid).execute();
  });
});

describe('provisioned groups', () => {
  it('a group mapped to KNW gives its members KNW; removing the mapping removes it but keeps a hand-granted one', async () => {
    const onlyGroup = await provisionedPerson('Gus Group');
    const alsoByHand = await provisionedPerson('Hana Hand');
    expect((await admin.patch(`/api/admin/people/${alsoByHand}`, { manualScopes: [KNW] })).statusCode).toBe(
      200,
    );
    const gid = await group('Knowledge Team', [onlyGroup, alsoByHand]);
    const read = (await admin.get('/api/admin/provisioning')).json();
    const listed = read.groups.find((g: { id: string }) => g.id === gid);
    expect(listed).toMatchObject({
      displayName: 'Knowledge Team',
      members: 2,
      scopes: [],
      mapped: false,
      version: 1,
    });

    const mapped = await admin.patch(
      `/api/admin/provisioning/groups/${gid}`,
      { scopes: [KNW] },
      { ifMatch: '"1"' },
    );
    expect(mapped.statusCode).toBe(200);
    expect(mapped.headers.etag).toBe('"2"');
    expect((await professional(onlyGroup)).scopes).toEqual([KNW]);
    expect((await professional(alsoByHand)).scopes).toEqual([KNW]);
    const line = (await historyRows(onlyGroup)).at(-1)!;
    expect(line).toMatchObject({ source: 'manual', summary: 'Scopes: + KNW (group Knowledge Team)' });
    const person1 = (await admin.get(`/api/admin/people/${onlyGroup}`)).json();
    expect(person1).toMatchObject({ manualScopes: [], scopes: [KNW] });
    expect(person1.groups).toEqual([{ id: gid, displayName: 'Knowledge Team', scopes: [KNW] }]);

    const stale = await admin.patch(
      `/api/admin/provisioning/groups/${gid}`,
      { scopes: [] },
      { ifMatch: '"1"' },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ scopes: [KNW], version: 2 });

    const unmapped = await admin.patch(
      `/api/admin/provisioning/groups/${gid}`,
      { scopes: [] },
      { ifMatch: '"2"' },
    );
    expect(unmapped.statusCode).toBe(200);
    expect((await professional(onlyGroup)).scopes).toEqual([]);
    expect((await professional(alsoByHand)).scopes).toEqual([KNW]);
  });

  it('404 for an unknown group, 400 for a malformed id or an unknown scope', async () => {
    expect(
      (await admin.patch(`/api/admin/provisioning/groups/${crypto.randomUUID()}`, { scopes: [] })).statusCode,
    ).toBe(404);
    expect((await admin.patch('/api/admin/provisioning/groups/3', { scopes: [] })).statusCode).toBe(400);
    const gid = await group('Somebody', []);
    expect(
      (await admin.patch(`/api/admin/provisioning/groups/${gid}`, { scopes: ['Root'] })).statusCode,
    ).toBe(400);
    expect((await admin.patch(`/api/admin/provisioning/groups/${gid}`, {})).statusCode).toBe(400);
  });
});

describe('deactivate and reactivate', () => {
  it('deactivates a person added by hand (history, refused at once on this replica) and reactivates them', async () => {
    const p = await addPerson();
    const token = await ctx.tokenFor(p.login);
    const own = () =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/professionals',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await own()).statusCode).toBe(200);
    const off = await admin.post(`/api/admin/people/${p.id}/deactivate`, undefined, {
      ifMatch: `"${p.version}"`,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ isActive: false, version: p.version + 1 });
    expect((await own()).statusCode).toBe(401);
    // absent from the pickers of new records, still listed with any status
    const master = (await admin.get('/master/professionals')).json() as { ID: number }[];
    expect(master.map((x) => x.ID)).not.toContain(p.id);
    const again = await admin.post(`/api/admin/people/${p.id}/deactivate`);
    expect(again.statusCode).toBe(200);
    const on = await admin.post(`/api/admin/people/${p.id}/reactivate`);
    expect(on.json()).toMatchObject({ isActive: true });
    const history = (await admin.get(`/api/admin/people/${p.id}/history`)).json();
    expect(history.map((h: { summary: string }) => h.summary)).toEqual([
      'Reactivated',
      'Deactivated',
      'Added by hand',
    ]);
    expect(history[0]).toMatchObject({
      source: 'manual',
      actor: 'Alice Almeida',
      changes: { isActive: [false, true] },
    });
  });

  it('a provisioned person is deactivated in Entra ID, not here (409, nothing written)', async () => {
    const id = await provisionedPerson('Pia Provisioned');
    for (const action of ['deactivate', 'reactivate']) {
      const res = await admin.post(`/api/admin/people/${id}/${action}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Provisioned from Entra ID: deactivate them there');
    }
    expect((await professional(id)).isActive).toBe(true);
    expect(await historyRows(id)).toEqual([]);
  });

  it('412 when stale, 404 for an unknown person', async () => {
    const p = await addPerson();
    expect(
      (await admin.post(`/api/admin/people/${p.id}/deactivate`, undefined, { ifMatch: '"999"' })).statusCode,
    ).toBe(412);
    expect((await professional(p.id)).isActive).toBe(true);
    expect((await admin.post('/api/admin/people/999999/deactivate')).statusCode).toBe(404);
  });
});

describe('provisioning tokens and requests', () => {
  it('creates a named token, answered once and stored as its SHA-256; the list never shows it', async () => {
    const res = await admin.post('/api/admin/provisioning/tokens', { name: ' Entra production ' });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.token).toMatch(/^pps_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: 'Entra production',
      createdBy: 'Alice Almeida',
      lastUsedAt: null,
      revokedAt: null,
    });
    const hash = crypto.createHash('sha256').update(created.token, 'utf8').digest('hex');
    const row = await ctx.db
      .selectFrom('scimTokens')
      .selectAll()
      .where('tokenHash', '=', hash)
      .executeTakeFirst();
    expect(row).toMatchObject({
      id: created.id,
      name: 'Entra production',
      revokedAt: null,
      createdBy: person['alice.admin'],
    });
    const listed = (await admin.get('/api/admin/provisioning')).json();
    expect(JSON.stringify(listed)).not.toContain(created.token);
    expect(listed.tokens[0]).toEqual({
      id: created.id,
      name: 'Entra production',
      createdAt: created.createdAt,
      createdBy: 'Alice Almeida',
      lastUsedAt: null,
      revokedAt: null,
    });
    const twice = await admin.post('/api/admin/provisioning/tokens', { name: 'ENTRA PRODUCTION' });
    expect(twice.statusCode).toBe(409);
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(101) }, { name: 'a', extra: 1 }])
      expect((await admin.post('/api/admin/provisioning/tokens', body)).statusCode).toBe(400);
  });

  it('revokes a token (204, revoked_at set, again 204); 404 for an unknown one', async () => {
    const created = (await admin.post('/api/admin/provisioning/tokens', { name: 'To revoke' })).json();
    const res = await admin.delete(`/api/admin/provisioning/tokens/${created.id}`);
    expect(res.statusCode).toBe(204);
    const row = await ctx.db
      .selectFrom('scimTokens')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.revokedAt).toBeInstanceOf(Date);
    expect((await admin.delete(`/api/admin/provisioning/tokens/${created.id}`)).statusCode).toBe(204);
    expect((await admin.delete('/api/admin/provisioning/tokens/999999')).statusCode).toBe(404);
    // a revoked token's name may be used again
    expect((await admin.post('/api/admin/provisioning/tokens', { name: 'To revoke' })).statusCode).toBe(201);
  });

  it('shows the Tenant URL, the last requests with their outcome and the failures of the last 24 hours', async () => {
    const now = Date.now();
    await ctx.db
      .insertInto('scimRequests')
      .values([
        {
          at: new Date(now - 3 * 86_400_000),
          method: 'GET',
          path: '/scim/v2/Users',
          status: 500,
          tokenName: 'Old',
        },
        {
          at: new Date(now - 60_000),
          method: 'POST',
          path: '/scim/v2/Users',
          status: 201,
          tokenName: 'Entra production',
        },
        {
          at: new Date(now - 30_000),
          method: 'PATCH',
          path: '/scim/v2/Users/x',
          status: 400,
          tokenName: 'Entra production',
          detail: 'bad op',
        },
      ])
      .execute();
    const p = (await admin.get('/api/admin/provisioning')).json();
    expect(p.scimUrl).toBe(`${ctx.config.publicUrl.replace(/\/$/, '')}/scim/v2`);
    expect(p.summary).toMatchObject({
      lastStatus: 400,
      lastSuccessAt: new Date(now - 60_000).toISOString(),
      lastRequestAt: new Date(now - 30_000).toISOString(),
      failuresLast24h: 1,
    });
    expect(p.summary.activeTokens).toBeGreaterThanOrEqual(1);
    expect(p.requests.slice(0, 3).map((r: { status: number }) => r.status)).toEqual([400, 201, 500]);
    expect(p.requests[0]).toMatchObject({
      method: 'PATCH',
      path: '/scim/v2/Users/x',
      tokenName: 'Entra production',
      detail: 'bad op',
    });
  });
});
