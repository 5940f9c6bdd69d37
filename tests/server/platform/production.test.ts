import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '@server/config';
import { loadKeys } from '@server/auth/keys';
import { signDevIdpToken } from '@server/auth/identity';
import { createTestContext, openTestDatabase, type TestContext } from '../helpers';
import { migrateToLatest } from '@server/db/migrate';
import { bootstrapAdmin } from '@server/db/bootstrap';

// Issue 22: what a real deployment needs — validated configuration, sign-in that is safe by default,
// shared keys, readiness, rate limits on the routes anyone may call, no-store on personal answers.

const configError = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error('no ConfigError');
};

describe('configuration', () => {
  it('names the variable and what it expects in one line', () => {
    const message = configError({ PORT: 'abc' });
    expect(message).toBe('Configuration error: PORT expects an integer from 0 to 65535 (got "abc")');
    expect(configError({ PORT: '70000' })).toContain('PORT expects an integer from 0 to 65535');
    expect(configError({ SEED_PROJECTS: '-1' })).toContain(
      'SEED_PROJECTS expects an integer from 0 to 20000',
    );
    expect(configError({ DATABASE_URL: 'mysql://x' })).toContain(
      'DATABASE_URL expects a postgres:// connection URL',
    );
    expect(configError({ PUBLIC_URL: 'portal' })).toContain('PUBLIC_URL expects an http(s) URL');
    expect(configError({ LOG_LEVEL: 'loud' })).toContain('LOG_LEVEL expects fatal, error, warn, info');
    expect(configError({ SMTP_URL: 'http://mail' })).toContain('SMTP_URL expects an smtp:// or smtps:// URL');
    expect(configError({ FILE_STORE: 's3' })).toContain('FILE_STORE expects azure, postgres or disk');
    expect(configError({ TRUST_PROXY: 'everyone!' })).toContain(
      'TRUST_PROXY expects true, false, a hop count',
    );
    for (const m of [configError({ PORT: 'abc', LOG_LEVEL: 'x' })]) {
      expect(m).toContain('PORT expects');
      expect(m).toContain('LOG_LEVEL expects');
      expect(m.split('\n')).toHaveLength(1);
    }
  });

  it('never prints a secret it refuses', () => {
    const message = configError({ PORTAL_JWT_SECRET: 'short-secret' });
    expect(message).toContain('PORTAL_JWT_SECRET expects a secret of at least 32 characters (got (hidden))');
    expect(message).not.toContain('short-secret');
  });

  it('wants Entra ID whole, DocuSign whole, and stores that exist', () => {
    expect(configError({ AUTH_TENANT_ID: 't' })).toContain(
      'AUTH_TENANT_ID and AUTH_CLIENT_ID must be set together',
    );
    expect(configError({ DOCUSIGN_ACCOUNT_ID: 'a', DOCUSIGN_USER_ID: 'u' })).toContain(
      'DOCUSIGN_INTEGRATION_KEY, DOCUSIGN_PRIVATE_KEY must be set',
    );
    expect(configError({ FILE_STORE: 'postgres' })).toContain('FILE_STORE=postgres needs DATABASE_URL');
    expect(configError({ FILE_STORE: 'azure' })).toContain(
      'FILE_STORE=azure needs AZURE_STORAGE_CONNECTION_STRING',
    );
  });

  it('Teams reach: Graph notifications need the Entra app, its secret and the Teams app id; the bot its id', () => {
    const entra = { AUTH_TENANT_ID: 'tenant', AUTH_CLIENT_ID: 'client' };
    expect(loadConfig({}).teams).toEqual({ appId: undefined, graph: undefined, bot: undefined });
    expect(configError({ GRAPH_CLIENT_SECRET: 's' })).toBe(
      'Configuration error: GRAPH_CLIENT_SECRET needs the Entra app it belongs to: GRAPH_TENANT_ID and GRAPH_CLIENT_ID, or AUTH_TENANT_ID and AUTH_CLIENT_ID',
    );
    expect(configError({ ...entra, GRAPH_CLIENT_SECRET: 's', PORTAL_DEV_IDP: 'false' })).toContain(
      'GRAPH_CLIENT_SECRET turns on Teams activity notifications, which need TEAMS_APP_ID',
    );
    expect(configError({ GRAPH_CLIENT_ID: 'c' })).toContain(
      'GRAPH_CLIENT_ID is set but Teams notifications are off',
    );
    // a separate Entra app for Graph, beside the development sign-in (the cluster test runs so)
    expect(
      loadConfig({
        GRAPH_TENANT_ID: 'gt',
        GRAPH_CLIENT_ID: 'gc',
        GRAPH_CLIENT_SECRET: 'gs',
        TEAMS_APP_ID: 'a',
      }).teams.graph,
    ).toMatchObject({ tenantId: 'gt', clientId: 'gc', clientSecret: 'gs' });
    expect(configError({ GRAPH_BASE_URL: 'https://graph.example/v1.0' })).toContain(
      'GRAPH_BASE_URL is set but Teams notifications are off',
    );
    expect(configError({ GRAPH_BASE_URL: 'graph' })).toContain(
      'GRAPH_BASE_URL expects the Microsoft Graph base URL',
    );
    expect(configError({ BOT_OPENID_METADATA_URL: 'https://x/y' })).toContain('need BOT_ID');
    expect(configError({ PORTAL_TIME_ZONE: 'Mars/Olympus' })).toBe(
      'Configuration error: PORTAL_TIME_ZONE expects an IANA time zone such as America/Sao_Paulo (got "Mars/Olympus")',
    );
    const full = loadConfig({
      ...entra,
      GRAPH_CLIENT_SECRET: 'secret',
      TEAMS_APP_ID: 'app',
      GRAPH_BASE_URL: 'http://127.0.0.1:9/v1.0/',
      BOT_ID: 'bot',
      PORTAL_TIME_ZONE: 'Europe/Lisbon',
    });
    expect(full.teams).toEqual({
      appId: 'app',
      graph: {
        tenantId: 'tenant',
        clientId: 'client',
        clientSecret: 'secret',
        baseUrl: 'http://127.0.0.1:9/v1.0',
        authorityHost: 'https://login.microsoftonline.com',
      },
      bot: {
        appId: 'bot',
        tenantId: 'tenant',
        openIdMetadataUrl: 'https://login.botframework.com/v1/.well-known/openidconfiguration',
        issuer: 'https://api.botframework.com',
      },
    });
    expect(full.timeZone).toBe('Europe/Lisbon');
    expect(loadConfig({}).timeZone).toBe('America/Sao_Paulo');
  });

  it('chooses the file store every replica can read', () => {
    expect(loadConfig({}).fileStore).toBe('disk');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/portal' }).fileStore).toBe('postgres');
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://db/portal',
        AZURE_STORAGE_CONNECTION_STRING: 'UseDevelopmentStorage=true',
      }).fileStore,
    ).toBe('azure');
    // a folder shared by every replica (e.g. a network mount) only when the operator says so
    expect(loadConfig({ DATABASE_URL: 'postgres://db/portal', FILE_STORE: 'disk' }).fileStore).toBe('disk');
  });

  it('reads TRUST_PROXY as Fastify does, and an empty variable as unset', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(loadConfig({ PORT: '' }).port).toBe(53000);
  });
});

describe('the development identity provider is safe by default', () => {
  it('runs on loopback, or when PORTAL_DEV_IDP=true asks for it', () => {
    expect(loadConfig({}).devIdp).toBe(true);
    expect(loadConfig({ HOST: 'localhost' }).devIdp).toBe(true);
    expect(loadConfig({ HOST: '127.0.0.2' }).devIdp).toBe(true);
    expect(loadConfig({ HOST: '::1' }).devIdp).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0', PORTAL_DEV_IDP: 'true' }).devIdp).toBe(true);
  });

  it('refuses a reachable server without Entra ID, and never runs beside Entra ID', () => {
    expect(configError({ HOST: '0.0.0.0', PUBLIC_URL: 'https://portal.example.com' })).toBe(
      'Configuration error: HOST=0.0.0.0 is reachable from other machines but no sign-in is configured: set AUTH_TENANT_ID and AUTH_CLIENT_ID (Microsoft Entra ID), or PORTAL_DEV_IDP=true for a demo where anyone may sign in as anyone',
    );
    expect(configError({ HOST: '10.1.2.3' })).toContain('HOST=10.1.2.3 is reachable');
    const entra = { HOST: '0.0.0.0', AUTH_TENANT_ID: 'tenant', AUTH_CLIENT_ID: 'client' };
    expect(loadConfig(entra).devIdp).toBe(false);
    expect(configError({ ...entra, PORTAL_DEV_IDP: 'true' })).toContain(
      'cannot be combined with Microsoft Entra ID',
    );
    expect(configError({ PORTAL_DEV_IDP: 'false' })).toContain('leaves no way to sign in');
  });

  it('serves nothing and accepts no dev token when it is off', async () => {
    const ctx = await createTestContext({ projects: 0, config: { devIdp: false } });
    try {
      const page = await ctx.app.inject({ url: '/dev-idp/authorize?login_hint=alice.admin' });
      expect(page.statusCode).toBe(404);
      const token = await signDevIdpToken(ctx.keys, ctx.config.publicUrl, {
        name: 'Alice Admin',
        email: 'alice.admin@example.com',
        login: 'alice.admin',
      });
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/auth/signin',
        headers: { authorization: `Bearer ${token}` },
        payload: { scopes: ['portal'] },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await ctx.close();
    }
  });
});

describe("a firm's portal: no demo people, a first administrator", () => {
  it('seeds the DEMO data only where the development identity provider runs, unless SEED_DEMO says otherwise', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    const entra = { HOST: '0.0.0.0', AUTH_TENANT_ID: 'tenant', AUTH_CLIENT_ID: 'client' };
    expect(loadConfig(entra).seedDemo).toBe(false);
    expect(loadConfig({ ...entra, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(configError({ PORTAL_ADMIN_EMAIL: 'not-an-address' })).toContain(
      'PORTAL_ADMIN_EMAIL expects an e-mail address',
    );
    expect(loadConfig({ PORTAL_ADMIN_EMAIL: 'Ana.Lima@Firm.com' }).bootstrapAdmin).toEqual({
      email: 'ana.lima@firm.com',
      name: 'Ana.Lima',
    });
  });

  it('PORTAL_ADMIN_EMAIL makes the first administrator once, and never again after Admin is handed over', async () => {
    const handle = await openTestDatabase();
    try {
      await migrateToLatest(handle.db);
      const admin = { email: 'ana.lima@firm.com', name: 'Ana Lima' };
      expect(await bootstrapAdmin(handle.db, admin)).toBe('created');
      const ana = await handle.db
        .selectFrom('professionals')
        .select(['id', 'login', 'scopes', 'isActive'])
        .where('email', '=', admin.email)
        .executeTakeFirstOrThrow();
      expect(ana).toMatchObject({ login: 'ana.lima', scopes: ['API.Portal.Admin'], isActive: true });
      expect(await bootstrapAdmin(handle.db, admin)).toBe('unchanged');
      // Admin removed from Ana while someone else holds it: a restart does not give it back
      await handle.db
        .insertInto('professionals')
        .values({ name: 'Bo', email: 'bo@firm.com', login: 'bo', scopes: ['API.Portal.Admin'] })
        .execute();
      await handle.db.updateTable('professionals').set({ scopes: [] }).where('id', '=', ana.id).execute();
      expect(await bootstrapAdmin(handle.db, admin)).toBe('unchanged');
      // nobody holds Admin any more (Bo left): the named person gets it back
      await handle.db
        .updateTable('professionals')
        .set({ isActive: false })
        .where('login', '=', 'bo')
        .execute();
      expect(await bootstrapAdmin(handle.db, admin)).toBe('granted');
    } finally {
      await handle.close();
    }
  });
});

describe('signing keys shared through the database', () => {
  it('every replica gets the key the first one stored, however many start at once', async () => {
    const handle = await openTestDatabase();
    const dirs = [0, 1, 2].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'portal-keys-')));
    try {
      await migrateToLatest(handle.db);
      const [a, b, c] = await Promise.all(dirs.map((d) => loadKeys(d, undefined, handle.db)));
      expect(Buffer.from(a!.portalSecret).equals(Buffer.from(b!.portalSecret))).toBe(true);
      expect(Buffer.from(a!.portalSecret).equals(Buffer.from(c!.portalSecret))).toBe(true);
      expect(a!.portalSecret.length).toBe(32);
      expect(new Set([a!.devIdp.kid, b!.devIdp.kid, c!.devIdp.kid]).size).toBe(1);
      expect(await handle.db.selectFrom('serverKeys').select('name').orderBy('name').execute()).toEqual([
        { name: 'dev-idp' },
        { name: 'portal-jwt' },
      ]);
      // nothing is written to the replicas' own folders
      for (const d of dirs) expect(fs.existsSync(path.join(d, 'keys'))).toBe(false);
      // a restart reads the same keys; PORTAL_JWT_SECRET still overrides the portal key
      const again = await loadKeys(dirs[0]!, undefined, handle.db);
      expect(Buffer.from(again.portalSecret).equals(Buffer.from(a!.portalSecret))).toBe(true);
      const secret = 'x'.repeat(40);
      const fixed = await loadKeys(dirs[0]!, secret, handle.db);
      expect(new TextDecoder().decode(fixed.portalSecret)).toBe(secret);
      expect(fixed.devIdp.kid).toBe(a!.devIdp.kid);
    } finally {
      await handle.close();
      for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    }
  });

  it('adopts the keys an older data directory kept, so people stay signed in after the upgrade', async () => {
    const handle = await openTestDatabase();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-keys-'));
    try {
      await migrateToLatest(handle.db);
      const old = await loadKeys(dir); // the file-based keys of before
      const now = await loadKeys(dir, undefined, handle.db);
      expect(Buffer.from(now.portalSecret).equals(Buffer.from(old.portalSecret))).toBe(true);
      expect(now.devIdp.kid).toBe(old.devIdp.kid);
    } finally {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('running service', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      projects: 0,
      config: { rateLimits: { signinPerMinute: 3, publicPerMinute: 4 } },
    });
  });
  afterAll(() => ctx?.close());

  it('/health says the process lives; /ready says it can serve, and not while starting or draining', async () => {
    const { app } = ctx;
    expect((await app.inject({ url: '/health' })).json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
    try {
      for (const state of ['starting', 'draining'] as const) {
        app.lifecycle.state = state;
        const notReady = await app.inject({ url: '/ready' });
        expect(notReady.statusCode).toBe(503);
        expect(notReady.json()).toEqual({ status: state });
        expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
        // API calls that reach a replica which is not ready are sent elsewhere at once
        const api = await app.inject({ url: '/api/projects', headers: await ctx.auth('alice.admin') });
        expect(api.statusCode).toBe(503);
        expect(api.headers['retry-after']).toBe('2');
        expect(api.json().message).toMatch(state === 'starting' ? /is starting/ : /shutting down/);
      }
    } finally {
      app.lifecycle.state = 'ready';
    }
  });

  it('limits sign-in per client address: 429 with Retry-After in the one error shape', async () => {
    const calls = [];
    for (let i = 0; i < 4; i++)
      calls.push(
        await ctx.app.inject({
          method: 'POST',
          url: '/auth/signin',
          remoteAddress: '203.0.113.7',
          payload: { scopes: ['portal'] },
        }),
      );
    expect(calls.slice(0, 3).map((r) => r.statusCode)).toEqual([401, 401, 401]);
    const limited = calls[3]!;
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: expect.stringMatching(/^Too many requests: try again in \d+ seconds?$/),
    });
    // the development identity provider shares the sign-in counter
    const idp = await ctx.app.inject({ url: '/dev-idp/authorize', remoteAddress: '203.0.113.7' });
    expect(idp.statusCode).toBe(429);
    // another address is not affected
    const other = await ctx.app.inject({ url: '/dev-idp/authorize', remoteAddress: '203.0.113.8' });
    expect(other.statusCode).toBe(200);
  });

  it('limits the public signing API and the DocuSign webhook', async () => {
    const codes = [];
    for (let i = 0; i < 5; i++) {
      const url =
        i % 2 ? '/api/esign/docusign/connect' : `/api/esign/sign/${crypto.randomBytes(8).toString('hex')}`;
      const res = await ctx.app.inject({
        method: i % 2 ? 'POST' : 'GET',
        url,
        remoteAddress: '198.51.100.9',
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 4).every((c) => c !== 429)).toBe(true);
    expect(codes[4]).toBe(429);
  });

  it('answers every GET of personal data with Cache-Control: no-store, whatever its status', async () => {
    const headers = await ctx.auth('alice.admin');
    const gets = ctx.app.routeCatalog.filter((r) => r.method === 'GET');
    expect(gets.length).toBeGreaterThan(60);
    const checked: string[] = [];
    for (const route of gets) {
      if (!/^\/(api|master|crm|auth|photos)\//i.test(route.url) || route.url.startsWith('/api/docs'))
        continue;
      if (route.url.startsWith('/api/esign/sign/')) continue; // the public API, checked below
      const url = route.url.replace(/:(\w+)/g, (_m, name: string) =>
        /login/i.test(name)
          ? 'alice.admin'
          : /guid/i.test(name)
            ? crypto.randomUUID()
            : /slug/i.test(name)
              ? 'x'
              : '1',
      );
      const res = await ctx.app.inject({ url, headers });
      expect(res.headers['cache-control'], `${url} (${res.statusCode})`).toBe('no-store');
      checked.push(url);
    }
    expect(checked.length).toBeGreaterThan(60);
    // files and photos too, and the public signing API
    for (const url of ['/photos/by-login/alice.admin', '/api/projects']) {
      const res = await ctx.app.inject({ url, headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const docs = await ctx.app.inject({ url: '/api/support/documents', headers });
    const slug = (docs.json() as { slug: string }[])[0]!.slug;
    const pdf = await ctx.app.inject({ url: `/api/support/documents/${slug}`, headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('no-store');
    const pub = await ctx.app.inject({ url: '/api/esign/sign/unknown-token', remoteAddress: '192.0.2.1' });
    expect(pub.headers['cache-control']).toBe('no-store');
  });
});
