/**
 * The bot endpoint of the message extension: POST /api/messages with Bot Framework tokens signed
 * by a fake key set (tests/server/modules/bot/fixture.ts), link unfurling of both link forms, the search
 * command, the minimal card for readers who are not active professionals, and every refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { createTestContext, demoIds, type TestContext } from '../helpers';
import {
  activity,
  anonymousQueryLink,
  BOT_ID,
  BOT_TENANT,
  botConfig,
  query,
  queryLink,
  startFakeBotFramework,
  type FakeBotFramework,
} from './bot/fixture';

const PUBLIC_URL = 'https://portal.example.com';
const TEAMS_APP_ID = 'a1b2c3d4-0000-4000-8000-0000000000aa';
const MARCOS_OID = '6F9B5C1E-1111-4222-8333-0000000000AA';
const RITA_OID = '0c1d2e3f-1111-4222-8333-0000000000bb';
const UNKNOWN_OID = '99999999-1111-4222-8333-0000000000cc';

let fake: FakeBotFramework;
let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;

beforeAll(async () => {
  fake = await startFakeBotFramework();
  const base = loadConfig({});
  ctx = await createTestContext({
    // 9 DEMO projects + 5 generated: more than the 10 results a search gives
    projects: 5,
    config: {
      publicUrl: PUBLIC_URL,
      teams: { ...base.teams, appId: TEAMS_APP_ID, bot: botConfig(fake) },
    },
  });
  ids = await demoIds(ctx.db);
  await ctx.db
    .updateTable('professionals')
    .set({ entraObjectId: MARCOS_OID })
    .where('login', '=', 'marcos.manager')
    .execute();
  await ctx.db
    .updateTable('professionals')
    .set({ entraObjectId: RITA_OID })
    .where('login', '=', 'rita.retired')
    .execute();
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

async function post(body: unknown, token?: string | null) {
  const authorization = token === null ? undefined : `Bearer ${token ?? (await fake.token())}`;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: authorization ? { authorization } : {},
    payload: body as Record<string, unknown>,
  });
}

// ---- the expected cards, written out ----

type Colour = 'Good' | 'Warning' | 'Attention' | 'Accent' | 'Default';
const line = (label: string, value: string, colour?: Colour) => ({
  type: 'ColumnSet',
  spacing: 'Small',
  columns: [
    { type: 'Column', width: 2, items: [{ type: 'TextBlock', text: label, isSubtle: true, wrap: true }] },
    {
      type: 'Column',
      width: 3,
      items: [
        {
          type: 'TextBlock',
          text: value,
          wrap: true,
          ...(colour
            ? { color: colour, weight: 'Bolder', ...(colour === 'Default' ? { isSubtle: true } : {}) }
            : {}),
        },
      ],
    },
  ],
});
const heading = (code: string, name: string) => [
  { type: 'TextBlock', text: code, size: 'Small', weight: 'Bolder', isSubtle: true },
  { type: 'TextBlock', text: name, size: 'Medium', weight: 'Bolder', wrap: true, spacing: 'None' },
];
const browserUrl = (id: number) => `${PUBLIC_URL}/project/${id}/home`;
const teamsUrl = (id: number) =>
  `https://teams.microsoft.com/l/entity/${TEAMS_APP_ID}/projects?webUrl=https%3A%2F%2Fportal.example.com%2Fproject%2F${id}%2Fhome&context=%7B%22subEntityId%22%3A%22%2Fproject%2F${id}%2Fhome%22%7D`;

function fullAttachment(
  id: number,
  code: string,
  name: string,
  rows: ReturnType<typeof line>[],
  subtitle: string,
) {
  return {
    contentType: 'application/vnd.microsoft.card.adaptive',
    content: {
      type: 'AdaptiveCard',
      $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
      version: '1.5',
      body: [...heading(code, name), ...rows],
      actions: [
        { type: 'Action.OpenUrl', title: 'Open in Teams', url: teamsUrl(id) },
        { type: 'Action.OpenUrl', title: 'Open in browser', url: browserUrl(id) },
      ],
      fallbackText: `${code} — ${name}: ${browserUrl(id)}`,
    },
    preview: {
      contentType: 'application/vnd.microsoft.card.thumbnail',
      content: { title: `${code} — ${name}`, subtitle },
    },
  };
}

function minimalAttachment(id: number, code: string, name: string) {
  return {
    contentType: 'application/vnd.microsoft.card.adaptive',
    content: {
      type: 'AdaptiveCard',
      $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
      version: '1.5',
      body: heading(code, name),
      actions: [{ type: 'Action.OpenUrl', title: 'Open in browser', url: browserUrl(id) }],
      fallbackText: `${code} — ${name}: ${browserUrl(id)}`,
    },
    preview: {
      contentType: 'application/vnd.microsoft.card.thumbnail',
      content: { title: `${code} — ${name}` },
    },
  };
}

const result = (attachments: unknown[]) => ({
  composeExtension: { type: 'result', attachmentLayout: 'list', attachments },
});

const duringCard = () =>
  fullAttachment(
    ids.project['DEMO-DURING']!,
    'DEMO-DURING',
    'Demo During Project',
    [
      line('Client', 'Blue River Bank'),
      line('Status', 'During', 'Good'),
      line('Manager', 'Marcos Moura'),
      line('Partner', 'Paula Pereira'),
      // DEMO-DATA: DEMO-DURING's one-page of this week is not submitted; the newest weekly status is a draft
      line("This week's one-page", 'Not Submitted', 'Default'),
      line('Weekly status', 'Draft', 'Default'),
    ],
    'Blue River Bank · During',
  );

const codesOf = (body: { composeExtension: { attachments: { content: { body: { text: string }[] } }[] } }) =>
  body.composeExtension.attachments.map((a) => a.content.body[0]!.text);

describe('link unfurling', () => {
  it('a pasted portal link (any sub-page) unfurls into the full card for an active professional', async () => {
    const id = ids.project['DEMO-DURING']!;
    const res = await post(queryLink(`${PUBLIC_URL}/project/${id}/during/one-page?tab=2#top`, MARCOS_OID));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual(result([duringCard()]));
  });

  it("the Teams deep link the portal builds unfurls into the same card (the Entra object id's case ignored)", async () => {
    const id = ids.project['DEMO-DURING']!;
    const params = new URLSearchParams({
      webUrl: `${PUBLIC_URL}/project/${id}/setup/client`,
      context: JSON.stringify({ subEntityId: `/project/${id}/setup/client` }),
    });
    const link = `https://teams.microsoft.com/l/entity/${TEAMS_APP_ID}/projects?${params}`;
    const res = await post(queryLink(link, MARCOS_OID.toLowerCase()));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(result([duringCard()]));
  });

  it("shows this week's submitted one-page with its problem level colour", async () => {
    // DEMO-READY (4th DEMO project): this week's one-page submitted at level (4 % 3) + 1 = 2, Yellow
    const id = ids.project['DEMO-READY']!;
    const res = await post(queryLink(`${PUBLIC_URL}/project/${id}/home`, MARCOS_OID));
    expect(res.json()).toEqual(
      result([
        fullAttachment(
          id,
          'DEMO-READY',
          'Demo Ready for Closure',
          [
            line('Client', 'Blue River Bank'),
            line('Status', 'During', 'Good'),
            line('Manager', 'Marcos Moura'),
            line('Partner', 'Paula Pereira'),
            line("This week's one-page", 'Submitted · Yellow', 'Warning'),
            line('Weekly status', 'Draft', 'Default'),
          ],
          'Blue River Bank · During',
        ),
      ]),
    );
  });

  it('colours each project status as the portal does', async () => {
    const expected: [string, string, Colour][] = [
      ['DEMO-DRAFT', 'Draft', 'Default'],
      ['DEMO-SETUP', 'Setup', 'Accent'],
      ['DEMO-CLOSURE', 'Closure', 'Warning'],
      ['DEMO-FINISHED', 'Finished', 'Good'],
      ['DEMO-PAUSED', 'Paused', 'Attention'],
    ];
    for (const [code, status, colour] of expected) {
      const res = await post(queryLink(`${PUBLIC_URL}/project/${ids.project[code]}`, MARCOS_OID));
      const card = res.json().composeExtension.attachments[0].content;
      expect(card.body[3], code).toEqual(line('Status', status, colour));
    }
    // a weekly status signed (completed) shows green
    const id = ids.project['DEMO-PAUSED']!;
    await ctx.db
      .updateTable('weeklyStatuses')
      .set({ createdAt: new Date() })
      .where('projectId', '=', id)
      .where('signedStatus', '=', 'completed')
      .execute();
    const res = await post(queryLink(`${PUBLIC_URL}/project/${id}`, MARCOS_OID));
    expect(res.json().composeExtension.attachments[0].content.body[7]).toEqual(
      line('Weekly status', 'Completed', 'Good'),
    );
  });

  it('someone who is not an active professional sees the code and name only', async () => {
    const id = ids.project['DEMO-DURING']!;
    const minimal = result([minimalAttachment(id, 'DEMO-DURING', 'Demo During Project')]);
    for (const oid of [UNKNOWN_OID, RITA_OID, undefined]) {
      const res = await post(queryLink(`${PUBLIC_URL}/project/${id}/home`, oid));
      expect(res.statusCode, String(oid)).toBe(200);
      expect(res.json(), String(oid)).toEqual(minimal);
    }
  });

  it('the anonymous (zero-install) unfurl gives the minimal card', async () => {
    const id = ids.project['DEMO-DURING']!;
    const res = await post(anonymousQueryLink(`${PUBLIC_URL}/project/${id}/home`));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(result([minimalAttachment(id, 'DEMO-DURING', 'Demo During Project')]));
  });

  it('a link that is not a portal project link answers an empty result', async () => {
    const id = ids.project['DEMO-DURING']!;
    const otherApp = `https://teams.microsoft.com/l/entity/another-app/projects?context=${encodeURIComponent(
      JSON.stringify({ subEntityId: `/project/${id}/home` }),
    )}`;
    for (const url of [
      `https://example.org/project/${id}/home`,
      `http://portal.example.com/project/${id}/home`,
      `${PUBLIC_URL}/admin/projects`,
      `${PUBLIC_URL}/project/abc/home`,
      `${PUBLIC_URL}/project/99999/home`,
      `${PUBLIC_URL}/project/99999999999999/home`,
      otherApp,
      'not a url',
    ]) {
      const res = await post(queryLink(url, MARCOS_OID));
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual(result([]));
    }
  });
});

describe('Find a project', () => {
  it('finds by code, by name and by client, case and accents ignored', async () => {
    const byCode = await post(query('demo-during', MARCOS_OID));
    expect(byCode.statusCode).toBe(200);
    expect(byCode.json().composeExtension.attachments[0]).toEqual(duringCard());
    expect(codesOf(byCode.json())).toEqual(['DEMO-DURING']);

    expect(codesOf((await post(query('READY for closure', MARCOS_OID))).json())).toEqual(['DEMO-READY']);

    const byClient = codesOf((await post(query('blue river', MARCOS_OID))).json());
    expect(byClient).toEqual(
      expect.arrayContaining(['DEMO-SETUP', 'DEMO-DURING', 'DEMO-READY', 'DEMO-FINISHED']),
    );
    const clientOf = await ctx.db
      .selectFrom('projects as p')
      .innerJoin('clients as c', 'c.id', 'p.clientId')
      .select('p.code')
      .where('c.name', '=', 'Blue River Bank')
      .execute();
    expect(byClient.sort()).toEqual(clientOf.map((r) => r.code).sort());

    await ctx.db
      .updateTable('projects')
      .set({ name: 'Projeto Pausado São José' })
      .where('code', '=', 'DEMO-PAUSED')
      .execute();
    expect(codesOf((await post(query('SAO jose', MARCOS_OID))).json())).toEqual(['DEMO-PAUSED']);
    expect(codesOf((await post(query('são JOSÉ pausado', MARCOS_OID))).json())).toEqual(['DEMO-PAUSED']);
    expect(codesOf((await post(query('nothing like this', MARCOS_OID))).json())).toEqual([]);
    // regular-expression characters are searched as text
    for (const text of ['(.*[', 'a+b?', '\\', '^$', '{1}|x'])
      expect(codesOf((await post(query(text, MARCOS_OID))).json()), text).toEqual([]);
    expect(codesOf((await post(query('demo-d', MARCOS_OID))).json()).sort()).toEqual([
      'DEMO-DRAFT',
      'DEMO-DURING',
    ]);
  });

  it("the empty query (initial run) lists at most 10, the caller's projects first", async () => {
    const res = await post(query(undefined, MARCOS_OID));
    expect(res.statusCode).toBe(200);
    const codes = codesOf(res.json());
    expect(codes).toHaveLength(10);
    // Marcos manages the 9 DEMO projects: they come first, then a generated one
    expect(codes.slice(0, 9).sort()).toEqual(
      Object.keys(ids.project)
        .filter((c) => c.startsWith('DEMO-'))
        .sort(),
    );
    expect(codes[9]).toMatch(/^PRJ-/);
    // a search matching more than 10 projects is cut at 10 too, each result with its preview
    const many = await post(query('', MARCOS_OID));
    expect(codesOf(many.json())).toHaveLength(10);
    for (const a of many.json().composeExtension.attachments)
      expect(a.preview.content.subtitle).toMatch(/ · (Draft|Setup|During|Closure|Finished|Paused)$/);
  });

  it('an unmapped caller gets the results with minimal cards', async () => {
    const res = await post(query('DEMO-DURING', UNKNOWN_OID));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      result([minimalAttachment(ids.project['DEMO-DURING']!, 'DEMO-DURING', 'Demo During Project')]),
    );
    expect(codesOf((await post(query(undefined))).json())).toHaveLength(10);
  });

  it('a pasted project link finds that project; another command finds nothing', async () => {
    const id = ids.project['DEMO-DURING']!;
    expect((await post(query(`${PUBLIC_URL}/project/${id}/home`, MARCOS_OID))).json()).toEqual(
      result([duringCard()]),
    );
    expect((await post(query('DEMO', MARCOS_OID, 'anotherCommand'))).json()).toEqual(result([]));
  });
});

describe('the Bot Framework token', () => {
  const body = () => queryLink(`${PUBLIC_URL}/project/1/home`, MARCOS_OID);
  const expect401 = async (res: Awaited<ReturnType<typeof post>>, message: RegExp) => {
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: expect.stringMatching(message),
    });
  };

  it('is required', async () => {
    await expect401(await post(body(), null), /carries no Bot Framework token/);
    await expect401(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: { authorization: 'Basic abc' },
        payload: body(),
      }),
      /not "Bearer/,
    );
    await expect401(await post(body(), 'not-a-jwt'), /not a well-formed JWT/);
  });

  it('must be for this bot, from the Bot Framework, current and signed by its key', async () => {
    await expect401(await post(body(), await fake.token({ aud: 'another-bot' })), /another bot \(audience\)/);
    await expect401(
      await post(body(), await fake.token({ iss: 'https://sts.windows.net/evil/' })),
      /issuer is not https:\/\/api\.botframework\.com/,
    );
    await expect401(await post(body(), await fake.token({ expiresIn: -600 })), /expired/);
    await expect401(await post(body(), await fake.forgedToken()), /signature does not verify/);
  });

  it('must come with an activity of the bot’s tenant, channel and service URL', async () => {
    const other = '00000000-aaaa-4bbb-8ccc-000000000000';
    await expect401(
      await post({ ...body(), conversation: { id: 'a:1', tenantId: other } }),
      /another tenant/,
    );
    await expect401(await post({ ...body(), channelData: { tenant: { id: other } } }), /another tenant/);
    await expect401(
      await post({ ...body(), conversation: { id: 'a:1' }, channelData: {} }),
      /names no tenant/,
    );
    await expect401(await post({ ...body(), channelId: 'webchat' }), /not endorsed for the channel webchat/);
    await expect401(
      await post({ ...body(), serviceUrl: 'https://evil.example.com/' }),
      /another service URL/,
    );
    // the tenant id's case does not matter
    const ok = await post({ ...body(), conversation: { id: 'a:1', tenantId: BOT_TENANT.toUpperCase() } });
    expect(ok.statusCode).toBe(200);
  });

  it('is checked before the body: a bad body without a token is a 401', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(401);
  });

  it("the key set is read once and kept (the metadata document's jwks_uri)", () => {
    expect(fake.hits.metadata).toBe(1);
    expect(fake.hits.keys).toBe(1);
  });
});

describe('bodies and other activities', () => {
  it('a malformed body is a 400 in the one error shape', async () => {
    const bad = [
      { ...activity({ name: 'composeExtension/queryLink', value: { url: 'x' } }), conversation: undefined },
      { ...activity(), type: '' },
      { ...activity(), from: 'someone' },
      activity({ name: 'composeExtension/queryLink', value: {} }),
      activity({ name: 'composeExtension/queryLink', value: { url: 42 } }),
      activity({
        name: 'composeExtension/query',
        value: { commandId: 'findProject', queryOptions: { skip: -1 } },
      }),
      activity({ name: 'composeExtension/query' }),
      activity({ timestamp: 42 }),
    ];
    for (const b of bad) {
      const res = await post(b);
      expect(res.statusCode, JSON.stringify(b)).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.any(String) });
    }
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { authorization: `Bearer ${await fake.token()}`, 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toMatch(/^Invalid request/);
  });

  it('a message (not an invoke) is acknowledged with 200 and no body', async () => {
    const res = await post(activity({ type: 'message', text: 'hello' }));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });

  it('an invoke the bot does not handle answers 501', async () => {
    const res = await post(activity({ name: 'composeExtension/fetchTask', value: {} }));
    expect(res.statusCode).toBe(501);
    expect(res.json().message).toBe('The bot does not answer invoke composeExtension/fetchTask');
  });
});

describe('configuration', () => {
  it('the endpoint is described in the OpenAPI document', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const op = res.json().paths['/api/messages'].post;
    expect(op.tags).toEqual(['teams']);
    expect(Object.keys(op.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['type', 'channelId', 'from', 'recipient', 'conversation', 'value']),
    );
  });

  it('without BOT_ID the endpoint answers 404', async () => {
    const app = await buildApp({
      db: ctx.db,
      keys: ctx.keys,
      config: { ...ctx.config, teams: { ...ctx.config.teams, bot: undefined } },
    });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: { authorization: `Bearer ${await fake.token()}` },
        payload: queryLink(`${PUBLIC_URL}/project/1/home`),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'The bot is not configured',
      });
    } finally {
      await app.close();
    }
  });

  it('a key set that cannot be read is a 503, not the caller’s 401', async () => {
    const app = await buildApp({
      db: ctx.db,
      keys: ctx.keys,
      config: {
        ...ctx.config,
        teams: {
          ...ctx.config.teams,
          bot: botConfig(fake, {
            openIdMetadataUrl: 'http://127.0.0.1:9/v1/.well-known/openidconfiguration',
          }),
        },
      },
    });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: { authorization: `Bearer ${await fake.token()}` },
        payload: queryLink(`${PUBLIC_URL}/project/1/home`),
      });
      expect(res.statusCode).toBe(503);
    } finally {
      await app.close();
    }
  });

  it('without a tenant id any tenant is answered', async () => {
    const app = await buildApp({
      db: ctx.db,
      keys: ctx.keys,
      config: {
        ...ctx.config,
        teams: { ...ctx.config.teams, bot: botConfig(fake, { tenantId: undefined }) },
      },
    });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: { authorization: `Bearer ${await fake.token()}` },
        payload: {
          ...queryLink(`${PUBLIC_URL}/project/${ids.project['DEMO-DURING']}/home`, MARCOS_OID),
          conversation: { id: 'a:1', tenantId: 'another-tenant' },
          channelData: { tenant: { id: 'another-tenant' } },
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(result([duringCard()]));
      expect(BOT_ID).toBe(ctx.config.teams.bot!.appId);
    } finally {
      await app.close();
    }
  });
});
