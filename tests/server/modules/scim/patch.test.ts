/**
 * PATCH of users as Microsoft Entra ID sends it by default (its documented deviations from RFC 7644 included):
 * "Replace" in any case, booleans as "True" / "False", path-less replace of an object of attributes, enterprise
 * extension paths, `manager` as a plain id (answered as an object), the work e-mail's value path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers';
import { createToken, ENTERPRISE, entraUser, scimClient, type ScimClient } from './scim-helpers';

let ctx: TestContext;
let scim: ScimClient;
let user: { id: string };
let manager: { id: string };
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
  scim = scimClient(ctx.app, await createToken(ctx.db, 'Entra ID'));
  user = (await scim.post('/Users', entraUser(1))).body;
  manager = (await scim.post('/Users', entraUser(2, { displayName: 'Boss Two' }))).body;
});
afterAll(() => ctx?.close());

const row = () =>
  ctx.db.selectFrom('professionals').selectAll().where('scimId', '=', user.id).executeTakeFirstOrThrow();

describe('PATCH /Users/{id}', () => {
  it('disables with op "Replace" and the string "False", and re-enables with "True"', async () => {
    const off = await scim.patch(`/Users/${user.id}`, [{ op: 'Replace', path: 'active', value: 'False' }]);
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.active).toBe(false);
    expect((await row()).isActive).toBe(false);
    const on = await scim.patch(`/Users/${user.id}`, [{ op: 'replace', path: 'active', value: 'True' }]);
    expect(on.body.active).toBe(true);
    const history = await ctx.db
      .selectFrom('peopleHistory')
      .select(['summary', 'actor', 'source'])
      .where('professionalId', '=', (await row()).id)
      .orderBy('id')
      .execute();
    expect(history.slice(-2)).toEqual([
      { summary: 'Deactivated', actor: 'Entra ID', source: 'scim' },
      { summary: 'Reactivated', actor: 'Entra ID', source: 'scim' },
    ]);
  });

  it('applies a path-less replace whose value is an object of attributes (keys may be paths)', async () => {
    const res = await scim.patch(`/Users/${user.id}`, [
      {
        op: 'Replace',
        value: {
          displayName: 'User One',
          title: 'Senior Consultant',
          'name.givenName': 'Usr',
          [`${ENTERPRISE}:department`]: 'Digital',
          active: 'True',
        },
      },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      displayName: 'User One',
      title: 'Senior Consultant',
      [ENTERPRISE]: { department: 'Digital' },
    });
    expect(await row()).toMatchObject({
      name: 'User One',
      jobTitle: 'Senior Consultant',
      department: 'Digital',
    });
  });

  it('takes enterprise-extension paths, nested extension objects, and attribute names in any case', async () => {
    await scim.patch(`/Users/${user.id}`, [
      { op: 'Add', path: `${ENTERPRISE}:employeeNumber`, value: 'E-100' },
    ]);
    expect((await row()).employeeNumber).toBe('E-100');
    await scim.patch(`/Users/${user.id}`, [
      { op: 'replace', value: { [ENTERPRISE]: { department: 'Legal' } } },
    ]);
    expect((await row()).department).toBe('Legal');
    await scim.patch(`/Users/${user.id}`, [{ op: 'REPLACE', path: 'TITLE', value: 'Partner' }]);
    expect((await row()).jobTitle).toBe('Partner');
    await scim.patch(`/Users/${user.id}`, [{ op: 'Remove', path: 'title' }]);
    expect((await row()).jobTitle).toBeNull();
  });

  it('takes the manager as a plain id (Entra) or as { value }, answers it as an object, and removes it', async () => {
    const plain = await scim.patch(`/Users/${user.id}`, [
      { op: 'Add', path: `${ENTERPRISE}:manager`, value: manager.id },
    ]);
    expect(plain.body[ENTERPRISE].manager).toMatchObject({ value: manager.id, displayName: 'Boss Two' });
    const managerRow = await ctx.db
      .selectFrom('professionals')
      .select('id')
      .where('scimId', '=', manager.id)
      .executeTakeFirstOrThrow();
    expect((await row()).managerId).toBe(managerRow.id);
    await scim.patch(`/Users/${user.id}`, [{ op: 'Remove', path: `${ENTERPRISE}:manager` }]);
    expect((await row()).managerId).toBeNull();
    const bare = await scim.patch(`/Users/${user.id}`, [
      { op: 'Replace', path: 'manager', value: manager.id },
    ]);
    expect(bare.body[ENTERPRISE].manager.value).toBe(manager.id);
    const object = await scim.patch(`/Users/${user.id}`, [
      { op: 'replace', path: `${ENTERPRISE}:manager`, value: { value: manager.id } },
    ]);
    expect(object.body[ENTERPRISE].manager.value).toBe(manager.id);
    const cleared = await scim.patch(`/Users/${user.id}`, [
      { op: 'Replace', path: `${ENTERPRISE}:manager`, value: '' },
    ]);
    expect(cleared.body[ENTERPRISE]).not.toHaveProperty('manager');
  });

  it('changes the e-mail (and the login) through the work e-mail’s value path or userName', async () => {
    const res = await scim.patch(`/Users/${user.id}`, [
      { op: 'Replace', path: 'emails[type eq "work"].value', value: 'user.one@contoso.example' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.userName).toBe('user.one@contoso.example');
    expect(await row()).toMatchObject({ email: 'user.one@contoso.example', login: 'user.one' });
    await scim.patch(`/Users/${user.id}`, [
      { op: 'Replace', path: 'userName', value: 'user1@contoso.example' },
    ]);
    expect(await row()).toMatchObject({ email: 'user1@contoso.example', login: 'user1' });
    const taken = await scim.patch(`/Users/${user.id}`, [
      { op: 'Replace', path: 'userName', value: 'USER2@contoso.example' },
    ]);
    expect(taken.status).toBe(409);
    expect(taken.body.scimType).toBe('uniqueness');
  });

  it('refuses bad PATCH messages with a 4xx in the SCIM shape and writes nothing of them', async () => {
    const before = await row();
    const cases: [unknown, number, string][] = [
      [{ schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'] }, 400, 'invalidSyntax'],
      [{ Operations: [] }, 400, 'invalidSyntax'],
      [{ Operations: [{ op: 'move', path: 'title', value: 'x' }] }, 400, 'invalidSyntax'],
      [{ Operations: [{ op: 'replace', path: 'active', value: 'maybe' }] }, 400, 'invalidValue'],
      [{ Operations: [{ op: 'replace', path: 'id', value: crypto.randomUUID() }] }, 400, 'mutability'],
      [{ Operations: [{ op: 'remove' }] }, 400, 'noTarget'],
      [{ Operations: [{ op: 'replace', value: 'x' }] }, 400, 'invalidValue'],
      [{ Operations: [{ op: 'replace', path: 'userName', value: 'not-an-email' }] }, 400, 'invalidValue'],
      [
        {
          Operations: [
            { op: 'replace', path: 'title', value: 'Written?' },
            { op: 'replace', path: 'active', value: 7 },
          ],
        },
        400,
        'invalidValue',
      ],
      [[1, 2], 400, 'invalidSyntax'],
    ];
    for (const [body, status, scimType] of cases) {
      const res = await scim.call('PATCH', `/Users/${user.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body, JSON.stringify(body)).toMatchObject({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
        scimType,
      });
    }
    expect(await row()).toEqual(before);
    expect(
      (await scim.patch(`/Users/${crypto.randomUUID()}`, [{ op: 'replace', path: 'title', value: 'x' }]))
        .status,
    ).toBe(404);
  });
});
