import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, createLocalJWKSet, decodeJwt, exportJWK, generateKeyPair } from 'jose';
import { createTestContext } from '../helpers';
import { entraVerifier, isGuest } from '@server/auth/identity';
import type { Config } from '@server/config';

const entra = {
  tenantId: '11111111-2222-3333-4444-555555555555',
  clientId: 'aaaa-bbbb',
  audience: 'api://portal.example.com/aaaa-bbbb',
  issuer: undefined,
  jwksUri: undefined,
};

async function entraKeys() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const verify = entraVerifier(entra, createLocalJWKSet({ keys: [jwk] }));
  const sign = (claims: Record<string, unknown>) =>
    new SignJWT({ tid: entra.tenantId, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(`https://login.microsoftonline.com/${entra.tenantId}/v2.0`)
      .setAudience(entra.audience)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
  return { verify, sign };
}

async function context(people: Partial<Config['people']>) {
  const { verify, sign } = await entraKeys();
  const ctx = await createTestContext({
    projects: 0,
    auth: { identityVerifier: verify },
    config: {
      entra,
      people: {
        scimBearerToken: undefined,
        scimRequestsPerSecond: 50,
        rolesFromToken: false,
        justInTime: false,
        ...people,
      },
    },
  });
  const signIn = async (claims: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/auth/signin',
      headers: { authorization: `Bearer ${await sign(claims)}` },
      payload: { scopes: ['portal'] },
    });
  return { ctx, signIn };
}

const member = (n: number, extra: Record<string, unknown> = {}) => ({
  preferred_username: `new.person${n}@example.com`,
  name: `New Person ${n}`,
  oid: `0000000${n}-aaaa-bbbb-cccc-000000000000`,
  ...extra,
});

describe('first sign-in with PEOPLE_JUST_IN_TIME', () => {
  let t: Awaited<ReturnType<typeof context>>;
  beforeAll(async () => {
    t = await context({ justInTime: true });
  });
  afterAll(() => t?.ctx.close());

  it('makes a member of the tenant a professional with no scope, keyed on the object id, once', async () => {
    const first = await t.signIn(member(1));
    expect(first.statusCode).toBe(200);
    expect(first.json().scopes).toEqual([]);
    const claims = decodeJwt(first.json().accessToken);
    expect(claims).toMatchObject({ userName: 'New Person 1', email: 'new.person1@example.com', scopes: [] });
    const again = await t.signIn(member(1));
    expect(again.statusCode).toBe(200);
    expect(decodeJwt(again.json().accessToken).professionalId).toBe(claims.professionalId);
    const rows = await t.ctx.db
      .selectFrom('professionals')
      .select(['source', 'entraObjectId', 'entraTenantId', 'login', 'scopes'])
      .where('email', '=', 'new.person1@example.com')
      .execute();
    expect(rows).toEqual([
      {
        source: 'sign-in',
        entraObjectId: member(1).oid,
        entraTenantId: entra.tenantId,
        login: 'new.person1',
        scopes: [],
      },
    ]);
    const history = await t.ctx.db
      .selectFrom('peopleHistory')
      .select(['source', 'summary'])
      .where('professionalId', '=', claims.professionalId as number)
      .execute();
    expect(history).toEqual([{ source: 'sign-in', summary: 'Joined at first sign-in (Microsoft Entra ID)' }]);
  });

  it('finds the same professional by object id when their e-mail changed in Entra ID', async () => {
    const first = await t.signIn(member(2));
    const renamed = await t.signIn(member(2, { preferred_username: 'renamed.person2@example.com' }));
    expect(renamed.statusCode).toBe(200);
    expect(decodeJwt(renamed.json().accessToken).professionalId).toBe(
      decodeJwt(first.json().accessToken).professionalId,
    );
  });

  it('never makes a guest a professional (#EXT# user name, acct 1, or another identity provider)', async () => {
    const guests = [
      member(3, { preferred_username: 'guest_other.com#EXT#@example.onmicrosoft.com' }),
      member(4, { acct: 1 }),
      member(5, { idp: 'https://sts.windows.net/99999999-9999-9999-9999-999999999999/' }),
    ];
    for (const g of guests) {
      const res = await t.signIn(g);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/is not an active professional of the portal/);
    }
    const n = await t.ctx.db
      .selectFrom('professionals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(
        'entraObjectId',
        'in',
        guests.map((g) => g.oid as string),
      )
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(0);
  });

  it('refuses a professional made inactive instead of making a twin', async () => {
    await t.ctx.db
      .updateTable('professionals')
      .set({ isActive: false })
      .where('email', '=', 'new.person1@example.com')
      .execute();
    const res = await t.signIn(member(1));
    expect(res.statusCode).toBe(401);
    const n = await t.ctx.db
      .selectFrom('professionals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', 'like', 'new.person1%')
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(1);
  });
});

describe('first sign-in without PEOPLE_JUST_IN_TIME', () => {
  it('refuses a tenant member who is not a professional, and creates nobody', async () => {
    const t = await context({ justInTime: false });
    try {
      const res = await t.signIn(member(6));
      expect(res.statusCode).toBe(401);
      const row = await t.ctx.db
        .selectFrom('professionals')
        .select('id')
        .where('email', '=', 'new.person6@example.com')
        .executeTakeFirst();
      expect(row).toBeUndefined();
    } finally {
      await t.ctx.close();
    }
  });
});

describe('app roles with AUTH_ROLES_FROM_TOKEN', () => {
  let t: Awaited<ReturnType<typeof context>>;
  beforeAll(async () => {
    t = await context({ rolesFromToken: true });
  });
  afterAll(() => t?.ctx.close());

  const carla = (roles: unknown) => ({ preferred_username: 'carla.consultant@example.com', roles });

  it("sets the session's scopes from the token's roles, and follows them at the next sign-in", async () => {
    const first = await t.signIn(carla(['API.Portal.KNW', 'API.Portal.PDC', 'Something.Else']));
    expect(first.statusCode).toBe(200);
    expect(first.json().scopes).toEqual(['API.Portal.KNW', 'API.Portal.PDC']);
    const second = await t.signIn(carla(['API.Portal.PDC']));
    expect(second.json().scopes).toEqual(['API.Portal.PDC']);
    expect(decodeJwt(second.json().accessToken).scopes).toEqual(['API.Portal.PDC']);
    const third = await t.signIn(carla([]));
    expect(third.json().scopes).toEqual([]);
    const history = await t.ctx.db
      .selectFrom('peopleHistory as h')
      .innerJoin('professionals as p', 'p.id', 'h.professionalId')
      .select('h.summary')
      .where('p.login', '=', 'carla.consultant')
      .orderBy('h.id')
      .execute();
    expect(history.map((h) => h.summary)).toEqual([
      'App roles at sign-in: API.Portal.KNW, API.Portal.PDC',
      'App roles at sign-in: API.Portal.PDC',
      'App roles at sign-in: none',
    ]);
  });

  it('keeps the scopes granted in the portal beside the roles (the first administrator stays one)', async () => {
    const res = await t.signIn({
      preferred_username: 'alice.admin@example.com',
      roles: ['API.Portal.IDOne'],
    });
    expect(res.json().scopes).toEqual(['API.Portal.Admin', 'API.Portal.IDOne']);
    const none = await t.signIn({ preferred_username: 'alice.admin@example.com' });
    expect(none.json().scopes).toEqual(['API.Portal.Admin']);
  });

  it('the next request after a sign-in carries the new scopes (the directory follows them)', async () => {
    const res = await t.signIn(carla(['API.Portal.Admin']));
    t.ctx.app.forgetDirectoryCache();
    const admin = await t.ctx.app.inject({
      method: 'GET',
      url: '/api/mail-outbox',
      headers: { authorization: `Bearer ${res.json().accessToken}` },
    });
    expect(admin.statusCode).toBe(200);
  });
});

describe('guest detection', () => {
  it('reads #EXT#, acct and idp', () => {
    const tid = entra.tenantId;
    expect(isGuest({ preferred_username: 'a_b.com#EXT#@t.onmicrosoft.com' }, tid)).toBe(true);
    expect(isGuest({ acct: 1 }, tid)).toBe(true);
    expect(isGuest({ idp: 'live.com' }, tid)).toBe(true);
    expect(isGuest({ idp: `https://sts.windows.net/${tid}/` }, tid)).toBe(false);
    expect(isGuest({ preferred_username: 'member@example.com', acct: 0 }, tid)).toBe(false);
  });
});
