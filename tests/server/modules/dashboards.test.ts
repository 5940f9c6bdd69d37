import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DASHBOARD_RECIPIENTS_NOTE,
  DashboardListRow,
  isDashboardRecipientTitle,
  ProjectDashboardRecord,
} from '@domain/contract';
import { modules } from '@server/modules';
import dashboards from '@server/modules/dashboards/routes';
import {
  DASHBOARD_MAIL_QUEUE,
  nextDashboardMailRun,
  sendDashboardMails,
  startDashboardMail,
} from '@server/modules/dashboards/mail.job';
import { COMMENTS_FORMAT_MESSAGE, PDC_RESUME_MESSAGE } from '@server/modules/dashboards/service';
import { createTestContext, demoIds, type TestContext } from '../helpers';
import { request } from '../request';

/**
 * The Dashboard Archive (the archive and its e-mail access): the
 * archive list and one dashboard (PDC Resume visibility), the PDF, the comment PATCH, the dashboard built on
 * one-page submit (kept on undo, refreshed on a new submit), the e-mail access list (bulk add of directors and
 * partners only, delete) and the weekly e-mail job; forbidden (403) and bad input (400/404/409/412).
 */
if (!modules.includes(dashboards)) modules.push(dashboards);

let ctx: TestContext;
let DURING: number; // DEMO-DURING: status 3; its two-weeks-ago one-page is classic (format 1)
let READY: number; // DEMO-READY
let SETUP: number; // DEMO-SETUP
const who: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
  const ids = await demoIds(ctx.db);
  DURING = ids.project['DEMO-DURING']!;
  READY = ids.project['DEMO-READY']!;
  SETUP = ids.project['DEMO-SETUP']!;
  Object.assign(who, ids.person);
});
afterAll(() => ctx?.close());

const archive = async (projectId: number, login = 'marcos.manager') => {
  const res = await request(ctx, login).get(`/api/project-dashboards/project/${projectId}`);
  expect(res.statusCode).toBe(200);
  return res.json() as DashboardListRow[];
};
const dashboard = async (id: number, login = 'marcos.manager') => {
  const res = await request(ctx, login).get(`/api/project-dashboards/${id}`);
  expect(res.statusCode).toBe(200);
  return { body: res.json() as ProjectDashboardRecord, etag: res.headers.etag as string };
};
/** The dashboard of DEMO-DURING's classic (format 1) one-page. */
const classicDashboard = async () => (await archive(DURING)).find((d) => d.onePage?.format === 1)!;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('GET the archive and one dashboard', () => {
  it('lists the dashboards by One Page Date descending, for every signed-in person', async () => {
    const rows = await archive(DURING, 'oscar.outsider');
    expect(rows.length).toBe(2); // this week's one-page is not submitted yet
    const weeks = rows.map((r) => r.onePage!.initialDate);
    expect(weeks).toEqual([...weeks].sort().reverse());
    expect(rows[0]).toMatchObject({ currentWeek: 62, firstAllocation: 58, initial: 35, target: 40 });
    expect(rows[1]!.onePage).toMatchObject({ format: 1, onePageProblemLevel: 1, environmentStatus: 1 });
    expect(
      (await request(ctx, 'marcos.manager').get('/api/project-dashboards/project/999999')).statusCode,
    ).toBe(404);
    expect((await request(ctx, 'marcos.manager').get('/api/project-dashboards/project/abc')).statusCode).toBe(
      400,
    );
  });

  it('answers the dashboard with its project, one-page, staffing and ETag; 404 / 400 otherwise', async () => {
    const row = await classicDashboard();
    const { body, etag } = await dashboard(row.id, 'ivan.intern');
    expect(body.project).toMatchObject({ id: DURING, code: 'DEMO-DURING' });
    expect(body.onePage).toMatchObject({ id: row.onePage!.id, format: 1, keyMessage: expect.any(String) });
    expect(etag).toBe(`"${body.onePage!.version}"`);
    expect(body.staffing.suggestions.map((s) => s.professional.name).sort()).toEqual([
      'Carla Costa',
      'Ivan Ito',
      'Paula Pereira',
    ]);
    expect(body.staffing.infoMessage).toContain('Dora Duarte');
    expect((await request(ctx, 'marcos.manager').get('/api/project-dashboards/999999')).statusCode).toBe(404);
    expect((await request(ctx, 'marcos.manager').get('/api/project-dashboards/0')).statusCode).toBe(400);
  });

  it('shows the PDC Resume comment to holders of Admin or PDC only', async () => {
    const row = await classicDashboard();
    await ctx.db
      .updateTable('onePages')
      .set({ pdcResumeComment: 'PDC eyes only' })
      .where('id', '=', row.onePage!.id)
      .execute();
    for (const login of ['alice.admin', 'pedro.pdc'])
      expect((await dashboard(row.id, login)).body.onePage!.pdcResumeComment, login).toBe('PDC eyes only');
    for (const login of ['marcos.manager', 'paula.partner', 'gil.governance', 'oscar.outsider']) {
      const { body } = await dashboard(row.id, login);
      expect('pdcResumeComment' in body.onePage!, login).toBe(false);
    }
  });

  it('downloads the dashboard as a PDF', async () => {
    const row = await classicDashboard();
    const res = await request(ctx, 'oscar.outsider').get(`/api/project-dashboards/${row.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(res.headers['x-file-name'] as string)).toBe(
      `dashboard-DEMO-DURING-${row.onePage!.initialDate}.pdf`,
    );
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await request(ctx, 'marcos.manager').get('/api/project-dashboards/999999/pdf')).statusCode).toBe(
      404,
    );
  });
});

describe('PATCH /api/project-dashboards/one-page/{onePageId}', () => {
  const url = (id: number) => `/api/project-dashboards/one-page/${id}`;

  it('saves one comment for the manager, partner, Admin and OnePage; 403 for everyone else', async () => {
    const op = (await classicDashboard()).onePage!.id;
    const cases: [string, string][] = [
      ['marcos.manager', 'coManagementComment'],
      ['paula.partner', 'executiveBoardComment'],
      ['alice.admin', 'executiveResumeComment'],
      ['gil.governance', 'coManagementComment'],
    ];
    for (const [login, field] of cases) {
      const res = await request(ctx, login).patch(url(op), { [field]: `By ${login}` });
      expect(res.statusCode, login).toBe(200);
      expect(res.json()[field]).toBe(`By ${login}`);
      expect(res.headers.etag).toBe(`"${res.json().version}"`);
    }
    for (const login of ['oscar.outsider', 'carla.consultant', 'dora.director', 'ivan.intern', 'pedro.pdc'])
      expect((await request(ctx, login).patch(url(op), { coManagementComment: 'x' })).statusCode, login).toBe(
        403,
      );
    const stored = await ctx.db
      .selectFrom('onePages')
      .selectAll()
      .where('id', '=', op)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      coManagementComment: 'By gil.governance',
      executiveBoardComment: 'By paula.partner',
      executiveResumeComment: 'By alice.admin',
    });
  });

  it('keeps the PDC Resume comment to Admin / PDC (409 for the others) and out of their answers', async () => {
    const op = (await classicDashboard()).onePage!.id;
    const refused = await request(ctx, 'marcos.manager').patch(url(op), { pdcResumeComment: 'Manager note' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PDC_RESUME_MESSAGE);
    const ok = await request(ctx, 'alice.admin').patch(url(op), { pdcResumeComment: 'Admin PDC note' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().pdcResumeComment).toBe('Admin PDC note');
    const other = await request(ctx, 'marcos.manager').patch(url(op), { coManagementComment: 'Seen?' });
    expect('pdcResumeComment' in other.json()).toBe(false);
  });

  it('refuses format 2 (409), stale versions (412), bad bodies (400) and unknown one-pages (404)', async () => {
    const rows = await archive(DURING);
    const checklist = rows.find((d) => d.onePage?.format === 2)!.onePage!.id;
    const f2 = await request(ctx, 'marcos.manager').patch(url(checklist), { coManagementComment: 'x' });
    expect(f2.statusCode).toBe(409);
    expect(f2.json().message).toBe(COMMENTS_FORMAT_MESSAGE);

    const op = (await classicDashboard()).onePage!.id;
    const { body } = await dashboard((await classicDashboard()).id);
    const version = body.onePage!.version;
    const stale = await request(ctx, 'marcos.manager').patch(
      url(op),
      { coManagementComment: 'Late' },
      { ifMatch: `"${version - 1}"` },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ id: op, version });
    const fresh = await request(ctx, 'marcos.manager').patch(
      url(op),
      { coManagementComment: 'On time' },
      { ifMatch: `"${version}"` },
    );
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().version).toBe(version + 1);

    for (const bad of [
      {},
      { coManagementComment: 'a', executiveBoardComment: 'b' },
      { keyMessage: 'not a comment' },
      { coManagementComment: 5 },
    ])
      expect((await request(ctx, 'marcos.manager').patch(url(op), bad)).statusCode, JSON.stringify(bad)).toBe(
        400,
      );
    expect(
      (await request(ctx, 'marcos.manager').patch(url(999999), { coManagementComment: 'x' })).statusCode,
    ).toBe(404);
  });
});

describe('the dashboard built on submit', () => {
  it('builds the dashboard from the project data when the one-page is submitted; undo keeps it; a new submit refreshes it', async () => {
    // known data on DEMO-DURING
    await ctx.db.deleteFrom('sessionStakeholders').where('projectId', '=', DURING).execute();
    const setupSession = await ctx.db
      .selectFrom('projectSessions')
      .select('id')
      .where('projectId', '=', DURING)
      .where('isSetup', '=', true)
      .executeTakeFirstOrThrow();
    const t0 = Date.now();
    await ctx.db
      .insertInto('sessionStakeholders')
      .values([
        {
          projectId: DURING,
          sessionId: setupSession.id,
          name: 'Ana Lima',
          currentStatus: 3,
          createdAt: new Date(t0 - 60_000),
        },
        {
          projectId: DURING,
          sessionId: setupSession.id,
          name: ' ana lima',
          currentStatus: 1,
          createdAt: new Date(t0),
        },
        {
          projectId: DURING,
          sessionId: setupSession.id,
          name: 'Bruno Reis',
          currentStatus: 3,
          createdAt: new Date(t0),
        },
        {
          projectId: DURING,
          sessionId: setupSession.id,
          name: 'Célia Dias',
          currentStatus: 2,
          createdAt: new Date(t0),
        },
      ])
      .execute();
    await ctx.db
      .deleteFrom('projectProfessionalDnas')
      .where('projectId', '=', DURING)
      .where('sessionType', '=', 2)
      .execute();
    await ctx.db
      .insertInto('projectProfessionalDnas')
      .values([
        { projectId: DURING, sessionType: 2, sessionDate: day(-10), sessionNextDate: day(4) },
        { projectId: DURING, sessionType: 2, sessionDate: day(-30), sessionNextDate: day(-10) },
        { projectId: DURING, sessionType: 2, sessionDate: day(20), sessionNextDate: null },
      ])
      .execute();
    await ctx.db
      .insertInto('weeklyStatuses')
      .values([
        { projectId: DURING, isSubmitted: true, signedStatus: 'completed', clientSubmissionDate: day(1) },
        { projectId: DURING, isSubmitted: true, signedStatus: 'deleted', clientSubmissionDate: day(5) },
      ])
      .execute();
    await ctx.db
      .insertInto('projectSessions')
      .values({ projectId: DURING, isSetup: false, createdAt: new Date() })
      .execute();

    const page = await ctx.db
      .selectFrom('onePages')
      .select('id')
      .where('projectId', '=', DURING)
      .where('submittedAt', 'is', null)
      .executeTakeFirstOrThrow();
    const before = (await archive(DURING)).length;
    const submit = await request(ctx, 'marcos.manager').patch(`/api/one-pages/${page.id}/submit`, {
      onePageProblemLevel: 1,
      environmentStatus: 1,
    });
    expect(submit.statusCode).toBe(200);
    const rows = await archive(DURING);
    expect(rows.length).toBe(before + 1);
    expect(rows[0]!.onePage).toMatchObject({ id: page.id, submittedAt: expect.any(String) });
    const { body } = await dashboard(rows[0]!.id);
    // this week: Carla 4.5, Ivan 4.5, Paula 1.25, Dora 0 of 4 × 5 days; the first one-page had the same days
    expect(body).toMatchObject({
      currentWeek: 51.25,
      firstAllocation: 51.25,
      initial: 35,
      target: 40,
      setupStatus: 'Done',
      lastProfessionalDNA: day(-10),
      nextProfessionalDNA: day(4),
      lastProjectSession: day(0),
      weeklyStatusDate: day(1),
      totalStakeholders: 3,
      criticalStakeholders: 1,
    });
    expect(body.onePage).toMatchObject({ id: page.id, onePageProblemLevel: 1 });

    // undo (governance) keeps the dashboard; a new submit refreshes the same one
    const undo = await request(ctx, 'gil.governance').patch(`/api/one-pages/${page.id}/unsubmit`);
    expect(undo.statusCode).toBe(200);
    const kept = await archive(DURING);
    expect(kept.length).toBe(before + 1);
    expect(kept[0]).toMatchObject({ id: rows[0]!.id, onePage: { id: page.id, submittedAt: null } });
    await ctx.db
      .updateTable('sessionStakeholders')
      .set({ currentStatus: 3 })
      .where('projectId', '=', DURING)
      .where('name', '=', 'Célia Dias')
      .execute();
    expect(
      (await request(ctx, 'marcos.manager').patch(`/api/one-pages/${page.id}/submit`, {})).statusCode,
    ).toBe(200);
    const again = await archive(DURING);
    expect(again.length).toBe(before + 1);
    expect(again[0]).toMatchObject({
      id: rows[0]!.id,
      criticalStakeholders: 2,
      createdAt: rows[0]!.createdAt,
    });
  });

  it('builds nothing on a refused submit', async () => {
    const page = await ctx.db
      .selectFrom('onePages')
      .select('id')
      .where('projectId', '=', SETUP)
      .where('submittedAt', 'is', null)
      .executeTakeFirstOrThrow();
    await ctx.db.updateTable('onePages').set({ keyMessage: null }).where('id', '=', page.id).execute();
    const before = (await archive(SETUP)).length;
    expect(
      (await request(ctx, 'marcos.manager').patch(`/api/one-pages/${page.id}/submit`, {})).statusCode,
    ).toBe(400);
    expect((await archive(SETUP)).length).toBe(before);
  });
});

describe('dashboard e-mail access', () => {
  const list = async (projectId: number, login = 'marcos.manager') => {
    const res = await request(ctx, login).get(`/api/professional-dashboard-access/project/${projectId}`);
    expect(res.statusCode).toBe(200);
    return res.json() as {
      id: number;
      idProfessional: number;
      professionalName: string;
      professionalEmail: string;
    }[];
  };
  const bulk = (login: string, IDProject: number, ProfessionalIds: unknown) =>
    request(ctx, login).post('/api/professional-dashboard-access/bulk', { IDProject, ProfessionalIds });

  it('reads the title rule: director, partner, diretor, sócio — case and accents ignored', () => {
    for (const t of [
      'Director',
      'Managing Partner',
      'DIRETORA Regional',
      'Sócio',
      'socio-gerente',
      'Sócio-Diretor',
    ])
      expect(isDashboardRecipientTitle(t), t).toBe(true);
    for (const t of ['Manager', 'Consultant', 'Sócia', '', null, 'Direction assistant'])
      expect(isDashboardRecipientTitle(t), String(t)).toBe(false);
  });

  it('lists the people receiving the e-mails (every signed-in person may read it)', async () => {
    expect(await list(DURING, 'oscar.outsider')).toEqual([
      {
        id: expect.any(Number),
        idProfessional: who['dora.director'],
        professionalName: 'Dora Duarte',
        professionalEmail: 'dora.director@example.com',
      },
    ]);
    expect(
      (await request(ctx, 'marcos.manager').get('/api/professional-dashboard-access/project/999999'))
        .statusCode,
    ).toBe(404);
  });

  it('adds directors and partners (also by accented titles), once each; records it', async () => {
    const socio = await ctx.db
      .insertInto('professionals')
      .values({
        name: 'Sérgio Sócio',
        email: 'sergio.socio@example.com',
        login: 'sergio.socio',
        jobTitle: 'Sócio',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await bulk('paula.partner', DURING, [
      who['alice.admin'],
      socio.id,
      who['dora.director'],
      socio.id,
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json().map((r: { professionalName: string }) => r.professionalName)).toEqual([
      'Alice Almeida',
      'Dora Duarte',
      'Sérgio Sócio',
    ]);
    expect((await list(DURING)).map((r) => r.professionalName)).toEqual([
      'Alice Almeida',
      'Dora Duarte',
      'Sérgio Sócio',
    ]);
    const changes = await ctx.db
      .selectFrom('projectChanges')
      .select(['area', 'action', 'subject'])
      .where('projectId', '=', DURING)
      .where('area', '=', 'Dashboard e-mails')
      .execute();
    expect(changes.map((c) => c.subject).sort()).toEqual(['Alice Almeida', 'Sérgio Sócio']);
    // the manager and Admin too
    expect((await bulk('marcos.manager', READY, [who['paula.partner']])).statusCode).toBe(201);
    expect((await bulk('alice.admin', READY, [who['alice.admin']])).statusCode).toBe(201);
  });

  it('refuses anyone who is not an active director or partner (400 naming them; nothing added)', async () => {
    const before = await list(READY);
    const res = await bulk('marcos.manager', READY, [
      who['paula.partner'],
      who['carla.consultant'],
      who['marcos.manager'],
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      `${DASHBOARD_RECIPIENTS_NOTE} Not a director or partner: Carla Costa (Consultant), Marcos Moura (Manager).`,
    );
    const rita = await bulk('marcos.manager', READY, [who['rita.retired']]);
    expect(rita.statusCode).toBe(400);
    expect(rita.json().message).toContain('Rita Ramos is inactive');
    const unknown = await bulk('marcos.manager', READY, [999999]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Professional 999999 not found');
    const none = await bulk('marcos.manager', READY, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain(
      'No professionals selected - Please select at least one professional to add.',
    );
    expect((await bulk('marcos.manager', READY, 'x')).statusCode).toBe(400);
    expect(
      (await request(ctx, 'marcos.manager').post('/api/professional-dashboard-access/bulk', {})).statusCode,
    ).toBe(400);
    expect((await bulk('marcos.manager', 999999, [who['paula.partner']])).statusCode).toBe(404);
    expect(await list(READY)).toEqual(before);
  });

  it('lets only Admin, the manager and partner change the list (403 for everyone else)', async () => {
    for (const login of [
      'oscar.outsider',
      'carla.consultant',
      'dora.director',
      'gil.governance',
      'pedro.pdc',
    ])
      expect((await bulk(login, READY, [who['dora.director']])).statusCode, login).toBe(403);
    const row = (await list(READY)).find((r) => r.professionalName === 'Paula Pereira')!;
    for (const login of ['oscar.outsider', 'carla.consultant', 'gil.governance'])
      expect(
        (await request(ctx, login).delete(`/api/professional-dashboard-access/${row.id}`)).statusCode,
        login,
      ).toBe(403);
  });

  it('removes one person (204), then 404; bad ids 400', async () => {
    const row = (await list(READY)).find((r) => r.professionalName === 'Paula Pereira')!;
    expect(
      (await request(ctx, 'paula.partner').delete(`/api/professional-dashboard-access/${row.id}`)).statusCode,
    ).toBe(204);
    expect((await list(READY)).some((r) => r.id === row.id)).toBe(false);
    expect(
      (await request(ctx, 'paula.partner').delete(`/api/professional-dashboard-access/${row.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await request(ctx, 'paula.partner').delete('/api/professional-dashboard-access/abc')).statusCode,
    ).toBe(400);
  });
});

describe('the weekly dashboard e-mail', () => {
  it('runs on Mondays at 07:00 UTC', () => {
    expect(nextDashboardMailRun(new Date('2026-03-02T06:59:00Z')).toISOString()).toBe(
      '2026-03-02T07:00:00.000Z',
    );
    expect(nextDashboardMailRun(new Date('2026-03-02T07:00:00Z')).toISOString()).toBe(
      '2026-03-09T07:00:00.000Z',
    );
    expect(nextDashboardMailRun(new Date('2026-03-08T23:00:00Z')).toISOString()).toBe(
      '2026-03-09T07:00:00.000Z',
    );
    expect(nextDashboardMailRun(new Date('2026-03-04T12:00:00Z')).toISOString()).toBe(
      '2026-03-09T07:00:00.000Z',
    );
  });

  it('mails the new dashboards to the active people on each list, one mail per person and project, once', async () => {
    await ctx.db.deleteFrom('mailOutbox').execute();
    await ctx.db.updateTable('projectDashboards').set({ mailedAt: new Date() }).execute();
    const during = (await archive(DURING)).slice(0, 2).map((d) => d.id);
    const ready = (await archive(READY)).slice(0, 1).map((d) => d.id);
    const setup = (await archive(SETUP)).slice(0, 1).map((d) => d.id);
    await ctx.db
      .updateTable('projectDashboards')
      .set({ mailedAt: null })
      .where('id', 'in', [...during, ...ready, ...setup])
      .execute();
    // READY: Dora and Alice on the list, plus the inactive Rita (never mailed); SETUP: nobody on the list
    await ctx.db
      .insertInto('dashboardAccess')
      .values({ projectId: READY, professionalId: who['rita.retired']! })
      .execute();
    await ctx.db.deleteFrom('dashboardAccess').where('projectId', '=', SETUP).execute();

    const r = await sendDashboardMails(ctx.db, ctx.app.mailer, 'https://portal.test');
    expect(r).toEqual({ dashboards: 4, projects: 3, mails: 5 });
    const mails = await ctx.db.selectFrom('mailOutbox').selectAll().orderBy('id').execute();
    const to = (projectCode: string) =>
      mails
        .filter((m) => m.subject.startsWith(`[${projectCode}]`))
        .map((m) => m.toAddress)
        .sort();
    expect(to('DEMO-DURING')).toEqual([
      'alice.admin@example.com',
      'dora.director@example.com',
      'sergio.socio@example.com',
    ]);
    expect(to('DEMO-READY')).toEqual(['alice.admin@example.com', 'dora.director@example.com']);
    expect(to('DEMO-SETUP')).toEqual([]);
    const doraDuring = mails.find(
      (m) => m.toAddress === 'dora.director@example.com' && m.subject.includes('DEMO-DURING'),
    )!;
    expect(doraDuring.subject).toBe(
      '[DEMO-DURING] 2 new dashboards: ' + doraDuring.subject.split(': ').slice(1).join(': '),
    );
    expect(doraDuring.body).toContain('Hello Dora Duarte,');
    expect(doraDuring.body).toContain(
      `href="https://portal.test/project/${DURING}/during/dashboard-archive"`,
    );
    expect(doraDuring.body.match(/<h3>Week of /g)).toHaveLength(2);
    expect(doraDuring.body).toContain('Current Week');

    // a second run sends nothing; every dashboard is marked, SETUP's too
    expect(await sendDashboardMails(ctx.db, ctx.app.mailer, 'https://portal.test')).toEqual({
      dashboards: 0,
      projects: 0,
      mails: 0,
    });
    expect(await ctx.db.selectFrom('mailOutbox').select('id').execute()).toHaveLength(5);
    const unmailed = await ctx.db
      .selectFrom('projectDashboards')
      .select('id')
      .where('mailedAt', 'is', null)
      .execute();
    expect(unmailed).toEqual([]);
  });

  it('registers its worker and defers the next Monday run (no run at start); the worker sends', async () => {
    const sent: { name: string; data: object; opts?: { startAfter?: unknown } }[] = [];
    let handler: (() => Promise<void>) | undefined;
    const jobs = {
      work: async (name: string, h: unknown) => {
        expect(name).toBe(DASHBOARD_MAIL_QUEUE);
        handler = h as () => Promise<void>;
      },
      send: async (name: string, data: object, opts?: { startAfter?: unknown }) => {
        sent.push({ name, data, opts });
        return 'job';
      },
    };
    await startDashboardMail(jobs as never, ctx.db, ctx.app.mailer, undefined, {
      publicUrl: 'https://portal.test',
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.name).toBe(DASHBOARD_MAIL_QUEUE);
    expect((sent[0]!.opts!.startAfter as Date).toISOString()).toBe(
      nextDashboardMailRun(new Date()).toISOString(),
    );

    await ctx.db.deleteFrom('mailOutbox').execute();
    const newest = (await archive(READY))[0]!.id;
    await ctx.db.updateTable('projectDashboards').set({ mailedAt: null }).where('id', '=', newest).execute();
    await handler!();
    const mails = await ctx.db.selectFrom('mailOutbox').select(['toAddress', 'subject']).execute();
    expect(mails.map((m) => m.toAddress).sort()).toEqual([
      'alice.admin@example.com',
      'dora.director@example.com',
    ]);
    expect(mails[0]!.subject).toMatch(/^\[DEMO-READY\] New dashboard: /);
    expect(sent).toHaveLength(2); // the worker deferred the following Monday
  });
});

describe('the permission matrix of the three writes (every active DEMO person, as the rules say)', () => {
  it('answers 2xx exactly to the people RULES allow and 403 to everyone else', async () => {
    const { RULES } = await import('@domain/rules');
    const { loadProjectAccess } = await import('@server/platform/access');
    const { DEMO_PEOPLE } = await import('@server/db/seed');
    const logins = DEMO_PEOPLE.map((p) => p[0]).filter((l) => l !== 'rita.retired');
    const classic = async () => {
      const { id } = await ctx.db
        .selectFrom('onePages')
        .select('id')
        .where('projectId', '=', READY)
        .orderBy('initialDate', 'desc')
        .executeTakeFirstOrThrow();
      await ctx.db.updateTable('onePages').set({ format: 1 }).where('id', '=', id).execute();
      return id;
    };
    const accessRow = async () => {
      await ctx.db
        .deleteFrom('dashboardAccess')
        .where('projectId', '=', READY)
        .where('professionalId', '=', who['paula.partner']!)
        .execute();
      return (
        await ctx.db
          .insertInto('dashboardAccess')
          .values({ projectId: READY, professionalId: who['paula.partner']! })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    };
    const writes = [
      {
        rule: RULES.dashboardCommentEdit,
        make: async () => ({
          method: 'PATCH' as const,
          url: `/api/project-dashboards/one-page/${await classic()}`,
          payload: { coManagementComment: 'Matrix' },
        }),
      },
      {
        rule: RULES.dashboardEmailAccess,
        make: async () => ({
          method: 'POST' as const,
          url: '/api/professional-dashboard-access/bulk',
          payload: { IDProject: READY, ProfessionalIds: [who['dora.director']] },
        }),
      },
      {
        rule: RULES.dashboardEmailAccess,
        make: async () => ({
          method: 'DELETE' as const,
          url: `/api/professional-dashboard-access/${await accessRow()}`,
          payload: undefined,
        }),
      },
    ];
    const wrong: string[] = [];
    for (const w of writes)
      for (const login of logins) {
        const p = await ctx.db
          .selectFrom('professionals')
          .select(['id', 'scopes'])
          .where('login', '=', login)
          .executeTakeFirstOrThrow();
        const allowed = w.rule.allows(
          await loadProjectAccess(ctx.db, { professionalId: p.id, scopes: p.scopes }, READY),
        );
        const a = await w.make();
        const res = await request(ctx, login).send(a.method, a.url, a.payload);
        const ok = res.statusCode >= 200 && res.statusCode < 300;
        if (ok !== allowed || (!allowed && res.statusCode !== 403))
          wrong.push(`${a.method} ${a.url} as ${login}: ${res.statusCode}`);
      }
    expect(wrong).toEqual([]);
  });
});
