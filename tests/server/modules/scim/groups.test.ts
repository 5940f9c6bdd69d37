/**
 * Provisioned groups grant scopes: a group named after a scope grants it by default, others are mapped on the
 * People screen; members added or removed change their scopes (scopes granted by hand stay); the last active
 * Admin cannot be removed by provisioning.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { recomputeScopes } from '@server/modules/people/directory.service';
import { createTestContext, type TestContext } from '../../helpers';
import { createToken, entraUser, filterQuery, GROUP, scimClient, type ScimClient } from './scim-helpers';

let ctx: TestContext;
let scim: ScimClient;
const users: { id: string; userName: string }[] = [];
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
  scim = scimClient(ctx.app, await createToken(ctx.db, 'Entra ID'));
  for (const n of [1, 2, 3]) users.push((await scim.post('/Users', entraUser(n))).body);
  // Kim holds KNW by hand (the demo data's manual scope) and is provisioned too
  users.push(
    (await scim.post('/Users', entraUser('kim', { userName: 'kim.knm@example.com', externalId: 'kim' })))
      .body,
  );
});
afterAll(() => ctx?.close());

const scopesOf = async (scimId: string) =>
  (
    await ctx.db
      .selectFrom('professionals')
      .select('scopes')
      .where('scimId', '=', scimId)
      .executeTakeFirstOrThrow()
  ).scopes;

const group = (displayName: string, members: string[] = []) => ({
  schemas: [GROUP],
  displayName,
  externalId: displayName.toLowerCase(),
  members: members.map((value) => ({ value })),
});

describe('SCIM groups', () => {
  let knw: { id: string };
  it('a group named API.Portal.KNW grants KNW to its members', async () => {
    const res = await scim.post('/Groups', group('API.Portal.KNW', [users[0]!.id]));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    knw = res.body;
    expect(res.body).toMatchObject({
      schemas: [GROUP],
      displayName: 'API.Portal.KNW',
      members: [{ value: users[0]!.id, display: 'User 1', type: 'User' }],
      meta: { resourceType: 'Group', version: 'W/"1"' },
    });
    expect(res.headers.location).toBe(res.body.meta.location);
    expect(await scopesOf(users[0]!.id)).toEqual(['API.Portal.KNW']);
    const row = await ctx.db
      .selectFrom('scimGroups')
      .selectAll()
      .where('id', '=', knw.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ scopes: ['API.Portal.KNW'], scopesMapped: false });
  });

  it('finds groups by displayName (with excludedAttributes=members), by id and members[value eq …]', async () => {
    const byName = await scim.get(
      `/Groups?${filterQuery('displayName eq "api.portal.knw"')}&excludedAttributes=members`,
    );
    expect(byName.body.totalResults).toBe(1);
    expect(byName.body.Resources[0]).not.toHaveProperty('members');
    expect(byName.body.Resources[0].id).toBe(knw.id);
    const member = await scim.get(
      `/Groups?${filterQuery(`id eq "${knw.id}" and members[value eq "${users[0]!.id}"]`)}&excludedAttributes=members`,
    );
    expect(member.body.totalResults).toBe(1);
    const notMember = await scim.get(
      `/Groups?${filterQuery(`id eq "${knw.id}" and members[value eq "${users[1]!.id}"]`)}&excludedAttributes=members`,
    );
    expect(notMember.body.totalResults).toBe(0);
    expect((await scim.get(`/Groups?${filterQuery(`members eq "${users[0]!.id}"`)}`)).body.totalResults).toBe(
      1,
    );
    expect(
      (await scim.get(`/Groups?${filterQuery('externalId eq "api.portal.knw"')}`)).body.totalResults,
    ).toBe(1);
    expect((await scim.get(`/Groups?${filterQuery('title eq "x"')}`)).body.scimType).toBe('invalidFilter');
    const one = await scim.get(`/Groups/${knw.id}?excludedAttributes=members`);
    expect(one.status).toBe(200);
    expect(one.body).not.toHaveProperty('members');
    expect((await scim.get(`/Groups/${knw.id}`)).body.members).toHaveLength(1);
  });

  it('members added and removed (by value and by members[value eq …]) change their scopes; scopes granted by hand stay', async () => {
    const add = await scim.patch(`/Groups/${knw.id}`, [
      { op: 'Add', path: 'members', value: [{ value: users[1]!.id }, { value: users[3]!.id }] },
    ]);
    expect(add.status, JSON.stringify(add.body)).toBe(204);
    expect(await scopesOf(users[1]!.id)).toEqual(['API.Portal.KNW']);
    const removeByValue = await scim.patch(`/Groups/${knw.id}`, [
      { op: 'Remove', path: 'members', value: [{ value: users[1]!.id }, { value: users[3]!.id }] },
    ]);
    expect(removeByValue.status).toBe(204);
    expect(await scopesOf(users[1]!.id)).toEqual([]);
    expect(await scopesOf(users[3]!.id)).toEqual(['API.Portal.KNW']); // Kim's own, granted by hand
    const removeByFilter = await scim.patch(`/Groups/${knw.id}`, [
      { op: 'remove', path: `members[value eq "${users[0]!.id}"]` },
    ]);
    expect(removeByFilter.status).toBe(204);
    expect(await scopesOf(users[0]!.id)).toEqual([]);
    expect((await scim.get(`/Groups/${knw.id}`)).body.members).toEqual([]);
    const person = await ctx.db
      .selectFrom('professionals')
      .select('id')
      .where('scimId', '=', users[0]!.id)
      .executeTakeFirstOrThrow();
    const history = await ctx.db
      .selectFrom('peopleHistory')
      .select(['summary', 'actor'])
      .where('professionalId', '=', person.id)
      .orderBy('id')
      .execute();
    expect(history.slice(-2)).toEqual([
      { summary: 'Added to the group API.Portal.KNW (scopes: + API.Portal.KNW)', actor: 'Entra ID' },
      { summary: 'Removed from the group API.Portal.KNW (scopes: − API.Portal.KNW)', actor: 'Entra ID' },
    ]);
  });

  it('a group with another name grants nothing until it is mapped; renaming an unmapped group follows the name', async () => {
    const res = await scim.post('/Groups', group('Consultants', [users[2]!.id]));
    expect(await scopesOf(users[2]!.id)).toEqual([]);
    // mapped on the People screen: its scopes, then recomputeScopes for its members
    await ctx.db
      .updateTable('scimGroups')
      .set({ scopes: ['API.Portal.PDC'], scopesMapped: true })
      .where('id', '=', res.body.id)
      .execute();
    await recomputeScopes(ctx.db, [
      (
        await ctx.db
          .selectFrom('professionals')
          .select('id')
          .where('scimId', '=', users[2]!.id)
          .executeTakeFirstOrThrow()
      ).id,
    ]);
    expect(await scopesOf(users[2]!.id)).toEqual(['API.Portal.PDC']);
    // a mapped group keeps its mapping when renamed
    await scim.patch(`/Groups/${res.body.id}`, [
      { op: 'Replace', path: 'displayName', value: 'API.Portal.IDOne' },
    ]);
    expect(await scopesOf(users[2]!.id)).toEqual(['API.Portal.PDC']);
    // an unmapped one follows its name
    const other = await scim.post('/Groups', group('Reviewers', [users[2]!.id]));
    await scim.patch(`/Groups/${other.body.id}`, [
      { op: 'replace', value: { displayName: 'API.Portal.OnePage' } },
    ]);
    expect(await scopesOf(users[2]!.id)).toEqual(['API.Portal.OnePage', 'API.Portal.PDC']);
    const member = await ctx.db
      .selectFrom('professionals')
      .select('id')
      .where('scimId', '=', users[2]!.id)
      .executeTakeFirstOrThrow();
    const last = await ctx.db
      .selectFrom('peopleHistory')
      .select(['summary', 'changes'])
      .where('professionalId', '=', member.id)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(last).toEqual({
      summary: 'Scopes follow the group API.Portal.OnePage (scopes: + API.Portal.OnePage)',
      changes: { scopes: [['API.Portal.PDC'], ['API.Portal.OnePage', 'API.Portal.PDC']] },
    });
    const renamed = await scim.get(`/Groups/${other.body.id}`);
    expect(renamed.body).toMatchObject({ displayName: 'API.Portal.OnePage', meta: { version: 'W/"2"' } });
  });

  it('PUT replaces a group and its members; DELETE removes it and the scopes it granted', async () => {
    const res = await scim.post('/Groups', group('API.Portal.IDOne2', []));
    await ctx.db
      .updateTable('scimGroups')
      .set({ scopes: ['API.Portal.IDOne'], scopesMapped: true })
      .where('id', '=', res.body.id)
      .execute();
    const put = await scim.put(
      `/Groups/${res.body.id}`,
      group('API.Portal.IDOne2', [users[0]!.id, users[1]!.id]),
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.members).toHaveLength(2);
    expect(await scopesOf(users[1]!.id)).toEqual(['API.Portal.IDOne']);
    const replace = await scim.patch(`/Groups/${res.body.id}`, [
      { op: 'replace', path: 'members', value: [{ value: users[0]!.id }] },
    ]);
    expect(replace.status).toBe(204);
    expect(await scopesOf(users[1]!.id)).toEqual([]);
    expect((await scim.del(`/Groups/${res.body.id}`)).status).toBe(204);
    expect((await scim.get(`/Groups/${res.body.id}`)).status).toBe(404);
    expect(await scopesOf(users[0]!.id)).toEqual([]);
  });

  it('refuses a second group of the same displayName (409 uniqueness) and unknown members (400), writing nothing', async () => {
    const dup = await scim.post('/Groups', group('api.portal.knw'));
    expect(dup.status).toBe(409);
    expect(dup.body.scimType).toBe('uniqueness');
    const unknown = await scim.post('/Groups', group('Ghosts', [crypto.randomUUID()]));
    expect(unknown.status).toBe(400);
    expect(unknown.body.scimType).toBe('invalidValue');
    expect((await scim.get(`/Groups?${filterQuery('displayName eq "Ghosts"')}`)).body.totalResults).toBe(0);
    const badAdd = await scim.patch(`/Groups/${knw.id}`, [
      { op: 'Add', path: 'members', value: [{ value: users[0]!.id }, { value: 'nobody' }] },
    ]);
    expect(badAdd.status).toBe(400);
    expect(await scopesOf(users[0]!.id)).toEqual([]);
    for (const [ops, scimType] of [
      [[{ op: 'replace', path: 'id', value: 'x' }], 'mutability'],
      [[{ op: 'remove', path: 'displayName' }], 'mutability'],
      [[{ op: 'add', path: 'owners', value: 'x' }], 'invalidPath'],
      [[{ op: 'add', path: 'members', value: [{ nope: 1 }] }], 'invalidValue'],
    ] as const) {
      const res = await scim.patch(`/Groups/${knw.id}`, [...ops]);
      expect(res.status, JSON.stringify(ops)).toBe(400);
      expect(res.body.scimType).toBe(scimType);
    }
    expect((await scim.post('/Groups', { schemas: [GROUP] })).body.scimType).toBe('invalidValue');
  });

  it('refuses to remove the last active administrator by provisioning (400 mutability), changing nothing', async () => {
    const admins = await scim.post('/Groups', group('API.Portal.Admin', [users[2]!.id]));
    expect(await scopesOf(users[2]!.id)).toContain('API.Portal.Admin');
    // Alice's Admin was granted by hand: taken away, the group's member is the only administrator
    await ctx.db
      .updateTable('professionals')
      .set({ manualScopes: sql<string[]>`'{}'` })
      .where('login', '=', 'alice.admin')
      .execute();
    const alice = await ctx.db
      .selectFrom('professionals')
      .select('id')
      .where('login', '=', 'alice.admin')
      .executeTakeFirstOrThrow();
    await recomputeScopes(ctx.db, [alice.id]);
    const remove = await scim.patch(`/Groups/${admins.body.id}`, [
      { op: 'Remove', path: 'members', value: [{ value: users[2]!.id }] },
    ]);
    expect(remove.status).toBe(400);
    expect(remove.body).toMatchObject({
      scimType: 'mutability',
      detail: expect.stringMatching(/without an active administrator/),
    });
    expect((await scim.del(`/Groups/${admins.body.id}`)).status).toBe(400);
    expect(
      (await scim.patch(`/Users/${users[2]!.id}`, [{ op: 'Replace', path: 'active', value: 'False' }]))
        .status,
    ).toBe(400);
    expect((await scim.del(`/Users/${users[2]!.id}`)).status).toBe(400);
    expect(
      (
        await scim.patch(`/Groups/${admins.body.id}`, [
          { op: 'Replace', path: 'displayName', value: 'Former admins' },
        ])
      ).status,
    ).toBe(400);
    expect(await scopesOf(users[2]!.id)).toContain('API.Portal.Admin');
    expect((await scim.get(`/Groups/${admins.body.id}`)).body.members).toHaveLength(1);
    // with another administrator, the removal goes through
    await scim.patch(`/Groups/${admins.body.id}`, [
      { op: 'Add', path: 'members', value: [{ value: users[0]!.id }] },
    ]);
    expect(
      (
        await scim.patch(`/Groups/${admins.body.id}`, [
          { op: 'Remove', path: 'members', value: [{ value: users[2]!.id }] },
        ])
      ).status,
    ).toBe(204);
    expect(await scopesOf(users[2]!.id)).not.toContain('API.Portal.Admin');
  });
});
