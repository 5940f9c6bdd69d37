/**
 * Playground mode (BOT_PLAYGROUND): the bot answers the Microsoft 365 Agents Playground's activities — no Bot
 * Framework token, the header `x-ms-agents-playground: true` — only on a loopback server with the development
 * identity provider that asks for it; any other start refuses such an activity (401) and a start asking for the
 * mode elsewhere stops at configuration. The playground's Teams users are DEMO people by login
 * (scripts/teams-playground.yml).
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { ConfigError, loadConfig, type Config } from '@server/config';
import { PLAYGROUND_BOT_ID, PLAYGROUND_CONFIG } from '../../../../scripts/teams-playground';
import { createTestContext, demoIds, type TestContext } from '../../helpers';
import {
  BOT_TENANT,
  botConfig,
  PLAYGROUND_HEADERS,
  PLAYGROUND_TENANT,
  playgroundActivity,
  startFakeBotFramework,
  type FakeBotFramework,
} from './fixture';

const PUBLIC_URL = 'http://localhost:53000';

let fake: FakeBotFramework;
let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;

/** The bot of a playground-mode start: no BOT_TENANT_ID (any tenant), the playground accepted. */
const playgroundBot = (over: Partial<NonNullable<Config['teams']['bot']>> = {}) => ({
  ...botConfig(fake, { tenantId: undefined }),
  playground: true as const,
  ...over,
});

beforeAll(async () => {
  fake = await startFakeBotFramework();
  const base = loadConfig({});
  ctx = await createTestContext({
    projects: 5,
    config: { publicUrl: PUBLIC_URL, teams: { ...base.teams, bot: playgroundBot() } },
  });
  ids = await demoIds(ctx.db);
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

const unfurl = (url: string, from: { id: string; aadObjectId?: string }) =>
  playgroundActivity('composeExtension/queryLink', { url }, from);
const search = (text: string, from: { id: string; aadObjectId?: string }) =>
  playgroundActivity(
    'composeExtension/query',
    {
      commandId: 'findProject',
      parameters: [{ name: 'query', value: text }],
      queryOptions: { skip: 0, count: 25 },
    },
    from,
  );

/** Sends an activity as the playground does (no Authorization header), to `app` (default the playground-mode one). */
const send = (
  body: Record<string, unknown>,
  opts: { app?: TestContext['app']; headers?: Record<string, string> } = {},
) =>
  (opts.app ?? ctx.app).inject({
    method: 'POST',
    url: '/api/messages',
    headers: opts.headers ?? PLAYGROUND_HEADERS,
    payload: body,
  });

interface Answer {
  composeExtension: {
    attachments: {
      content: { body: unknown[]; actions: { title: string; url: string }[] };
      preview: { content: { title: string } };
    }[];
  };
}
/** Every text of a card, in order (its TextBlocks, however deep in its column sets). */
function textsOf(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(textsOf);
  if (!node || typeof node !== 'object') return [];
  const o = node as Record<string, unknown>;
  if (o.type === 'TextBlock' && typeof o.text === 'string') return [o.text];
  return Object.values(o).flatMap(textsOf);
}
const cardTexts = (answer: Answer) => answer.composeExtension.attachments.map((a) => textsOf(a.content.body));
const titles = (answer: Answer) => answer.composeExtension.attachments.map((a) => a.preview.content.title);

// DEMO-DATA: DEMO-DURING's team (Marcos manager, Paula partner), this week's one-page not submitted, a draft status
const DURING_FULL = [
  'DEMO-DURING',
  'Demo During Project',
  'Client',
  'Blue River Bank',
  'Status',
  'During',
  'Manager',
  'Marcos Moura',
  'Partner',
  'Paula Pereira',
  "This week's one-page",
  'Not Submitted',
  'Weekly status',
  'Draft',
];
const DURING_MINIMAL = ['DEMO-DURING', 'Demo During Project'];
const duringLink = () => `${PUBLIC_URL}/project/${ids.project['DEMO-DURING']}/home`;

describe('the configuration', () => {
  it('a loopback start with the development identity provider may ask for playground mode', () => {
    for (const HOST of [undefined, '127.0.0.1', '::1', 'localhost']) {
      const config = loadConfig({ HOST, BOT_ID: 'bot', BOT_PLAYGROUND: 'true' });
      expect(config.devIdp).toBe(true);
      expect(config.teams.bot).toEqual({
        appId: 'bot',
        tenantId: undefined,
        openIdMetadataUrl: 'https://login.botframework.com/v1/.well-known/openidconfiguration',
        issuer: 'https://api.botframework.com',
        playground: true,
      });
    }
    expect(loadConfig({ BOT_ID: 'bot' }).teams.bot).not.toHaveProperty('playground');
    expect(loadConfig({ BOT_ID: 'bot', BOT_PLAYGROUND: 'false' }).teams.bot).not.toHaveProperty('playground');
  });

  it('any other start asking for it stops with one line naming why', () => {
    const refusal = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError);
        return (e as Error).message;
      }
      throw new Error('the configuration was accepted');
    };
    expect(refusal({ HOST: '0.0.0.0', PORTAL_DEV_IDP: 'true', BOT_ID: 'bot', BOT_PLAYGROUND: 'true' })).toBe(
      'Configuration error: BOT_PLAYGROUND=true answers bot activities without a Bot Framework token: it needs a loopback HOST (127.0.0.1, ::1 or localhost), not HOST=0.0.0.0',
    );
    expect(
      refusal({ AUTH_TENANT_ID: 'tenant', AUTH_CLIENT_ID: 'client', BOT_ID: 'bot', BOT_PLAYGROUND: 'true' }),
    ).toBe(
      'Configuration error: BOT_PLAYGROUND=true answers bot activities without a Bot Framework token: it is for development with the development identity provider, not with Microsoft Entra ID (AUTH_TENANT_ID, AUTH_CLIENT_ID)',
    );
    expect(refusal({ BOT_PLAYGROUND: 'true' })).toBe(
      "Configuration error: BOT_OPENID_METADATA_URL, BOT_TENANT_ID, BOT_ISSUER and BOT_PLAYGROUND need BOT_ID (the bot registration's app id)",
    );
    expect(refusal({ BOT_ID: 'bot', BOT_PLAYGROUND: 'maybe' })).toBe(
      'Configuration error: BOT_PLAYGROUND expects true or false (got "maybe")',
    );
  });

  it("the playground's configuration names the portal's bot and DEMO people", async () => {
    const yml = fs.readFileSync(PLAYGROUND_CONFIG, 'utf8');
    expect(yml).toMatch(new RegExp(`^bot:\\n(?:\\s+#.*\\n)*\\s+id: ${PLAYGROUND_BOT_ID}$`, 'm'));
    expect(yml).toMatch(new RegExp(`^tenantId: ${PLAYGROUND_TENANT}$`, 'm'));
    expect(yml).toMatch(/^currentUser:\n(?:\s+#.*\n)*\s+id: marcos\.manager$/m);
    const users = [...yml.matchAll(/^\s+(?:- )?id: ([a-z]+\.[a-z]+)$/gm)].map((m) => m[1]);
    expect(users).toEqual([
      'marcos.manager',
      'paula.partner',
      'oscar.outsider',
      'carla.consultant',
      'rita.retired',
      'gina.guest',
    ]);
    // the current user reads full cards; Rita (inactive) and Gina (nobody) the minimal ones
    const people = await ctx.db
      .selectFrom('professionals')
      .select(['login', 'isActive'])
      .where('login', 'in', users)
      .orderBy('login')
      .execute();
    expect(people).toEqual([
      { login: 'carla.consultant', isActive: true },
      { login: 'marcos.manager', isActive: true },
      { login: 'oscar.outsider', isActive: true },
      { login: 'paula.partner', isActive: true },
      { login: 'rita.retired', isActive: false },
    ]);
  });
});

describe('a playground-mode server', () => {
  it("answers the playground's tokenless activity: its user is the DEMO person of the user's id", async () => {
    const res = await send(unfurl(duringLink(), { id: 'marcos.manager' }));
    expect(res.statusCode).toBe(200);
    const answer = res.json<Answer>();
    expect(cardTexts(answer)).toEqual([DURING_FULL]);
    expect(answer.composeExtension.attachments[0]!.content.actions).toEqual([
      { type: 'Action.OpenUrl', title: 'Open in browser', url: duringLink() },
    ]);
    // the dev identity provider's login_hint forms: the e-mail, any case
    const byEmail = await send(unfurl(duringLink(), { id: 'Marcos.Manager@example.com' }));
    expect(cardTexts(byEmail.json<Answer>())).toEqual([DURING_FULL]);
  });

  it('searches as that person: by code, by client', async () => {
    const byCode = await send(search('demo-during', { id: 'marcos.manager' }));
    expect(byCode.statusCode).toBe(200);
    expect(cardTexts(byCode.json<Answer>())).toEqual([DURING_FULL]);
    const byClient = await send(search('blue river', { id: 'marcos.manager' }));
    const clients = await ctx.db
      .selectFrom('projects as p')
      .innerJoin('clients as c', 'c.id', 'p.clientId')
      .select(['p.code', 'p.name'])
      .where('c.name', '=', 'Blue River Bank')
      .execute();
    expect(clients.map((p) => p.code)).toEqual(
      expect.arrayContaining(['DEMO-SETUP', 'DEMO-DURING', 'DEMO-READY', 'DEMO-FINISHED']),
    );
    expect(titles(byClient.json<Answer>()).sort()).toEqual(
      clients.map((p) => `${p.code} — ${p.name}`).sort(),
    );
  });

  it('a user who is no active professional gets the code and name only', async () => {
    for (const id of ['rita.retired', 'gina.guest', 'someone']) {
      const res = await send(unfurl(duringLink(), { id }));
      expect(res.statusCode).toBe(200);
      expect(cardTexts(res.json<Answer>())).toEqual([DURING_MINIMAL]);
    }
    const res = await send(search('demo-during', { id: 'rita.retired' }));
    expect(cardTexts(res.json<Answer>())).toEqual([DURING_MINIMAL]);
  });

  it('an Entra object id recorded on a professional still comes first', async () => {
    const oid = '7d1a3c55-1111-4222-8333-0000000000dd';
    await ctx.db
      .updateTable('professionals')
      .set({ entraObjectId: oid })
      .where('login', '=', 'carla.consultant')
      .execute();
    const res = await send(unfurl(duringLink(), { id: 'gina.guest', aadObjectId: oid }));
    expect(cardTexts(res.json<Answer>())).toEqual([DURING_FULL]);
  });

  it('an unknown link answers an empty result', async () => {
    for (const url of ['https://example.com/project/1/home', `${PUBLIC_URL}/projects`]) {
      const res = await send(unfurl(url, { id: 'marcos.manager' }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        composeExtension: { type: 'result', attachmentLayout: 'list', attachments: [] },
      });
    }
  });

  it("acknowledges the playground's installation and conversation updates", async () => {
    for (const type of ['installationUpdate', 'conversationUpdate']) {
      const res = await send(
        playgroundActivity(
          'unused',
          undefined,
          { id: 'marcos.manager' },
          { type, name: undefined, action: 'add' },
        ),
      );
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('');
    }
  });

  it('still wants a token from everyone else', async () => {
    // without the playground's header
    const bare = await send(unfurl(duringLink(), { id: 'marcos.manager' }), { headers: {} });
    expect(bare.statusCode).toBe(401);
    expect(bare.json().message).toMatch(/carries no Bot Framework token/);
    const other = await send(unfurl(duringLink(), { id: 'marcos.manager' }), {
      headers: { 'x-ms-agents-playground': 'false' },
    });
    expect(other.statusCode).toBe(401);
    // a request with a token is checked as in any start, header or not
    const bad = await send(unfurl(duringLink(), { id: 'marcos.manager' }), {
      headers: { ...PLAYGROUND_HEADERS, authorization: 'Bearer not-a-jwt' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toMatch(/not a well-formed JWT/);
  });

  it("keeps the tenant check: with BOT_TENANT_ID, the playground's tenant must be it", async () => {
    const app = await buildApp({
      db: ctx.db,
      keys: ctx.keys,
      config: { ...ctx.config, teams: { ...ctx.config.teams, bot: playgroundBot({ tenantId: BOT_TENANT }) } },
    });
    try {
      const res = await send(unfurl(duringLink(), { id: 'marcos.manager' }), { app });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe("The activity comes from another tenant than the bot's");
      const same = playgroundActivity(
        'composeExtension/queryLink',
        { url: duringLink() },
        { id: 'marcos.manager' },
        {
          conversation: { id: 'personal-chat', tenantId: BOT_TENANT },
          channelData: { tenant: { id: BOT_TENANT } },
        },
      );
      expect((await send(same, { app })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('any other server', () => {
  it('a development start without BOT_PLAYGROUND refuses the tokenless activity (401)', async () => {
    const app = await buildApp({
      db: ctx.db,
      keys: ctx.keys,
      config: {
        ...ctx.config,
        teams: { ...ctx.config.teams, bot: botConfig(fake, { tenantId: undefined }) },
      },
    });
    try {
      const res = await send(unfurl(duringLink(), { id: 'marcos.manager' }), { app });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'The request carries no Bot Framework token (Authorization: Bearer …)',
      });
    } finally {
      await app.close();
    }
  });

  it('an Entra start refuses it even with the playground header (401)', async () => {
    const entra = loadConfig({
      PUBLIC_URL,
      AUTH_TENANT_ID: BOT_TENANT,
      AUTH_CLIENT_ID: 'portal-client',
      BOT_ID: PLAYGROUND_BOT_ID,
      BOT_OPENID_METADATA_URL: fake.metadataUrl,
    });
    expect(entra.devIdp).toBe(false);
    expect(entra.teams.bot).not.toHaveProperty('playground');
    const app = await buildApp({
      db: ctx.db,
      keys: ctx.keys,
      config: { ...ctx.config, entra: entra.entra, devIdp: false, teams: entra.teams },
    });
    try {
      const res = await send(unfurl(duringLink(), { id: 'marcos.manager' }), { app });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('The request carries no Bot Framework token (Authorization: Bearer …)');
    } finally {
      await app.close();
    }
  });
});
