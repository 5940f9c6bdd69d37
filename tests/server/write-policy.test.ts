/**
 * One write policy: every PUT takes back the record its GET gave. For each PUT of the endpoint
 * table: GET the record → PUT it unchanged (accepted, and nothing changes) → PUT it with one editable field
 * changed (accepted, that field stored and nothing else changed). A new PUT in the table without a case here
 * fails the suite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointList } from '@domain/contract/endpoints';
import type { DB } from '@server/db';
import { createTestContext, type TestContext } from './helpers';
import { request } from './request';
import {
  clientOf,
  freshClosure,
  freshCrmContact,
  freshDnaSession,
  freshDuringSession,
  freshEvaluation,
  freshFinalization,
  freshIdOne,
  freshOnePage,
  freshSessionRecord,
  freshSetupDna,
  freshSuggestion,
  freshToolkitRow,
  freshWeeklyStatus,
  RECORD_TABLES,
  setStatus,
  setupSessionOf,
  weeklyStatusContentOf,
  weeklyStatusRecipientOf,
} from './fixtures/records';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
});
afterAll(() => ctx?.close());

type Json = Record<string, unknown>;
interface Read {
  /** The record as the GET answered it. */
  record: Json;
  /** Its entity tag (the GET's ETag, else the record's version). */
  etag?: string;
}
interface RoundTrip {
  /** Who writes (someone the route's rule and the record's state allow). */
  login: string;
  /** Prepares the record (ids are found in the seeded data) and returns how to read and write it. */
  prepare(db: DB): Promise<{ read: () => Promise<Read>; url: string }>;
  /** One editable field changed (from the record as read). */
  change(record: Json): Json;
  /** The record with the change (default: the change's fields over the record's). */
  merge?(record: Json, change: Json): unknown;
  /** Fields the server may move on a write (versions, update times, derived values). */
  volatile?: string[];
}

/** GETs `url` as `login` and picks the record (`pick` for lists and envelopes). */
function reader(login: string, url: string, pick: (answer: unknown) => unknown = (a) => a) {
  return async (): Promise<Read> => {
    const res = await request(ctx, login).get(url);
    expect(res.statusCode, `GET ${url}: ${res.body.slice(0, 300)}`).toBe(200);
    const record = pick(res.json()) as Json;
    expect(record, `GET ${url}: no record picked`).toBeTruthy();
    const etag = res.headers.etag ? String(res.headers.etag) : undefined;
    return { record, etag: etag ?? (typeof record.version === 'number' ? `"${record.version}"` : undefined) };
  };
}
const byId = (id: number) => (list: unknown) => (list as Json[]).find((r) => r.id === id);

const DEFAULT_VOLATILE = ['version', 'updatedAt', 'updatedBy', 'lastUpdate'];

const ADMIN = 'alice.admin';

/** A row of a project's list, as Admin edits it: the project put in a status, a fresh row, read from its list. */
function rowCase(
  projectId: number,
  status: number,
  fresh: (db: DB, projectId: number) => Promise<number>,
  list: string,
  url: (rowId: number) => string,
  change: RoundTrip['change'],
): RoundTrip {
  return {
    login: ADMIN,
    prepare: async (db) => {
      await setStatus(db, projectId, status);
      const rowId = await fresh(db, projectId);
      return { read: reader(ADMIN, list, byId(rowId)), url: url(rowId) };
    },
    change,
  };
}

/** A session record's case: the record of the project's setup session, read from its list. */
function sessionRecordCase(
  kind: keyof typeof RECORD_TABLES,
  listSegment: 'session' | 'sessions',
  field: string,
): RoundTrip {
  return {
    login: ADMIN,
    prepare: async (db) => {
      await setStatus(db, 2, 2);
      const rowId = await freshSessionRecord(db, kind, 2);
      const sessionId = await setupSessionOf(db, 2);
      return {
        read: reader(ADMIN, `/api/project/2/${kind}/${listSegment}/${sessionId}`, byId(rowId)),
        url: `/api/project/2/${kind}/${rowId}`,
      };
    },
    change: () => ({ [field]: 'Changed by the round trip' }),
  };
}

const CASES: Record<string, RoundTrip> = {
  'PUT /api/me/notifications/:event': {
    login: 'carla.consultant',
    prepare: async () => ({
      read: reader('carla.consultant', '/api/me/notifications', (a) =>
        (a as { preferences: Json[] }).preferences.find((p) => p.event === 'projectStatusChanged'),
      ),
      url: '/api/me/notifications/projectStatusChanged',
    }),
    change: (r) => ({ channel: r.channel === 'teams' ? 'email' : 'teams' }),
  },
  'PUT /api/me/grid-columns/:grid': {
    login: 'carla.consultant',
    prepare: async () => ({
      read: reader('carla.consultant', '/api/me/grid-columns/weekly-supervision'),
      url: '/api/me/grid-columns/weekly-supervision',
    }),
    change: () => ({ hidden: ['priority', 'environmentStatus'] }),
  },
  'PUT /api/projects/:id/status': {
    login: ADMIN,
    prepare: async (db) => {
      await setStatus(db, 8, 6);
      return { read: reader(ADMIN, '/api/projects/8'), url: '/api/projects/8/status' };
    },
    change: () => ({ idStatus: 3 }),
  },
  'PUT /api/projects/:id/metadata': {
    login: ADMIN,
    prepare: async (db) => {
      await setStatus(db, 3, 3);
      return { read: reader(ADMIN, '/api/projects/3'), url: '/api/projects/3/metadata' };
    },
    change: (r) => ({ idDuringType: r.idDuringType === 1 ? 2 : 1 }),
  },
  'PUT /master/clients/:id': {
    login: ADMIN,
    prepare: async (db) => {
      const client = await clientOf(db, 2);
      return {
        read: reader(ADMIN, `/master/clients/${client}`),
        url: `/master/clients/${client}?projectId=2`,
      };
    },
    change: () => ({ ClientCulture: '<p>Changed by the round trip</p>' }),
  },
  'PUT /api/admin/master-data/:list/:id': {
    login: ADMIN,
    prepare: async () => ({
      read: reader(ADMIN, '/api/admin/master-data/clients/1'),
      url: '/api/admin/master-data/clients/1',
    }),
    change: () => ({ economicGroup: 'Changed by the round trip' }),
    // `display` shows the fields' values as text: it follows the change
    volatile: ['display'],
  },
  'PUT /api/project-setup-finalizations/:id': rowCase(
    2,
    2,
    freshFinalization,
    '/api/project-setup-finalizations/project/2',
    (rowId) => `/api/project-setup-finalizations/${rowId}`,
    () => ({ presenceType: 'VC' }),
  ),
  'PUT /api/professional-dnas/:id': rowCase(
    2,
    2,
    freshSetupDna,
    '/api/professional-dnas/project/2/session-type/1',
    (rowId) => `/api/professional-dnas/${rowId}`,
    () => ({ goalsForProject: 'Changed by the round trip' }),
  ),
  'PUT /api/project-professional-dnas/:id': rowCase(
    3,
    3,
    freshDnaSession,
    '/api/project-professional-dnas/project/3/session-type/2',
    (rowId) => `/api/project-professional-dnas/${rowId}`,
    () => ({ sessionNextDate: '2026-03-30' }),
  ),
  'PUT /api/project/:id/toolkits/:toolkitId': {
    login: ADMIN,
    prepare: async (db) => {
      await setStatus(db, 3, 3);
      const rowId = await freshToolkitRow(db, 3);
      return {
        read: reader(ADMIN, `/api/project/3/toolkits/${rowId}`),
        url: `/api/project/3/toolkits/${rowId}`,
      };
    },
    change: () => ({ idStatus: 1 }),
  },
  'PUT /api/project/:id/toolkits/:toolkitId/change/:statusId': {
    login: ADMIN,
    prepare: async (db) => {
      await setStatus(db, 3, 3);
      const rowId = await freshToolkitRow(db, 3, 1);
      return {
        read: reader(ADMIN, `/api/project/3/toolkits/${rowId}`),
        url: `/api/project/3/toolkits/${rowId}/change/1`,
      };
    },
    change: () => ({}),
  },
  'PUT /api/project/:id/toolkits/change-all/:statusId': {
    login: ADMIN,
    prepare: async (db) => {
      await setStatus(db, 3, 3);
      const rowId = await freshToolkitRow(db, 3, 1);
      return {
        read: reader(ADMIN, `/api/project/3/toolkits/${rowId}`),
        url: '/api/project/3/toolkits/change-all/1',
      };
    },
    change: () => ({}),
  },
  'PUT /api/project-evaluations/:id': rowCase(
    3,
    3,
    freshEvaluation,
    '/api/project-evaluations/project/3',
    (rowId) => `/api/project-evaluations/${rowId}`,
    (r) => ({ isEligible: !r.isEligible }),
  ),
  'PUT /api/project-id-ones/:id': rowCase(
    9,
    3,
    freshIdOne,
    '/api/project-id-ones/project/9',
    (rowId) => `/api/project-id-ones/${rowId}`,
    () => ({ numberProfile: 4 }),
  ),
  'PUT /api/projects/:id/sessions/:sessionId': {
    login: ADMIN,
    prepare: async (db) => {
      await setStatus(db, 3, 3);
      const rowId = await freshDuringSession(db, 3);
      return {
        read: reader(ADMIN, `/api/projects/3/sessions/${rowId}`),
        url: `/api/projects/3/sessions/${rowId}`,
      };
    },
    change: () => ({ discussionFocus: 'Changed by the round trip' }),
  },
  'PUT /api/project/:id/expectations/:rowId': sessionRecordCase('expectations', 'session', 'expectation'),
  'PUT /api/project/:id/deliverables/:rowId': sessionRecordCase('deliverables', 'session', 'deliverable'),
  'PUT /api/project/:id/risks/:rowId': sessionRecordCase('risks', 'session', 'risk'),
  'PUT /api/project/:id/rar/:itemId': sessionRecordCase('rar', 'session', 'rarSupportingPoint'),
  'PUT /api/project/:id/stakeholders/:itemId': sessionRecordCase('stakeholders', 'sessions', 'position'),
  'PUT /api/project-allocation-suggestions/:id': {
    login: 'marcos.manager',
    prepare: async (db) => {
      await setStatus(db, 3, 3);
      const rowId = await freshSuggestion(db, 3);
      const onePageId = await freshOnePage(db, 3);
      return {
        read: reader('marcos.manager', `/api/project-allocation-suggestions/one-page/${onePageId}`, (a) =>
          (a as { suggestions: Json[] }).suggestions.find((r) => r.id === rowId),
        ),
        url: `/api/project-allocation-suggestions/${rowId}`,
      };
    },
    change: () => ({ feedback: 'Changed by the round trip' }),
  },
  'PUT /api/weekly-status/:id': {
    login: ADMIN,
    prepare: async (db) => {
      await setStatus(db, 3, 3);
      const rowId = await freshWeeklyStatus(db, 3);
      return { read: reader(ADMIN, `/api/weekly-status/${rowId}`), url: `/api/weekly-status/${rowId}` };
    },
    change: () => ({ clientSubmissionDate: '2026-03-06' }),
  },
  'PUT /api/weekly-status-contents/:id': {
    login: ADMIN,
    prepare: async (db) => {
      await setStatus(db, 3, 3);
      const ws = await freshWeeklyStatus(db, 3);
      const rowId = await weeklyStatusContentOf(db, ws);
      return {
        read: reader(ADMIN, `/api/weekly-status-contents/weekly-status/${ws}/type/1`, byId(rowId)),
        url: `/api/weekly-status-contents/${rowId}`,
      };
    },
    change: () => ({ description: 'Changed by the round trip' }),
  },
  'PUT /api/weekly-status/:id/recipients/:recipientId': {
    login: ADMIN,
    prepare: async (db) => {
      await setStatus(db, 3, 3);
      const ws = await freshWeeklyStatus(db, 3);
      const rowId = await weeklyStatusRecipientOf(db, ws);
      return {
        read: reader(ADMIN, `/api/weekly-status/${ws}/recipients`, byId(rowId)),
        url: `/api/weekly-status/${ws}/recipients/${rowId}`,
      };
    },
    change: () => ({ name: 'Changed by the round trip' }),
  },
  'PUT /api/project-closure-external/project/:projectId/recipients/:id': rowCase(
    5,
    4,
    freshClosure,
    '/api/project-closure-external/project/5/recipients',
    (rowId) => `/api/project-closure-external/project/5/recipients/${rowId}`,
    () => ({ name: 'Changed by the round trip' }),
  ),
  'PUT /api/project-closure-check/project/:id': {
    login: 'kim.knm',
    prepare: async (db) => {
      await setStatus(db, 5, 4);
      return {
        read: reader('kim.knm', '/api/project-closure-check/project/5'),
        url: '/api/project-closure-check/project/5',
      };
    },
    change: (r) => ({ checkCase: r.checkCase === 2 ? 1 : 2 }),
  },
  'PUT /crm/updateContactPerProjectResponsible': {
    login: 'marcos.manager',
    prepare: async (db) => {
      await setStatus(db, 5, 4);
      await freshCrmContact(db, 5);
      return {
        read: reader('marcos.manager', '/crm/contactPerProject/5'),
        url: '/crm/updateContactPerProjectResponsible',
      };
    },
    // the grid's list goes back whole, the first contact's director changed
    change: () => ({ directorResponsible: 'marcos.manager@example.com' }),
    merge: (list, c) => (list as unknown as Json[]).map((r, i) => (i === 0 ? { ...r, ...c } : r)),
  },
};

describe('one write policy: every PUT takes back what its GET gave', () => {
  it('has a round trip for every PUT of the endpoint table', () => {
    const puts = endpointList()
      .filter(({ endpoint: e }) => e.method === 'PUT')
      .map(({ endpoint: e }) => `PUT ${e.path}`);
    expect(puts.filter((k) => !CASES[k])).toEqual([]);
    expect(Object.keys(CASES).filter((k) => !puts.includes(k))).toEqual([]);
  });

  it('the OpenAPI document marks the read-only fields a PUT takes back', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const body = (path: string) =>
      doc.paths[path].put.requestBody.content['application/json'].schema as {
        properties: Record<string, { readOnly?: boolean }>;
      };
    const ws = body('/api/weekly-status/{id}').properties;
    expect(ws.signedStatus?.readOnly).toBe(true);
    expect(ws.version?.readOnly).toBe(true);
    expect(ws.clientSubmissionDate?.readOnly).toBeUndefined();
    const meta = body('/api/projects/{id}/metadata').properties;
    expect(meta.projectPractices?.readOnly).toBe(true);
    expect(meta.idPractice?.readOnly).toBeUndefined();
  });

  for (const [key, rt] of Object.entries(CASES)) {
    it(`${key}: GET → PUT unchanged → PUT one field changed`, async () => {
      const { read, url } = await rt.prepare(ctx.db);
      const volatile = new Set([...DEFAULT_VOLATILE, ...(rt.volatile ?? [])]);
      const stable = (r: unknown): unknown =>
        Array.isArray(r)
          ? r.map(stable)
          : Object.fromEntries(Object.entries(r as Json).filter(([k]) => !volatile.has(k)));
      const merge = rt.merge ?? ((r: Json, c: Json) => ({ ...r, ...c }));

      const before = await read();
      const same = await request(ctx, rt.login).put(url, before.record, { ifMatch: before.etag });
      expect(same.statusCode, `PUT unchanged: ${same.body.slice(0, 400)}`).toBeLessThan(300);
      const after = await read();
      expect(stable(after.record)).toEqual(stable(before.record));

      const changed = rt.change(after.record);
      const edit = await request(ctx, rt.login).put(url, merge(after.record, changed), {
        ifMatch: after.etag,
      });
      expect(edit.statusCode, `PUT one field changed: ${edit.body.slice(0, 400)}`).toBeLessThan(300);
      const final = await read();
      expect(stable(final.record)).toEqual(stable(merge(after.record, changed)));
    });
  }
});
