import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt, exportJWK, generateKeyPair, createLocalJWKSet } from 'jose';
import { createTestContext, type TestContext } from '../helpers';
import { signDevIdpToken, entraVerifier } from '@server/auth/identity';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

async function devToken(login: string, name = login) {
  return signDevIdpToken(ctx.keys, ctx.config.publicUrl, { email: `${login}@example.com`, name, login });
}

describe('POST /auth/signin', () => {
  it('exchanges a development identity-provider token for the portal token with the session user', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/signin',
      headers: { authorization: `Bearer ${await devToken('alice.admin')}` },
      payload: { scopes: ['portal'] },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.scopes).toEqual(['API.Portal.Admin']);
    const claims = decodeJwt(body.accessToken);
    expect(claims).toMatchObject({
      userName: 'Alice Almeida',
      email: 'alice.admin@example.com',
      login: 'alice.admin',
      scopes: ['API.Portal.Admin'],
    });
    expect(typeof claims.professionalId).toBe('number');
    expect(claims).toHaveProperty('comanagementId');
    expect(claims).toHaveProperty('practiceId');
    expect(Array.isArray(claims.businessUnits)).toBe(true);
  });

  it('refuses a missing, forged or expired identity token with 401', async () => {
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/auth/signin',
      payload: { scopes: ['portal'] },
    });
    expect(missing.statusCode).toBe(401);

    const other = await generateKeyPair('RS256');
    const forged = await new SignJWT({ preferred_username: 'alice.admin@example.com' })
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer(`${ctx.config.publicUrl}/dev-idp`)
      .setAudience('portal')
      .setExpirationTime('1h')
      .sign(other.privateKey);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/signin',
      headers: { authorization: `Bearer ${forged}` },
      payload: { scopes: ['portal'] },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  it('refuses inactive professionals (rita.retired) and unknown people', async () => {
    for (const login of ['rita.retired', 'nobody.here']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/auth/signin',
        headers: { authorization: `Bearer ${await devToken(login)}` },
        payload: { scopes: ['portal'] },
      });
      expect(res.statusCode, login).toBe(401);
    }
  });

  it('rejects a malformed body with 400 naming the field', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/signin',
      headers: { authorization: `Bearer ${await devToken('alice.admin')}` },
      payload: { scopes: 'portal' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/scopes/);
  });

  it('checks the scopes whatever the content type: only no body at all means the default (portal)', async () => {
    const token = await devToken('alice.admin');
    const send = (headers: Record<string, string>, payload?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/auth/signin',
        headers: { authorization: `Bearer ${token}`, ...headers },
        ...(payload === undefined ? {} : { payload }),
      });
    // a body that is not JSON scopes is refused, as `{"scopes":[]}` is
    for (const [type, body] of [
      ['text/plain', 'portal'],
      ['text/plain', '{"scopes":["portal"]}'],
      ['application/json', '{"scopes":[]}'],
      ['application/json', '"portal"'],
    ] as const) {
      const res = await send({ 'content-type': type }, body);
      expect(res.statusCode, `${type} ${body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${type} ${body}`).toBeLessThan(500);
    }
    expect((await send({})).statusCode).toBe(200);
    expect((await send({ 'content-type': 'application/json' }, '{"scopes":["portal"]}')).statusCode).toBe(
      200,
    );
  });

  it('refuses a body of a type it does not take (a multipart file, a form) with 415, whatever it carries', async () => {
    const { multipartBody } = await import('../multipart');
    const token = await devToken('alice.admin');
    const file = multipartBody([
      { name: 'file', filename: 'a.pdf', contentType: 'application/pdf', data: 'x' },
    ]);
    const multipart = await ctx.app.inject({
      method: 'POST',
      url: '/auth/signin',
      headers: { authorization: `Bearer ${token}`, ...file.headers },
      payload: file.payload,
    });
    expect(multipart.statusCode).toBe(415);
    expect(multipart.json()).toMatchObject({
      statusCode: 415,
      message: 'Unsupported media type multipart/form-data: send the scopes as application/json, or no body',
    });
    const form = await ctx.app.inject({
      method: 'POST',
      url: '/auth/signin',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'scopes=portal',
    });
    expect(form.statusCode).toBe(415);
    expect(multipart.headers['content-type']).toMatch(/application\/json/);
  });
});

describe('portal token guard', () => {
  it('answers 401 on /api and /master without a token, with a bad token, and 200 with one', async () => {
    for (const url of [
      '/api/projects',
      '/master/practices',
      '/api/professionals/1',
      '/photos/by-login/alice.admin',
    ]) {
      expect((await ctx.app.inject({ url })).statusCode, url).toBe(401);
      expect((await ctx.app.inject({ url, headers: { authorization: 'Bearer nope' } })).statusCode, url).toBe(
        401,
      );
      expect((await ctx.app.inject({ url, headers: await ctx.auth('oscar.outsider') })).statusCode, url).toBe(
        200,
      );
    }
  });

  it('does not accept an identity-provider token as a portal token', async () => {
    const res = await ctx.app.inject({
      url: '/api/projects',
      headers: { authorization: `Bearer ${await devToken('alice.admin')}` },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('development identity provider', () => {
  it('lists the active seeded people on its sign-in page', async () => {
    const res = await ctx.app.inject({
      url: '/dev-idp/authorize?redirect_uri=http://localhost:53000/auth/signin',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    for (const name of ['Alice Almeida', 'Marcos Moura', 'Oscar Oliveira']) expect(res.body).toContain(name);
    expect(res.body).not.toContain('Rita Ramos');
  });

  it('with login_hint answers 302 to the redirect URI with the token in the fragment, and the token signs in', async () => {
    const res = await ctx.app.inject({
      url: '/dev-idp/authorize?login_hint=marcos.manager&redirect_uri=http://localhost:53000/auth/signin&state=xyz',
    });
    expect(res.statusCode).toBe(302);
    const location = res.headers.location as string;
    expect(location.startsWith('http://localhost:53000/auth/signin#access_token=')).toBe(true);
    expect(location).toContain('state=xyz');
    const token = decodeURIComponent(/access_token=([^&]+)/.exec(location)![1]!);
    const signin = await ctx.app.inject({
      method: 'POST',
      url: '/auth/signin',
      headers: { authorization: `Bearer ${token}` },
      payload: { scopes: ['portal'] },
    });
    expect(signin.statusCode).toBe(200);
    expect(decodeJwt(signin.json().accessToken).login).toBe('marcos.manager');
  });

  it('refuses foreign redirect URIs and unknown logins', async () => {
    expect(
      (
        await ctx.app.inject({
          url: '/dev-idp/authorize?login_hint=alice.admin&redirect_uri=https://evil.example.net/x',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await ctx.app.inject({
          url: '/dev-idp/authorize?login_hint=ghost&redirect_uri=http://localhost:53000/auth/signin',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('logout redirects to the post-logout URI', async () => {
    const res = await ctx.app.inject({
      url: '/dev-idp/logout?post_logout_redirect_uri=http://localhost:53000/',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('http://localhost:53000/');
  });
});

describe('Entra ID verification (local key set)', () => {
  const entra = {
    tenantId: '11111111-2222-3333-4444-555555555555',
    clientId: 'aaaa-bbbb',
    audience: 'api://portal.example.com/aaaa-bbbb',
    issuer: undefined,
    jwksUri: undefined,
  };

  async function setup() {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    const verify = entraVerifier(entra, createLocalJWKSet({ keys: [jwk] }));
    const sign = (claims: Record<string, unknown>, o: { iss?: string; aud?: string; kid?: string } = {}) =>
      new SignJWT({
        preferred_username: 'Paula.Partner@example.com',
        tid: entra.tenantId,
        name: 'Paula',
        ...claims,
      })
        .setProtectedHeader({ alg: 'RS256', kid: o.kid ?? 'k1' })
        .setIssuer(o.iss ?? `https://login.microsoftonline.com/${entra.tenantId}/v2.0`)
        .setAudience(o.aud ?? entra.audience)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey);
    return { verify, sign };
  }

  it('accepts a token of the tenant for our audience (v2 and v1 issuers) and lower-cases the e-mail', async () => {
    const { verify, sign } = await setup();
    expect(await verify(await sign({}))).toMatchObject({ email: 'paula.partner@example.com' });
    expect(
      await verify(
        await sign({}, { iss: `https://sts.windows.net/${entra.tenantId}/`, aud: entra.clientId }),
      ),
    ).toMatchObject({
      email: 'paula.partner@example.com',
    });
  });

  it('refuses a wrong audience, issuer, tenant or key', async () => {
    const { verify, sign } = await setup();
    await expect(verify(await sign({}, { aud: 'api://someone-else' }))).rejects.toThrow();
    await expect(
      verify(await sign({}, { iss: 'https://login.microsoftonline.com/other/v2.0' })),
    ).rejects.toThrow();
    await expect(verify(await sign({ tid: 'another-tenant' }))).rejects.toThrow();
    await expect(verify(await sign({}, { kid: 'unknown' }))).rejects.toThrow();
  });

  it('fetches the signing keys from the JWKS URI over HTTP (the tenant key set in production)', async () => {
    const http = await import('node:http');
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwks = JSON.stringify({
      keys: [{ ...(await exportJWK(publicKey)), kid: 'remote', alg: 'RS256', use: 'sig' }],
    });
    let fetched = 0;
    const server = http.createServer((_req, res) => {
      fetched += 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end(jwks);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const port = (server.address() as { port: number }).port;
      const verify = entraVerifier({ ...entra, jwksUri: `http://127.0.0.1:${port}/discovery/v2.0/keys` });
      const token = await new SignJWT({ preferred_username: 'ida.idone@example.com', tid: entra.tenantId })
        .setProtectedHeader({ alg: 'RS256', kid: 'remote' })
        .setIssuer(`https://login.microsoftonline.com/${entra.tenantId}/v2.0`)
        .setAudience(entra.clientId)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey);
      expect(await verify(token)).toMatchObject({ email: 'ida.idone@example.com' });
      expect(fetched).toBe(1);
    } finally {
      server.close();
    }
  });

  it('plugs into the sign-in exchange', async () => {
    const { verify, sign } = await setup();
    const entraCtx = await createTestContext({ auth: { identityVerifier: verify }, projects: 0 });
    try {
      const res = await entraCtx.app.inject({
        method: 'POST',
        url: '/auth/signin',
        headers: { authorization: `Bearer ${await sign({})}` },
        payload: { scopes: ['portal'] },
      });
      expect(res.statusCode).toBe(200);
      expect(decodeJwt(res.json().accessToken).login).toBe('paula.partner');
    } finally {
      await entraCtx.close();
    }
  });
});
