import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Jobs, JobHandler, SendOptions } from '@server/adapters/jobs';
import { NOTIFICATION_EVENTS } from '@domain/rules/notifications';
import { onePageWeekOf } from '@domain/rules';
import { reminderDue, sendDueReminders } from '@server/modules/notifications/reminders';
import { TEAMS_TRIES, type NotifyInput } from '@server/modules/notifications/service';
import { loadConfig } from '@server/config';
import { createTestContext, demoIds, type TestContext } from '../helpers';
import { request } from '../request';
import { startFakeMicrosoft, type FakeMicrosoft } from '../fakes/microsoft';

/**
 * Notifications at the HTTP boundary: a fake Entra token endpoint and a fake Microsoft Graph
 * record what the server sends. The job queue is a recording fake: each test runs the queued jobs itself and
 * sees their options (Retry-After honoured, backoff).
 */
class RecordingJobs implements Jobs {
  readonly kind = 'pglite' as const;
  handlers = new Map<string, JobHandler<Record<string, unknown>>>();
  queued: { name: string; data: Record<string, unknown>; opts: SendOptions }[] = [];
  sent: { name: string; data: Record<string, unknown>; opts: SendOptions }[] = [];
  async send(name: string, data: object, opts: SendOptions = {}) {
    const job = { name, data: data as Record<string, unknown>, opts: { ...opts, trx: undefined } };
    this.queued.push(job);
    this.sent.push(job);
    return String(this.sent.length);
  }
  async work<T>(name: string, handler: JobHandler<T>) {
    this.handlers.set(name, handler as JobHandler<Record<string, unknown>>);
  }
  async ensureQueue() {}
  async start() {}
  async stop() {}
  /** Runs every queued job (and those they queue), in order; how many ran. */
  async runAll(limit = 100) {
    let ran = 0;
    while (this.queued.length && ran < limit) {
      const job = this.queued.shift()!;
      await this.handlers.get(job.name)!(job.data, { id: String(ran), retryCount: 0 });
      ran++;
    }
    return ran;
  }
}

let ms: FakeMicrosoft;
let ctx: TestContext;
let jobs: RecordingJobs;
let ids: Awaited<ReturnType<typeof demoIds>>;
const APP_ID = '11111111-2222-4333-8444-555555555555';

beforeAll(async () => {
  ms = await startFakeMicrosoft();
  const base = loadConfig({});
  ctx = await createTestContext({
    projects: 0,
    config: {
      teams: {
        appId: APP_ID,
        bot: undefined,
        graph: {
          tenantId: 'tenant-1',
          clientId: 'client-1',
          clientSecret: 'secret-1',
          baseUrl: ms.graphBaseUrl,
          authorityHost: ms.origin,
        },
      },
      publicUrl: base.publicUrl,
    },
  });
  jobs = new RecordingJobs();
  await ctx.app.notifications.attachJobs(jobs);
  ids = await demoIds(ctx.db);
  // Carla signed in with Entra once: her object id is known; the others are addressed by e-mail (UPN)
  await ctx.db
    .updateTable('professionals')
    .set({ entraObjectId: 'c0ffee00-0000-4000-8000-00000000ca71' })
    .where('id', '=', ids.person['carla.consultant']!)
    .execute();
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await ms?.close();
});
beforeEach(async () => {
  ms.reset();
  jobs.queued.length = 0;
  jobs.sent.length = 0;
  await ctx.db.deleteFrom('notificationPreferences').execute();
  await ctx.db.deleteFrom('mailOutbox').execute();
});

const choose = async (login: string, event: string, channel: string) =>
  expect((await request(ctx, login).put(`/api/me/notifications/${event}`, { channel })).statusCode).toBe(200);
const outbox = () =>
  ctx.db.selectFrom('mailOutbox').select(['toAddress', 'subject', 'body']).orderBy('id').execute();
const rowsOf = (event: string) =>
  ctx.db
    .selectFrom('notifications')
    .innerJoin('professionals', 'professionals.id', 'notifications.professionalId')
    .select([
      'notifications.id',
      'login',
      'channel',
      'mailId',
      'teamsStatus',
      'teamsAttempts',
      'teamsError',
      'title',
      'path',
    ])
    .where('event', '=', event)
    .orderBy('notifications.id')
    .execute();

/** Forwards DEMO-DRAFT (1 → 2) and back by Admin, so each test has a fresh status change to notify. */
async function forwardDraft(by = 'marcos.manager') {
  const id = ids.project['DEMO-DRAFT']!;
  await ctx.db.updateTable('projects').set({ idStatus: 1 }).where('id', '=', id).execute();
  const res = await request(ctx, by).put(`/api/projects/${id}/status`, { idStatus: 2 });
  expect(res.statusCode).toBe(200);
  return id;
}

describe('GET/PUT /api/me/notifications', () => {
  it('lists every event with the default (Teams and e-mail); stores a choice per person', async () => {
    const res = await request(ctx, 'carla.consultant').get('/api/me/notifications');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.teamsEnabled).toBe(true);
    expect(body.preferences.map((p: { event: string }) => p.event)).toEqual([...NOTIFICATION_EVENTS]);
    expect(body.preferences.every((p: { channel: string }) => p.channel === 'both')).toBe(true);
    expect(
      body.preferences
        .filter((p: { workflowMail: boolean }) => p.workflowMail)
        .map((p: { event: string }) => p.event),
    ).toEqual(['weeklyStatusToSign', 'crmApprovalRequested']);
    const put = await request(ctx, 'carla.consultant').put('/api/me/notifications/projectStatusChanged', {
      channel: 'teams',
    });
    expect(put.json()).toEqual({ event: 'projectStatusChanged', channel: 'teams', workflowMail: false });
    const again = (await request(ctx, 'carla.consultant').get('/api/me/notifications')).json();
    expect(again.preferences.find((p: { event: string }) => p.event === 'projectStatusChanged').channel).toBe(
      'teams',
    );
    // another person's choices are their own
    const ivan = (await request(ctx, 'ivan.intern').get('/api/me/notifications')).json();
    expect(ivan.preferences.find((p: { event: string }) => p.event === 'projectStatusChanged').channel).toBe(
      'both',
    );
  });

  it('refuses bad input with 400 and a clear message; needs a sign-in', async () => {
    const workflow = await request(ctx, 'dora.director').put('/api/me/notifications/crmApprovalRequested', {
      channel: 'teams',
    });
    expect(workflow.statusCode).toBe(400);
    expect(workflow.json().message).toMatch(/always sends its e-mail/);
    const event = await request(ctx, 'dora.director').put('/api/me/notifications/nope', { channel: 'both' });
    expect(event.statusCode).toBe(400);
    expect(event.json().message).toMatch(/event: one of onePageDue/);
    const channel = await request(ctx, 'dora.director').put('/api/me/notifications/onePageDue', {
      channel: 'pigeon',
    });
    expect(channel.statusCode).toBe(400);
    expect(channel.json().message).toMatch(/channel: one of both, teams, email, none/);
    expect((await request(ctx, 'dora.director').put('/api/me/notifications/onePageDue', {})).statusCode).toBe(
      400,
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/notifications' })).statusCode).toBe(401);
    // every active professional may choose (an outsider too)
    expect((await request(ctx, 'oscar.outsider').get('/api/me/notifications')).statusCode).toBe(200);
  });
});

describe('fan-out to e-mail and the Teams activity feed', () => {
  it('a Forward tells the team (not the actor) by their choice: Graph payloads, recipients, one token', async () => {
    await choose('ivan.intern', 'projectStatusChanged', 'none');
    await choose('dora.director', 'projectStatusChanged', 'email');
    await choose('paula.partner', 'projectStatusChanged', 'teams');
    const projectId = await forwardDraft();
    // the request queued one job; nothing was sent yet
    expect(jobs.sent.map((j) => j.name)).toEqual(['notifications.fanout']);
    expect(ms.activityNotifications).toHaveLength(0);
    await jobs.runAll();

    const rows = await rowsOf('projectStatusChanged');
    const mine = rows.filter((r) => r.path === `/project/${projectId}/home`).slice(-3);
    expect(mine.map((r) => [r.login, r.channel, r.mailId !== null, r.teamsStatus])).toEqual([
      ['paula.partner', 'teams', false, 'sent'],
      ['dora.director', 'email', true, null],
      ['carla.consultant', 'both', true, 'sent'],
    ]);
    expect(mine[0]!.title).toBe('Marcos Moura moved DEMO-DRAFT — ' + mine[0]!.title.split(' — ')[1]);
    expect((await outbox()).map((m) => m.toAddress)).toEqual([
      'dora.director@example.com',
      'carla.consultant@example.com',
    ]);
    const mail = (await outbox())[0]!;
    expect(mail.subject).toMatch(/^Marcos Moura moved DEMO-DRAFT — .+ forward$/);
    expect(mail.body).toContain(`/project/${projectId}/home`);
    expect(mail.body).toContain('Draft → Setup');

    // Graph: Paula by UPN, Carla by her Entra object id; one app-only token for both
    expect(ms.activityNotifications.map((n) => n.user)).toEqual([
      'paula.partner@example.com',
      'c0ffee00-0000-4000-8000-00000000ca71',
    ]);
    expect(ms.tokenRequests).toHaveLength(1);
    const form = new URLSearchParams(ms.tokenRequests[0]!.body);
    expect(ms.tokenRequests[0]!.path).toBe('/tenant-1/oauth2/v2.0/token');
    expect(Object.fromEntries(form)).toEqual({
      client_id: 'client-1',
      client_secret: 'secret-1',
      grant_type: 'client_credentials',
      scope: `${ms.origin}/.default`,
    });
    const call = ms.activityNotifications[1]!;
    expect(call.headers.authorization).toBe('Bearer token-1');
    const body = call.json as Record<string, any>;
    expect(body.activityType).toBe('projectStatusChanged');
    expect(body.teamsAppId).toBe(APP_ID);
    expect([...body.templateParameters].sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'person', value: 'Marcos Moura' },
      { name: 'project', value: expect.stringMatching(/^DEMO-DRAFT — /) },
    ]);
    expect(body.previewText.content).toBe(mine[2]!.title);
    expect(body.topic.source).toBe('text');
    const link = new URL(body.topic.webUrl);
    expect(link.origin + link.pathname).toBe(`https://teams.microsoft.com/l/entity/${APP_ID}/projects`);
    expect(JSON.parse(link.searchParams.get('context')!)).toEqual({
      subEntityId: `/project/${projectId}/home`,
    });
    expect(link.searchParams.get('webUrl')).toMatch(new RegExp(`/project/${projectId}/home$`));
  });

  it('is once-only: the fan-out and the Teams job run twice send nothing twice', async () => {
    await forwardDraft();
    const fanout = jobs.queued[0]!;
    await jobs.runAll();
    const before = {
      rows: (await rowsOf('projectStatusChanged')).length,
      mails: (await outbox()).length,
      graph: ms.activityNotifications.length,
    };
    // the same jobs again (a retry after a lost acknowledgement, another replica)
    await jobs.handlers.get('notifications.fanout')!(fanout.data, { id: 'again', retryCount: 1 });
    const teamsJobs = jobs.sent.filter((j) => j.name === 'notifications.teams');
    for (const t of teamsJobs)
      await jobs.handlers.get('notifications.teams')!(t.data, { id: 'again', retryCount: 1 });
    expect((await rowsOf('projectStatusChanged')).length).toBe(before.rows);
    expect((await outbox()).length).toBe(before.mails);
    expect(ms.activityNotifications.length).toBe(before.graph);
    // and the event key itself queues nothing the second time
    await ctx.db
      .transaction()
      .execute((trx) => ctx.app.notifications.notify(trx, fanout.data as unknown as NotifyInput));
    expect(jobs.queued).toHaveLength(0);
  });

  it('429 and 5xx are tried again after Retry-After or a backoff, 5 tries in all; then the e-mail for Teams-only people', async () => {
    await choose('paula.partner', 'projectStatusChanged', 'teams');
    ms.script(
      'paula.partner@example.com',
      { status: 429, headers: { 'retry-after': '7' } },
      { status: 503 },
      { status: 502 },
      { status: 500 },
      { status: 503 },
    );
    ms.script('c0ffee00-0000-4000-8000-00000000ca71', { status: 429, headers: { 'retry-after': '3' } });
    await forwardDraft();
    await jobs.runAll();
    const teams = jobs.sent.filter((j) => j.name === 'notifications.teams');
    const paulaRow = (await rowsOf('projectStatusChanged'))
      .filter((r) => r.login === 'paula.partner')
      .at(-1)!;
    const carlaRow = (await rowsOf('projectStatusChanged'))
      .filter((r) => r.login === 'carla.consultant')
      .at(-1)!;
    const delays = (id: number) => teams.filter((j) => j.data.id === id).map((j) => j.opts.startAfter);
    expect(delays(paulaRow.id)).toEqual([undefined, 7, 10, 20, 40]); // Retry-After, then 5·2^(n-1)
    expect(delays(carlaRow.id)).toEqual([undefined, 3]);
    expect(ms.activityNotifications.filter((n) => n.user === 'paula.partner@example.com')).toHaveLength(
      TEAMS_TRIES,
    );
    expect(paulaRow).toMatchObject({ teamsStatus: 'failed', teamsAttempts: 5 });
    expect(paulaRow.teamsError).toMatch(/503/);
    expect(carlaRow).toMatchObject({ teamsStatus: 'sent', teamsAttempts: 2 });
    // Paula chose Teams only and Teams failed: she gets the e-mail
    expect((await outbox()).map((m) => m.toAddress)).toContain('paula.partner@example.com');
    expect(paulaRow.mailId).not.toBeNull();
  });

  it('403 / 404 (the app is not installed for that person): recorded, e-mail only', async () => {
    await choose('paula.partner', 'projectStatusChanged', 'teams');
    ms.script('paula.partner@example.com', { status: 404 });
    ms.script('c0ffee00-0000-4000-8000-00000000ca71', { status: 403 });
    await forwardDraft();
    await jobs.runAll();
    const rows = (await rowsOf('projectStatusChanged')).slice(-4);
    const paula = rows.find((r) => r.login === 'paula.partner')!;
    const carla = rows.find((r) => r.login === 'carla.consultant')!;
    expect(paula).toMatchObject({ teamsStatus: 'not-installed', teamsAttempts: 1 });
    expect(carla).toMatchObject({ teamsStatus: 'not-installed', teamsAttempts: 1 });
    // one Teams job per person (Paula, Dora, Carla, Ivan), none tried again
    const teamsJobs = jobs.sent.filter((j) => j.name === 'notifications.teams');
    expect(teamsJobs).toHaveLength(4);
    expect(teamsJobs.every((j) => j.opts.startAfter === undefined)).toBe(true);
    // Paula (Teams only) gets the mail instead; Carla (both) had hers already: one each
    const to = (await outbox()).map((m) => m.toAddress);
    expect(to.filter((t) => t === 'paula.partner@example.com')).toHaveLength(1);
    expect(to.filter((t) => t === 'carla.consultant@example.com')).toHaveLength(1);
  });
});

describe('the events', () => {
  it('granting one-page access tells that person; a revoke tells nobody', async () => {
    const during = ids.project['DEMO-DURING']!;
    const row = await ctx.db
      .selectFrom('projectTeam')
      .select('id')
      .where('projectId', '=', during)
      .where('professionalId', '=', ids.person['ivan.intern']!)
      .executeTakeFirstOrThrow();
    await ctx.db.updateTable('projectTeam').set({ isOnePageAllow: false }).where('id', '=', row.id).execute();
    expect(
      (await request(ctx, 'marcos.manager').patch(`/api/projects/${during}/project-team/grant/${row.id}`))
        .statusCode,
    ).toBe(200);
    expect(
      (await request(ctx, 'marcos.manager').patch(`/api/projects/${during}/project-team/grant/${row.id}`))
        .statusCode,
    ).toBe(200);
    await jobs.runAll();
    const rows = await rowsOf('onePageAccessGranted');
    expect(rows.map((r) => [r.login, r.path])).toEqual([
      ['ivan.intern', `/project/${during}/during/one-page`],
    ]);
    expect(rows[0]!.title).toMatch(/^Marcos Moura gave you access to the one-page of DEMO-DURING — /);
    expect((ms.activityNotifications[0]!.json as { activityType: string }).activityType).toBe(
      'onePageAccessGranted',
    );
  });

  it('a submitted project session tells the team', async () => {
    const during = ids.project['DEMO-DURING']!;
    const created = await request(ctx, 'marcos.manager').post(`/api/projects/${during}/sessions`, {
      discussionFocus: 'Notify',
    });
    expect(created.statusCode).toBe(201);
    const sub = await request(ctx, 'paula.partner').patch(
      `/api/projects/${during}/sessions/${created.json().id}/submit`,
    );
    expect(sub.statusCode).toBe(200);
    await jobs.runAll();
    const rows = await rowsOf('projectSessionSubmitted');
    expect(rows.map((r) => r.login).sort()).toEqual([
      'carla.consultant',
      'dora.director',
      'ivan.intern',
      'marcos.manager',
    ]);
    expect(rows[0]!.title).toMatch(/^Paula Pereira submitted the project session of DEMO-DURING/);
  });

  it("a weekly status sent to sign: its internal recipients in Teams only (the signing e-mail is the workflow's); signed by everyone: creator and managers", async () => {
    const during = ids.project['DEMO-DURING']!;
    const ws = await ctx.db
      .insertInto('weeklyStatuses')
      .values({ projectId: during, signedType: 1, signedStatus: 'draft' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const recipients = await ctx.db
      .insertInto('weeklyStatusRecipients')
      .values([
        { weeklyStatusId: ws.id, name: 'Dora Duarte', email: 'Dora.Director@example.com' },
        { weeklyStatusId: ws.id, name: 'Gabi Cliente', email: 'gabi@client.example' },
      ])
      .returning(['id'])
      .execute();
    expect(recipients).toHaveLength(2);
    const sent = await request(ctx, 'carla.consultant').post(`/api/weekly-status/${ws.id}/submit`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    await ctx.app.esign.drain(); // the engine's jobs (sending the links) wait in memory in this suite
    await jobs.runAll();
    const toSign = await rowsOf('weeklyStatusToSign');
    expect(toSign.map((r) => [r.login, r.mailId, r.teamsStatus])).toEqual([['dora.director', null, 'sent']]);
    // the engine's own signing links (one per recipient) are the only mails
    const mails = await outbox();
    expect(mails.map((m) => m.toAddress).sort()).toEqual(
      ['Dora.Director@example.com', 'gabi@client.example'].sort(),
    );

    // both sign through their links: the sync completes the envelope and tells the creator (Carla) and the managers
    for (const m of mails) {
      const token = /\/sign\/([A-Za-z0-9_-]+)/.exec(m.body)![1]!;
      const r = await ctx.app.inject({
        method: 'POST',
        url: `/api/esign/sign/${token}/sign`,
        payload: { name: 'Signer', consent: true },
      });
      expect(r.statusCode).toBe(200);
    }
    await ctx.app.esign.drain();
    await jobs.runAll();
    const signed = await rowsOf('weeklyStatusSigned');
    expect(signed.map((r) => r.login).sort()).toEqual(['carla.consultant', 'marcos.manager']);
    expect(signed[0]!.path).toBe(`/project/${during}/during/weekly-status`);
  });
});

describe('one-page reminders', () => {
  it('are due Thursday 12:00 and Friday 12:00 in the office time zone, within the one-page week', () => {
    const week = '2026-11-23'; // Monday
    const sp = 'America/Sao_Paulo'; // UTC−3
    expect(reminderDue(new Date('2026-11-26T14:59:00Z'), sp, week)).toBe(0); // Thu 11:59
    expect(reminderDue(new Date('2026-11-26T15:00:00Z'), sp, week)).toBe(1); // Thu 12:00
    expect(reminderDue(new Date('2026-11-27T14:59:00Z'), sp, week)).toBe(1); // Fri 11:59
    expect(reminderDue(new Date('2026-11-27T15:00:00Z'), sp, week)).toBe(2); // Fri 12:00
    expect(reminderDue(new Date('2026-11-29T23:00:00Z'), sp, week)).toBe(2); // Sun 20:00
    // Sunday 22:00 in São Paulo is Monday 01:00 UTC: the next one-page week, nothing for this one
    expect(reminderDue(new Date('2026-11-30T01:00:00Z'), sp, '2026-11-30')).toBe(0);
    expect(reminderDue(new Date('2026-11-23T12:00:00Z'), sp, week)).toBe(0); // Monday
    // Tokyo (UTC+9): Thursday 12:00 there is 03:00 UTC
    expect(reminderDue(new Date('2026-11-26T02:59:00Z'), 'Asia/Tokyo', week)).toBe(0);
    expect(reminderDue(new Date('2026-11-26T03:00:00Z'), 'Asia/Tokyo', week)).toBe(1);
  });

  it("DEMO-DURING's unsubmitted one-page: managers and partners, once per reminder, in its office's zone", async () => {
    const now = new Date();
    const week = onePageWeekOf(now).initialDate;
    const thursday = new Date(`${week}T00:00:00Z`);
    thursday.setUTCDate(thursday.getUTCDate() + 3);
    const at = (day: Date, hourUtc: number) => new Date(day.getTime() + hourUtc * 3600_000);
    const friday = new Date(thursday.getTime() + 24 * 3600_000);
    const during = ids.project['DEMO-DURING']!;
    // the office of DEMO-DURING is in São Paulo (UTC−3): Thursday 14:00 UTC is 11:00 there
    const office = await ctx.db
      .selectFrom('projectOffices')
      .select('officeId')
      .where('projectId', '=', during)
      .orderBy('officeId')
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('offices')
      .set({ timeZone: 'America/Sao_Paulo' })
      .where('id', '=', office.officeId)
      .execute();
    const notifications = ctx.app.notifications;
    expect(await sendDueReminders(ctx.db, notifications, 'Asia/Tokyo', at(thursday, 14))).toBe(0);
    const first = await sendDueReminders(ctx.db, notifications, 'Asia/Tokyo', at(thursday, 15));
    expect(first).toBeGreaterThanOrEqual(1);
    expect(await sendDueReminders(ctx.db, notifications, 'Asia/Tokyo', at(thursday, 16))).toBe(0); // checked again: nothing
    await jobs.runAll();
    let rows = (await rowsOf('onePageDue')).filter((r) => r.path === `/project/${during}/during/one-page`);
    expect(rows.map((r) => r.login).sort()).toEqual(['marcos.manager', 'paula.partner']);
    expect(rows[0]!.title).toMatch(/^DEMO-DURING — .+: this week's one-page is not submitted yet$/);
    expect((await outbox()).find((m) => m.toAddress === 'marcos.manager@example.com')!.body).toContain(
      'please submit it by Friday',
    );
    expect(
      await sendDueReminders(ctx.db, notifications, 'Asia/Tokyo', at(friday, 15)),
    ).toBeGreaterThanOrEqual(1);
    await jobs.runAll();
    rows = (await rowsOf('onePageDue')).filter((r) => r.path === `/project/${during}/during/one-page`);
    expect(rows).toHaveLength(4);
    // submitted: no more reminders
    await ctx.db
      .updateTable('onePages')
      .set({ submittedAt: new Date() })
      .where('projectId', '=', during)
      .where('initialDate', '=', week)
      .execute();
    await ctx.db.deleteFrom('notificationEvents').where('key', 'like', 'one-page:%').execute();
    const left = await sendDueReminders(ctx.db, notifications, 'Asia/Tokyo', at(friday, 16));
    await jobs.runAll();
    expect(
      (await rowsOf('onePageDue')).filter((r) => r.path === `/project/${during}/during/one-page`),
    ).toHaveLength(4);
    expect(left).toBeGreaterThanOrEqual(0);
  });
});
