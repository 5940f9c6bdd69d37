import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKLIST_DEFAULTS, ClosureChecklistRecord, ClientRecord, KnmChecklistRow } from '@domain/contract';
import { modules } from '@server/modules';
import closureCheck from '@server/modules/closure-check/routes';
import { createTestContext, demoIds, type TestContext } from '../helpers';
import { request } from '../request';

/**
 * KNM: the Project Check List grid, the checklist GET / PUT
 * (defaults, ETag / If-Match, history) and the client's segments (DELETE / POST /master/clients/{id}/segments,
 * PUT name); every call RULES.knm (Admin, KNW) — forbidden for the other scopes and for outsiders; bad input 4xx.
 */
if (!modules.includes(closureCheck)) modules.push(closureCheck);

let ctx: TestContext;
let CLOSURE: number;
let CLOSEOUT: number;
let FINISHED: number;
let DURING: number;
let KIM: number;
let CLIENT: number; // DEMO-CLOSURE's client
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
  const ids = await demoIds(ctx.db);
  CLOSURE = ids.project['DEMO-CLOSURE']!;
  CLOSEOUT = ids.project['DEMO-CLOSEOUT']!;
  FINISHED = ids.project['DEMO-FINISHED']!;
  DURING = ids.project['DEMO-DURING']!;
  KIM = ids.person['kim.knm']!;
  CLIENT = (
    await ctx.db.selectFrom('projects').select('clientId').where('id', '=', CLOSURE).executeTakeFirstOrThrow()
  ).clientId!;
});
afterAll(() => ctx?.close());

const check = (id: number) => `/api/project-closure-check/project/${id}`;
const segments = (id: number) => `/master/clients/${id}/segments`;
const FORBIDDEN = ['oscar.outsider', 'pedro.pdc', 'ida.idone', 'gil.governance', 'marcos.manager'];
const ALL_DONE = {
  checkCloseOutForm: 2,
  checkProjectNetwork: 2,
  checkCase: 0,
  checkCaseAuthorization: 2,
  checkReferences: 1,
  checkSignedWeeklyStatus: 2,
  checkRecordProjectDelivery: 2,
  checkSendWarning: 1,
  logoAuthorization: true,
};

describe('GET /api/knm-checklist', () => {
  it('lists the Closure and Closed projects by code with their client, for Admin and KNW', async () => {
    for (const login of ['alice.admin', 'kim.knm']) {
      const res = await request(ctx, login).get('/api/knm-checklist');
      expect(res.statusCode, login).toBe(200);
      const rows = KnmChecklistRow.array().parse(res.json());
      expect(rows.map((r) => r.projectCode)).toEqual(['DEMO-CLOSEOUT', 'DEMO-CLOSURE', 'DEMO-FINISHED']);
      const finished = rows.find((r) => r.idProject === FINISHED)!;
      expect(finished).toMatchObject({ statusName: 'Closed', idStatus: 5, hasChecklist: true });
      expect(finished.clientName).toBe('Blue River Bank');
      expect(rows.find((r) => r.idProject === CLOSEOUT)!.statusName).toBe('Closure');
    }
  });

  it('shows whether the project has a checklist of its own', async () => {
    await ctx.db.deleteFrom('closureChecklists').where('projectId', '=', CLOSEOUT).execute();
    const rows = (await request(ctx, 'kim.knm').get('/api/knm-checklist')).json() as KnmChecklistRow[];
    expect(rows.find((r) => r.idProject === CLOSEOUT)!.hasChecklist).toBe(false);
    expect(rows.find((r) => r.idProject === CLOSURE)!.hasChecklist).toBe(true);
  });

  it('refuses the other scopes and outsiders (403) and anonymous callers (401)', async () => {
    for (const login of FORBIDDEN) {
      const res = await request(ctx, login).get('/api/knm-checklist');
      expect(res.statusCode, login).toBe(403);
      expect(res.json().message).toBe('The KNM screens need the scope Admin or KNW');
    }
    expect((await ctx.app.inject({ url: '/api/knm-checklist' })).statusCode).toBe(401);
  });
});

describe('GET / PUT /api/project-closure-check/project/{id}', () => {
  it('answers the checklist with its ETag', async () => {
    const res = await request(ctx, 'kim.knm').get(check(CLOSURE));
    expect(res.statusCode).toBe(200);
    const rec = ClosureChecklistRecord.parse(res.json());
    expect(rec.idProject).toBe(CLOSURE);
    expect(res.headers.etag).toBe(`"${rec.version}"`);
    expect(Object.keys(res.json())).toEqual([
      'checkCloseOutForm',
      'checkProjectNetwork',
      'checkCase',
      'checkCaseAuthorization',
      'checkReferences',
      'checkSignedWeeklyStatus',
      'checkRecordProjectDelivery',
      'checkSendWarning',
      'logoAuthorization',
      'idProject',
      'version',
    ]);
  });

  it('answers the defaults for a project without a row; the first PUT creates it (version 2) and records history', async () => {
    await ctx.db.deleteFrom('closureChecklists').where('projectId', '=', DURING).execute();
    const empty = await request(ctx, 'kim.knm').get(check(DURING));
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ idProject: DURING, ...CHECKLIST_DEFAULTS, version: 1 });
    expect(empty.headers.etag).toBe('"1"');

    const put = await request(ctx, 'kim.knm').put(check(DURING), ALL_DONE, { ifMatch: '"1"' });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ idProject: DURING, ...ALL_DONE, version: 2 });
    expect(put.headers.etag).toBe('"2"');
    const stored = await ctx.db
      .selectFrom('closureChecklists')
      .selectAll()
      .where('projectId', '=', DURING)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ checkCase: 0, checkSendWarning: 1, logoAuthorization: true, version: 2 });

    const history = await ctx.db
      .selectFrom('projectChanges')
      .select(['area', 'action', 'subject', 'changedBy'])
      .where('projectId', '=', DURING)
      .where('area', '=', 'KNM checklist')
      .orderBy('id')
      .execute();
    expect(history.map((h) => h.subject)).toEqual([
      'Close-out Form: Done',
      'Project Network: Done',
      'Case: Not Applicable',
      'Case Authorization: Done',
      'Signed Weekly Status: Done',
      'Record Project Delivery: Done',
      'Send Warning: Yes',
      'Logo Authorization: Yes',
    ]);
    expect(history.every((h) => h.changedBy === KIM && h.action === 'changed')).toBe(true);
  });

  it('creates the row even when the defaults are saved as they are', async () => {
    await ctx.db.deleteFrom('closureChecklists').where('projectId', '=', CLOSEOUT).execute();
    const put = await request(ctx, 'alice.admin').put(check(CLOSEOUT), CHECKLIST_DEFAULTS);
    expect(put.statusCode).toBe(200);
    expect(put.json().version).toBe(2);
    const rows = (await request(ctx, 'kim.knm').get('/api/knm-checklist')).json() as KnmChecklistRow[];
    expect(rows.find((r) => r.idProject === CLOSEOUT)!.hasChecklist).toBe(true);
  });

  it('updates with If-Match; a stale version is 412 with the current record; an equal body keeps the version', async () => {
    const start = (await request(ctx, 'kim.knm').get(check(CLOSURE))).json() as ClosureChecklistRecord;
    const body = { ...start, checkReferences: 2, logoAuthorization: !start.logoAuthorization };
    const ok = await request(ctx, 'kim.knm').put(check(CLOSURE), body, { ifMatch: `"${start.version}"` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ checkReferences: 2, version: start.version + 1 });

    const stale = await request(ctx, 'alice.admin').put(
      check(CLOSURE),
      { ...body, checkCase: 0 },
      { ifMatch: `"${start.version}"` },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ checkReferences: 2, checkCase: start.checkCase });
    expect(stale.headers.etag).toBe(`"${start.version + 1}"`);

    const same = await request(ctx, 'kim.knm').put(check(CLOSURE), ok.json());
    expect(same.statusCode).toBe(200);
    expect(same.json().version).toBe(start.version + 1);
  });

  it('refuses bad input: values out of range, a missing field, a bad id (400), an unknown project (404), a bad If-Match', async () => {
    const bads: [string, unknown][] = [
      ['checkCase', { ...ALL_DONE, checkCase: 3 }],
      ['checkSendWarning', { ...ALL_DONE, checkSendWarning: 2 }],
      ['logoAuthorization', { ...ALL_DONE, logoAuthorization: 'yes' }],
      ['checkReferences', { ...ALL_DONE, checkReferences: undefined }],
      ['checkProjectNetwork', { ...ALL_DONE, checkProjectNetwork: -1 }],
    ];
    for (const [field, body] of bads) {
      const res = await request(ctx, 'kim.knm').put(check(CLOSURE), body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message, field).toContain(field);
    }
    expect((await request(ctx, 'kim.knm').get(check(999999))).statusCode).toBe(404);
    const missing = await request(ctx, 'kim.knm').put(check(999999), ALL_DONE);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Project 999999 not found');
    expect((await request(ctx, 'kim.knm').get('/api/project-closure-check/project/abc')).statusCode).toBe(
      400,
    );
    const badEtag = await request(ctx, 'kim.knm').put(check(CLOSURE), ALL_DONE, { ifMatch: 'three' });
    expect(badEtag.statusCode).toBe(400);
  });

  it('refuses every reader and writer without Admin or KNW, and changes nothing', async () => {
    const before = (await request(ctx, 'kim.knm').get(check(CLOSURE))).json();
    for (const login of FORBIDDEN) {
      expect((await request(ctx, login).get(check(CLOSURE))).statusCode, login).toBe(403);
      expect((await request(ctx, login).put(check(CLOSURE), ALL_DONE)).statusCode, login).toBe(403);
    }
    expect((await request(ctx, 'kim.knm').get(check(CLOSURE))).json()).toEqual(before);
  });
});

describe("the client's segments (KNM › Edit Client)", () => {
  const clientOf = async () =>
    (await request(ctx, 'kim.knm').get(`/master/clients/${CLIENT}`)).json() as ClientRecord;

  it('GET /master/clients lists names and segments; GET /master/segments the master list', async () => {
    const clients = (await request(ctx, 'kim.knm').get('/master/clients')).json() as ClientRecord[];
    const one = clients.find((c) => c.ID === CLIENT)!;
    const stored = await ctx.db
      .selectFrom('clients')
      .select('name')
      .where('id', '=', CLIENT)
      .executeTakeFirstOrThrow();
    expect(one.Name).toBe(stored.name);
    expect(one.ClientSegments!.length).toBeGreaterThan(0);
    const list = (await request(ctx, 'kim.knm').get('/master/segments')).json() as {
      ID: number;
      Name: string;
    }[];
    expect(list).toContainEqual({ ID: 3, Name: 'Financial Services' });
  });

  it('DELETE removes every segment; POST sets the list (replace); the version moves; If-Match honoured', async () => {
    const start = await clientOf();
    const del = await request(ctx, 'kim.knm').delete(segments(CLIENT), { ifMatch: `"${start.version}"` });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ ID: CLIENT, ClientSegments: [], version: start.version + 1 });
    expect(del.headers.etag).toBe(`"${start.version + 1}"`);

    const body = [
      { Segment: { ID: 4, Name: 'Energy' }, SegmentLevel: 1 },
      { Segment: { ID: 7 }, SegmentLevel: 2 },
      { Segment: 2, SegmentLevel: 2 },
    ];
    const post = await request(ctx, 'alice.admin').post(segments(CLIENT), body, {
      ifMatch: `"${start.version + 1}"`,
    });
    expect(post.statusCode).toBe(200);
    expect(post.json().ClientSegments).toEqual([
      { Segment: { ID: 2, Name: 'Retail' }, SegmentLevel: 2 },
      { Segment: { ID: 4, Name: 'Energy' }, SegmentLevel: 1 },
      { Segment: { ID: 7, Name: 'Technology' }, SegmentLevel: 2 },
    ]);
    // a repeated POST (no DELETE before it) ends in the same list, no duplicate key
    const again = await request(ctx, 'kim.knm').post(segments(CLIENT), body.slice(0, 2));
    expect(again.statusCode).toBe(200);
    expect(again.json().ClientSegments.map((s: { Segment: { ID: number } }) => s.Segment.ID)).toEqual([4, 7]);

    const stale = await request(ctx, 'kim.knm').post(segments(CLIENT), [], { ifMatch: `"${start.version}"` });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current.ClientSegments).toHaveLength(2);
  });

  it('PUT /master/clients/{id} takes the Edit Client body (ID, Name) from KNW with If-Match', async () => {
    const c = await clientOf();
    const res = await request(ctx, 'kim.knm').put(
      `/master/clients/${CLIENT}`,
      { ID: CLIENT, Name: `${c.Name} SA` },
      { ifMatch: `"${c.version}"` },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Name: `${c.Name} SA`, version: c.version + 1 });
    const put = await request(ctx, 'kim.knm').put(`/master/clients/${CLIENT}`, { ID: CLIENT, Name: c.Name });
    expect(put.statusCode).toBe(200);
  });

  it('refuses a second primary, a segment twice, an unknown segment, a bad level (400) and an unknown client (404)', async () => {
    const cases: [unknown, string][] = [
      [
        [
          { Segment: { ID: 1 }, SegmentLevel: 1 },
          { Segment: { ID: 2 }, SegmentLevel: 1 },
        ],
        'Invalid request: a client has at most one primary segment',
      ],
      [
        [
          { Segment: { ID: 1 }, SegmentLevel: 1 },
          { Segment: { ID: 1 }, SegmentLevel: 2 },
        ],
        'Invalid request: segment 1 is listed twice',
      ],
      [[{ Segment: { ID: 999 }, SegmentLevel: 2 }], 'Invalid request: unknown segment 999'],
    ];
    const before = (await clientOf()).ClientSegments;
    for (const [body, message] of cases) {
      const res = await request(ctx, 'kim.knm').post(segments(CLIENT), body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    for (const body of [
      [{ Segment: { ID: 1 }, SegmentLevel: 3 }],
      [{ Segment: { Name: 'Retail' }, SegmentLevel: 1 }],
      { Segment: 1, SegmentLevel: 1 },
      [{ Segment: 0, SegmentLevel: 1 }],
    ]) {
      const res = await request(ctx, 'kim.knm').post(segments(CLIENT), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await clientOf()).ClientSegments).toEqual(before);
    const unknown = await request(ctx, 'kim.knm').post(segments(999999), []);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Client 999999 not found');
    expect((await request(ctx, 'kim.knm').delete(segments(999999))).statusCode).toBe(404);
    expect((await request(ctx, 'kim.knm').delete('/master/clients/x/segments')).statusCode).toBe(400);
  });

  it('refuses the segment writes and the name change to everyone without Admin or KNW', async () => {
    const before = await clientOf();
    for (const login of FORBIDDEN) {
      expect((await request(ctx, login).delete(segments(CLIENT))).statusCode, login).toBe(403);
      const post = await request(ctx, login).post(segments(CLIENT), [
        { Segment: { ID: 1 }, SegmentLevel: 1 },
      ]);
      expect(post.statusCode, login).toBe(403);
      const put = await request(ctx, login).put(`/master/clients/${CLIENT}`, { ID: CLIENT, Name: 'Hacked' });
      expect(put.statusCode, login).toBe(403);
    }
    expect(await clientOf()).toEqual(before);
  });
});
