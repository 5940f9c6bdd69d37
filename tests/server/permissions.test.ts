/**
 * Every mutating route × the 12 DEMO people: a write answered 2xx must be one the route's declared rule
 * allows; a person the rule refuses must get 403 (401 for the inactive rita.retired, whose token was
 * issued before she left) and nothing may change. Each route needs an example here — a new mutating
 * route without one fails the suite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@domain/contract';
import type { AccessRule } from '@domain/rules';
import { loadProjectAccess } from '@server/platform/access';
import { signPortalToken } from '@server/auth/tokens';
import { DEMO_PEOPLE } from '@server/db/seed';
import { createTestContext, type TestContext } from './helpers';
import { multipartBody } from './multipart';
import {
  PDF,
  setStatus,
  activeToolkits,
  freshToolkitRow,
  freshEvaluation,
  freshIdOne,
  freshSetupDna,
  freshFinalization,
  freshDnaSession,
  freshOnePage,
  freshSuggestion,
  carlaTeamRow,
  freshDuringSession,
  evaluation,
  idOne,
  SETUP_AND_DURING,
  BRAZIL,
  setupSessionOf,
  sessionRecordExamples,
  clientOf,
  freshWeeklyStatus,
  weeklyStatusRecipientOf,
  weeklyStatusContentOf,
  sentWeeklyStatus,
  CLOSURE_CLIENT,
  freshClosure,
  closurePdfUpload,
  CRM_CONTACT,
  freshCrmContact,
  CLOSURE_INTERNAL,
  closureInternalUpload,
  freshClassicOnePage,
  professionalId,
  freshDashboardAccess,
  KNM_SCENARIOS,
  KNM_CHECKLIST,
  type Example,
  type Scenario,
} from './fixtures/records';
import { carryForwardAttempt, confirmCarriedAttempt } from './modules/one-pages/fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
});
afterAll(() => ctx?.close());

const LOGINS = DEMO_PEOPLE.map((p) => p[0]);

/** A name no list holds yet (every allowed person's attempt writes a new one). */
const uniqueName = (what: string) => `${what} ${Date.now()} ${Math.random().toString(36).slice(2, 8)}`;

/** A practice no record holds (deactivated when `deactivatedAt` is given). */
async function freshPractice(db: TestContext['db'], deactivatedAt?: string) {
  const max = await db
    .selectFrom('practices')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirstOrThrow();
  const id = Number(max.id ?? 0) + 1;
  await db
    .insertInto('practices')
    .values({ id, name: uniqueName('Practice'), deactivatedAt: deactivatedAt ?? null })
    .execute();
  return id;
}

/** A professional added by hand, on no team (inactive when `active` is false). */
async function freshPerson(db: TestContext['db'], active = true) {
  const login = uniqueName('p').replace(/\W+/g, '.');
  const row = await db
    .insertInto('professionals')
    .values({ name: 'Permission Person', email: `${login}@example.com`, login, isActive: active })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const EXAMPLES: Record<string, { scenarios: Scenario[]; make: Example }> = {
  // --- notifications: everyone chooses their own
  'PUT /api/me/notifications/:event': {
    scenarios: SETUP_AND_DURING, // a user rule: the scenario's project is not used
    make: async () => ({ url: '/api/me/notifications/projectStatusChanged', payload: { channel: 'teams' } }),
  },
  // --- grid column choices: everyone chooses their own
  'PUT /api/me/grid-columns/:grid': {
    scenarios: SETUP_AND_DURING, // a user rule: the scenario's project is not used
    make: async () => ({ url: '/api/me/grid-columns/weekly-supervision', payload: { hidden: ['priority'] } }),
  },
  // --- a firm's own people, master data and imports (Admin)
  'POST /api/admin/master-data/:list': {
    scenarios: SETUP_AND_DURING, // a user rule: the scenario's project is not used
    make: async () => ({
      url: '/api/admin/master-data/practices',
      payload: { name: uniqueName('Practice') },
    }),
  },
  'PUT /api/admin/master-data/:list/:id': {
    scenarios: SETUP_AND_DURING,
    make: async (db) => {
      const id = await freshPractice(db);
      return {
        url: `/api/admin/master-data/practices/${id}`,
        payload: { name: uniqueName('Renamed practice') },
      };
    },
  },
  'DELETE /api/admin/master-data/:list/:id': {
    scenarios: SETUP_AND_DURING,
    make: async (db) => ({ url: `/api/admin/master-data/practices/${await freshPractice(db)}` }),
  },
  'POST /api/admin/master-data/:list/:id/deactivate': {
    scenarios: SETUP_AND_DURING,
    make: async (db) => ({ url: `/api/admin/master-data/practices/${await freshPractice(db)}/deactivate` }),
  },
  'POST /api/admin/master-data/:list/:id/reactivate': {
    scenarios: SETUP_AND_DURING,
    make: async (db) => ({
      url: `/api/admin/master-data/practices/${await freshPractice(db, new Date().toISOString())}/reactivate`,
    }),
  },
  'POST /api/admin/people': {
    scenarios: SETUP_AND_DURING,
    make: async () => {
      const name = uniqueName('person').toLowerCase().replace(/\W+/g, '.');
      return {
        url: '/api/admin/people',
        payload: { name: 'Permission Person', email: `${name}@example.com` },
      };
    },
  },
  'PATCH /api/admin/people/:id': {
    scenarios: SETUP_AND_DURING,
    make: async (db) => ({
      url: `/api/admin/people/${await freshPerson(db)}`,
      payload: { jobTitle: 'Analyst' },
    }),
  },
  'POST /api/admin/people/:id/deactivate': {
    scenarios: SETUP_AND_DURING,
    make: async (db) => ({ url: `/api/admin/people/${await freshPerson(db)}/deactivate` }),
  },
  'POST /api/admin/people/:id/reactivate': {
    scenarios: SETUP_AND_DURING,
    make: async (db) => ({ url: `/api/admin/people/${await freshPerson(db, false)}/reactivate` }),
  },
  'PATCH /api/admin/provisioning/groups/:id': {
    scenarios: SETUP_AND_DURING,
    make: async (db) => {
      const id = crypto.randomUUID();
      await db
        .insertInto('scimGroups')
        .values({ id, displayName: uniqueName('Group') })
        .execute();
      return { url: `/api/admin/provisioning/groups/${id}`, payload: { scopes: ['API.Portal.PDC'] } };
    },
  },
  'POST /api/admin/provisioning/tokens': {
    scenarios: SETUP_AND_DURING,
    make: async () => ({ url: '/api/admin/provisioning/tokens', payload: { name: uniqueName('Token') } }),
  },
  'DELETE /api/admin/provisioning/tokens/:id': {
    scenarios: SETUP_AND_DURING,
    make: async (db) => {
      const row = await db
        .insertInto('scimTokens')
        .values({ name: uniqueName('Token'), tokenHash: crypto.randomUUID() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { url: `/api/admin/provisioning/tokens/${row.id}` };
    },
  },
  'POST /api/imports/:kind': {
    scenarios: SETUP_AND_DURING,
    make: async () => {
      const body = multipartBody([
        {
          name: 'file',
          filename: 'practices.csv',
          contentType: 'text/csv',
          data: `Name\n${uniqueName('Practice')}\n`,
        },
      ]);
      return { url: '/api/imports/practices?dryRun=false', payload: body.payload, headers: body.headers };
    },
  },
  // --- project administration
  'POST /api/projects': {
    scenarios: SETUP_AND_DURING, // a user rule: the scenario's project is not used
    make: async () => ({
      url: '/api/projects',
      // a fresh code per attempt: every allowed person succeeds once (201)
      payload: {
        code: `PERM-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
        name: 'Permission test',
        idClient: 1,
      },
    }),
  },
  // --- report jobs: the report's own rule is checked by the service (ida: 403 from it)
  'POST /api/report-jobs': {
    scenarios: [{ projectId: 3, status: 3 }],
    make: async () => ({ url: '/api/report-jobs', payload: { report: 'project-status', params: {} } }),
  },
  // --- supervision
  'PATCH /api/projects/:id/priority': {
    scenarios: [{ projectId: 3, status: 3 }],
    make: async (_db, s) => ({
      url: `/api/projects/${s.projectId}/priority`,
      payload: { priority: true, internal: false, idDuringType: 1 },
    }),
  },
  'PATCH /api/projects/:id/allocation-status': {
    scenarios: [{ projectId: 3, status: 3 }],
    make: async (_db, s) => ({
      url: `/api/projects/${s.projectId}/allocation-status`,
      payload: { idAllocationStatus: 3 },
    }),
  },
  // --- knm
  'PUT /api/project-closure-check/project/:id': {
    scenarios: KNM_SCENARIOS,
    make: async (_db, s) => ({
      url: `/api/project-closure-check/project/${s.projectId}`,
      payload: KNM_CHECKLIST,
    }),
  },
  'DELETE /master/clients/:id/segments': {
    scenarios: KNM_SCENARIOS,
    make: async (db, s) => ({ url: `/master/clients/${await clientOf(db, s.projectId)}/segments` }),
  },
  'POST /master/clients/:id/segments': {
    scenarios: KNM_SCENARIOS,
    make: async (db, s) => ({
      url: `/master/clients/${await clientOf(db, s.projectId)}/segments`,
      payload: [
        { Segment: { ID: 3 }, SegmentLevel: 1 },
        { Segment: { ID: 4 }, SegmentLevel: 2 },
      ],
    }),
  },

  // --- project sessions (During): PUT, DELETE, submit, undo — entries of EXAMPLES
  'PUT /api/projects/:id/sessions/:sessionId': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/projects/${s.projectId}/sessions/${await freshDuringSession(db, s.projectId)}`,
      payload: { discussionFocus: 'Permission test', adjustScope: 1 },
      projectId: s.projectId,
    }),
  },
  'DELETE /api/projects/:id/sessions/:sessionId': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/projects/${s.projectId}/sessions/${await freshDuringSession(db, s.projectId)}`,
      projectId: s.projectId,
    }),
  },
  'PATCH /api/projects/:id/sessions/:sessionId/submit': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/projects/${s.projectId}/sessions/${await freshDuringSession(db, s.projectId)}/submit`,
      projectId: s.projectId,
    }),
  },
  'PATCH /api/projects/:id/sessions/:sessionId/unsubmit': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/projects/${s.projectId}/sessions/${await freshDuringSession(db, s.projectId, true)}/unsubmit`,
      projectId: s.projectId,
    }),
  },
  // --- one-pages and allocation suggestions: entries of EXAMPLES
  'PATCH /api/one-pages/:id': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/one-pages/${await freshOnePage(db, s.projectId)}`,
      payload: { keyMessage: 'Permission test' },
      projectId: s.projectId,
    }),
  },
  'PATCH /api/one-pages/:id/submit': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/one-pages/${await freshOnePage(db, s.projectId)}/submit`,
      payload: { teamPoint: 'Permission test' },
      projectId: s.projectId,
    }),
  },
  'POST /api/one-pages/:id/carry-forward': {
    scenarios: SETUP_AND_DURING,
    make: (db, s) => carryForwardAttempt(db, s.projectId),
  },
  'PATCH /api/one-pages/:id/confirm-carried': {
    scenarios: SETUP_AND_DURING,
    make: (db, s) => confirmCarriedAttempt(db, s.projectId),
  },
  'PATCH /api/one-pages/:id/unsubmit': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/one-pages/${await freshOnePage(db, s.projectId, true)}/unsubmit`,
      projectId: s.projectId,
    }),
  },
  'PATCH /api/projects/:id/project-team/grant/:teamMemberId': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/projects/${s.projectId}/project-team/grant/${await carlaTeamRow(db, s.projectId)}`,
      projectId: s.projectId,
    }),
  },
  'POST /api/project-allocation-suggestions/one-page/:onePageId': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => {
      const onePageId = await freshOnePage(db, s.projectId);
      await db
        .deleteFrom('allocationSuggestions')
        .where('onePageId', '=', onePageId)
        .where('professionalId', '=', 6)
        .execute();
      return {
        url: `/api/project-allocation-suggestions/one-page/${onePageId}`,
        payload: {
          idProfessional: 6,
          totalDays: 1.5,
          nextAllocations: [{ totalDays: 1 }, { totalDays: 0.5 }],
        },
        projectId: s.projectId,
      };
    },
  },
  'PATCH /api/project-allocation-suggestions/one-page/:onePageId/approve-all': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/project-allocation-suggestions/one-page/${await freshOnePage(db, s.projectId)}/approve-all`,
      projectId: s.projectId,
    }),
  },
  'PUT /api/project-allocation-suggestions/:id': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/project-allocation-suggestions/${await freshSuggestion(db, s.projectId)}`,
      payload: { isApproved: true, nextAllocations: [{ totalDays: 2 }, { totalDays: 1 }] },
      projectId: s.projectId,
    }),
  },
  'PATCH /api/project-allocation-suggestions/:id': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/project-allocation-suggestions/${await freshSuggestion(db, s.projectId)}`,
      payload: { feedback: 'Permission test' },
      projectId: s.projectId,
    }),
  },
  'DELETE /api/project-allocation-suggestions/:id': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/project-allocation-suggestions/${await freshSuggestion(db, s.projectId)}`,
      projectId: s.projectId,
    }),
  },
  // --- professional DNA during — entries of EXAMPLES (professional 9 = Carla)
  'POST /api/project-professional-dnas/project/:id/session-type/2': {
    scenarios: SETUP_AND_DURING,
    make: async (_db, s) => ({
      url: `/api/project-professional-dnas/project/${s.projectId}/session-type/2`,
      payload: { sessionDate: '2026-03-02', sessionNextDate: '2026-03-16' },
      projectId: s.projectId,
    }),
  },
  'PUT /api/project-professional-dnas/:id': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/project-professional-dnas/${await freshDnaSession(db, s.projectId)}`,
      payload: { sessionNextDate: '2026-03-30' },
      projectId: s.projectId,
    }),
  },
  'DELETE /api/project-professional-dnas/:id': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/project-professional-dnas/${await freshDnaSession(db, s.projectId)}`,
      projectId: s.projectId,
    }),
  },
  'POST /api/professional-dnas/project-professional-dna/:id': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/professional-dnas/project-professional-dna/${await freshDnaSession(db, s.projectId)}`,
      payload: { idProfessional: 9, dnaMetExpectation: 1 },
      projectId: s.projectId,
    }),
  },
  // --- project info, client, session records
  'PATCH /api/projects/:id': {
    scenarios: SETUP_AND_DURING,
    make: async (_db, s) => ({
      url: `/api/projects/${s.projectId}`,
      payload: { whatSalesContext: 'Permission test' },
      projectId: s.projectId,
    }),
  },
  'PUT /api/projects/:id/metadata': {
    scenarios: SETUP_AND_DURING,
    make: async (_db, s) => ({
      url: `/api/projects/${s.projectId}/metadata`,
      payload: { idDuringType: 1 },
      projectId: s.projectId,
    }),
  },
  'PUT /master/clients/:id': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/master/clients/${await clientOf(db, s.projectId)}?projectId=${s.projectId}`,
      payload: { ClientCulture: '<p>Permission test</p>' },
    }),
  },
  'PATCH /api/projects/:id/sessions/:sessionId': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/projects/${s.projectId}/sessions/${await setupSessionOf(db, s.projectId)}`,
      payload: { projectScope: 'Permission test' },
      projectId: s.projectId,
    }),
  },
  ...sessionRecordExamples('expectations', 'session', 'rowId', { expectation: 'Permission test' }),
  ...sessionRecordExamples('deliverables', 'session', 'rowId', { deliverable: 'Permission test' }),
  ...sessionRecordExamples('risks', 'session', 'rowId', { risk: 'Permission test', riskStatus: 2 }),
  ...sessionRecordExamples('rar', 'session', 'itemId', {
    idProfessional: null,
    rarTechnicalRole: 'Permission test',
  }),
  ...sessionRecordExamples('stakeholders', 'sessions', 'itemId', { name: 'Permission test' }),
  // --- professional DNA (setup), setup assessment, setup finalization (professional 9 = Carla)
  'POST /api/professional-dnas/project/:id/session-type/1': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => {
      await db
        .deleteFrom('professionalDnas')
        .where('projectId', '=', s.projectId)
        .where('sessionType', '=', 1)
        .where('professionalId', '=', 9)
        .execute();
      return {
        url: `/api/professional-dnas/project/${s.projectId}/session-type/1`,
        payload: { idProfessional: 9, goalsForProject: 'Permission test' },
        projectId: s.projectId,
      };
    },
  },
  'PUT /api/professional-dnas/:id': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/professional-dnas/${await freshSetupDna(db, s.projectId)}`,
      payload: { goalsForProject: 'Permission test' },
      projectId: s.projectId,
    }),
  },
  'DELETE /api/professional-dnas/:id': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/professional-dnas/${await freshSetupDna(db, s.projectId)}`,
      projectId: s.projectId,
    }),
  },
  'PATCH /api/project-setup-assessments/project/:id': {
    scenarios: SETUP_AND_DURING,
    make: async (_db, s) => ({
      url: `/api/project-setup-assessments/project/${s.projectId}`,
      payload: { ratingDescription: 'Permission test' },
      projectId: s.projectId,
    }),
  },
  'POST /api/project-setup-finalizations': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => {
      await db
        .deleteFrom('setupFinalizations')
        .where('projectId', '=', s.projectId)
        .where('professionalId', '=', 9)
        .execute();
      return {
        url: '/api/project-setup-finalizations',
        payload: { idProject: s.projectId, idProfessional: 9, presenceType: 'Call' },
        projectId: s.projectId,
      };
    },
  },
  'PUT /api/project-setup-finalizations/:id': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/project-setup-finalizations/${await freshFinalization(db, s.projectId)}`,
      payload: { presenceType: 'VC' },
      projectId: s.projectId,
    }),
  },
  'DELETE /api/project-setup-finalizations/:id': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/project-setup-finalizations/${await freshFinalization(db, s.projectId)}`,
      projectId: s.projectId,
    }),
  },
  'POST /auth/download-link': {
    scenarios: [{ projectId: 3, status: 3 }],
    make: async () => ({ url: '/auth/download-link', payload: { path: '/api/support/documents/x' } }),
  },
  'POST /api/projects/:id/proposal': {
    scenarios: SETUP_AND_DURING,
    make: async (_db, s) => {
      const body = multipartBody([
        { name: 'file', filename: 'Proposta.pdf', contentType: 'application/pdf', data: PDF },
      ]);
      return {
        url: `/api/projects/${s.projectId}/proposal`,
        payload: body.payload,
        headers: body.headers,
        projectId: s.projectId,
      };
    },
  },
  'PUT /api/projects/:id/status': {
    scenarios: [
      { projectId: 1, status: 1 },
      { projectId: 2, status: 2 },
    ],
    make: async (_db, s) => ({
      url: `/api/projects/${s.projectId}/status`,
      payload: { idStatus: s.status + 1 },
      projectId: s.projectId,
    }),
  },
  'PATCH /api/projects/:id/training-development': {
    scenarios: SETUP_AND_DURING,
    make: async (_db, s) => ({
      url: `/api/projects/${s.projectId}/training-development`,
      payload: { text: 'Permission test' },
      projectId: s.projectId,
    }),
  },
  'POST /api/projects/:id/sessions': {
    scenarios: SETUP_AND_DURING,
    make: async (_db, s) => ({
      url: `/api/projects/${s.projectId}/sessions`,
      payload: { discussionFocus: 'Permission test' },
      projectId: s.projectId,
    }),
  },
  'POST /api/project/:id/toolkits': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => {
      await db.deleteFrom('projectToolkits').where('projectId', '=', s.projectId).execute();
      const [first] = await activeToolkits(db);
      return {
        url: `/api/project/${s.projectId}/toolkits`,
        payload: { idToolkit: first, idStatus: 0 },
        projectId: s.projectId,
      };
    },
  },
  'PUT /api/project/:id/toolkits/:toolkitId': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => {
      const row = await freshToolkitRow(db, s.projectId);
      const [first] = await activeToolkits(db);
      return {
        url: `/api/project/${s.projectId}/toolkits/${row}`,
        payload: { id: row, idToolkit: first, idStatus: 0 },
        projectId: s.projectId,
      };
    },
  },
  'DELETE /api/project/:id/toolkits/:toolkitId': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/project/${s.projectId}/toolkits/${await freshToolkitRow(db, s.projectId)}`,
      projectId: s.projectId,
    }),
  },
  'PUT /api/project/:id/toolkits/:toolkitId/change/:statusId': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/project/${s.projectId}/toolkits/${await freshToolkitRow(db, s.projectId)}/change/1`,
      projectId: s.projectId,
    }),
  },
  'PUT /api/project/:id/toolkits/change-all/:statusId': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => {
      await freshToolkitRow(db, s.projectId);
      return { url: `/api/project/${s.projectId}/toolkits/change-all/1`, projectId: s.projectId };
    },
  },
  'POST /api/project-evaluations/project/:id': {
    scenarios: SETUP_AND_DURING,
    make: async (_db, s) => ({
      url: `/api/project-evaluations/project/${s.projectId}`,
      payload: evaluation,
      projectId: s.projectId,
    }),
  },
  'PUT /api/project-evaluations/:id': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/project-evaluations/${await freshEvaluation(db, s.projectId)}`,
      payload: evaluation,
      projectId: s.projectId,
    }),
  },
  'DELETE /api/project-evaluations/:id': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/project-evaluations/${await freshEvaluation(db, s.projectId)}`,
      projectId: s.projectId,
    }),
  },
  'POST /api/project-id-ones': {
    scenarios: BRAZIL,
    make: async (_db, s) => ({
      url: '/api/project-id-ones',
      payload: { ...idOne, idProject: s.projectId },
      projectId: s.projectId,
    }),
  },
  'PUT /api/project-id-ones/:id': {
    scenarios: BRAZIL,
    make: async (db, s) => ({
      url: `/api/project-id-ones/${await freshIdOne(db, s.projectId)}`,
      payload: idOne,
      projectId: s.projectId,
    }),
  },
  'DELETE /api/project-id-ones/:id': {
    scenarios: BRAZIL,
    make: async (db, s) => ({
      url: `/api/project-id-ones/${await freshIdOne(db, s.projectId)}`,
      projectId: s.projectId,
    }),
  },
  // --- weekly status: entries of EXAMPLES
  'POST /api/weekly-status/project/:projectId': {
    scenarios: SETUP_AND_DURING,
    make: async (_db, s) => ({
      url: `/api/weekly-status/project/${s.projectId}`,
      payload: { signedType: 1 },
      projectId: s.projectId,
    }),
  },
  'PUT /api/weekly-status/:id': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/weekly-status/${await freshWeeklyStatus(db, s.projectId)}`,
      payload: { clientSubmissionDate: '2026-03-06' },
      projectId: s.projectId,
    }),
  },
  'DELETE /api/weekly-status/:id': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/weekly-status/${await freshWeeklyStatus(db, s.projectId, { signedType: 3, signedStatus: 'completed' })}`,
      projectId: s.projectId,
    }),
  },
  'PATCH /api/weekly-status/:id/signed-type': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/weekly-status/${await freshWeeklyStatus(db, s.projectId)}/signed-type`,
      payload: { signedType: 2 },
      projectId: s.projectId,
    }),
  },
  'POST /api/weekly-status-contents/weekly-status/:id/type/:type': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/weekly-status-contents/weekly-status/${await freshWeeklyStatus(db, s.projectId)}/type/4`,
      payload: { name: 'Permission test', description: 'Action' },
      projectId: s.projectId,
    }),
  },
  'PUT /api/weekly-status-contents/:id': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/weekly-status-contents/${await weeklyStatusContentOf(db, await freshWeeklyStatus(db, s.projectId))}`,
      payload: { description: 'Permission test' },
      projectId: s.projectId,
    }),
  },
  'DELETE /api/weekly-status-contents/:id': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/weekly-status-contents/${await weeklyStatusContentOf(db, await freshWeeklyStatus(db, s.projectId))}`,
      projectId: s.projectId,
    }),
  },
  'POST /api/weekly-status/:id/recipients': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/weekly-status/${await freshWeeklyStatus(db, s.projectId)}/recipients`,
      payload: { name: 'Permission test', email: 'permission.test@client.example.com' },
      projectId: s.projectId,
    }),
  },
  'PUT /api/weekly-status/:id/recipients/:recipientId': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => {
      const id = await freshWeeklyStatus(db, s.projectId);
      return {
        url: `/api/weekly-status/${id}/recipients/${await weeklyStatusRecipientOf(db, id)}`,
        payload: { name: 'Permission test' },
        projectId: s.projectId,
      };
    },
  },
  'DELETE /api/weekly-status/:id/recipients/:recipientId': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => {
      const id = await freshWeeklyStatus(db, s.projectId);
      return {
        url: `/api/weekly-status/${id}/recipients/${await weeklyStatusRecipientOf(db, id)}`,
        projectId: s.projectId,
      };
    },
  },
  'POST /api/weekly-status/:id/submit': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => {
      const body = multipartBody([
        { name: 'file', filename: 'Signed weekly status.pdf', contentType: 'application/pdf', data: PDF },
      ]);
      return {
        url: `/api/weekly-status/${await freshWeeklyStatus(db, s.projectId, { signedType: 3 })}/submit`,
        payload: body.payload,
        headers: body.headers,
        projectId: s.projectId,
      };
    },
  },
  'POST /api/weekly-status/:id/resend': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/weekly-status/${await sentWeeklyStatus(db, s.projectId)}/resend`,
      projectId: s.projectId,
    }),
  },

  // --- Closure With Client — entries of EXAMPLES
  'PATCH /api/project-closure-external/project/:id': {
    scenarios: CLOSURE_CLIENT,
    make: async (db, s) => {
      await freshClosure(db, s.projectId);
      return {
        url: `/api/project-closure-external/project/${s.projectId}`,
        payload: { thankYouLetterTeamOffer: true },
        projectId: s.projectId,
      };
    },
  },
  'PATCH /api/project-closure-external/project/:projectId/signed-type': {
    scenarios: CLOSURE_CLIENT,
    make: async (db, s) => {
      await freshClosure(db, s.projectId, { signedStatus: null });
      return {
        url: `/api/project-closure-external/project/${s.projectId}/signed-type`,
        payload: { signedType: 3 },
        projectId: s.projectId,
      };
    },
  },
  'POST /api/project-closure-external/project/:projectId/recipients': {
    scenarios: CLOSURE_CLIENT,
    make: async (db, s) => {
      await freshClosure(db, s.projectId);
      return {
        url: `/api/project-closure-external/project/${s.projectId}/recipients`,
        payload: { name: 'Ana Cliente', email: 'ana@client.example.com' },
        projectId: s.projectId,
      };
    },
  },
  'PUT /api/project-closure-external/project/:projectId/recipients/:id': {
    scenarios: CLOSURE_CLIENT,
    make: async (db, s) => ({
      url: `/api/project-closure-external/project/${s.projectId}/recipients/${await freshClosure(db, s.projectId)}`,
      payload: { name: 'Ana Cliente', email: 'ana@client.example.com' },
      projectId: s.projectId,
    }),
  },
  'DELETE /api/project-closure-external/project/:projectId/recipients/:id': {
    scenarios: CLOSURE_CLIENT,
    make: async (db, s) => ({
      url: `/api/project-closure-external/project/${s.projectId}/recipients/${await freshClosure(db, s.projectId)}`,
      projectId: s.projectId,
    }),
  },
  'POST /api/project-closure-external/project/:projectId/submit': {
    scenarios: CLOSURE_CLIENT,
    make: async (db, s) => {
      await freshClosure(db, s.projectId, { signedType: 3 }); // the upload path: no engine round
      return {
        url: `/api/project-closure-external/project/${s.projectId}/submit`,
        ...closurePdfUpload(),
        projectId: s.projectId,
      };
    },
  },
  'POST /api/projects/:id/legal-documents/file': {
    scenarios: CLOSURE_CLIENT,
    make: async (db, s) => {
      await freshClosure(db, s.projectId);
      return {
        url: `/api/projects/${s.projectId}/legal-documents/file`,
        ...closurePdfUpload(),
        projectId: s.projectId,
      };
    },
  },
  'DELETE /api/projects/:id/legal-documents/file': {
    scenarios: CLOSURE_CLIENT,
    make: async (db, s) => {
      await freshClosure(db, s.projectId, {
        signedType: 3,
        signedStatus: 'completed',
        legalClosureDocumentAttachFile: 'signed.pdf',
      });
      return { url: `/api/projects/${s.projectId}/legal-documents/file`, projectId: s.projectId };
    },
  },

  // --- the CRM backend writes (/crm)
  'POST /crm/profile/create-bulk': {
    scenarios: CLOSURE_CLIENT,
    make: async (db, s) => {
      await db.deleteFrom('crmContacts').where('projectId', '=', s.projectId).execute();
      return {
        url: '/crm/profile/create-bulk',
        payload: { data: [CRM_CONTACT], idProject: s.projectId, projectName: 'Permission test' },
      };
    },
  },
  'PUT /crm/updateContactPerProjectResponsible': {
    scenarios: CLOSURE_CLIENT,
    make: async (db, s) => ({
      url: '/crm/updateContactPerProjectResponsible',
      payload: [
        {
          id: await freshCrmContact(db, s.projectId),
          directorResponsible: 'marcos.manager@example.com',
        },
      ],
    }),
  },
  'POST /crm/sendEmail': {
    scenarios: CLOSURE_CLIENT,
    make: async (db, s) => {
      await freshCrmContact(db, s.projectId);
      return {
        url: '/crm/sendEmail',
        payload: {
          to: 'dora.director@example.com',
          subject: 'CRM review',
          text: '<p>Please review</p>',
          idProject: s.projectId,
        },
      };
    },
  },

  // --- Closure Internal — entries of EXAMPLES
  'PATCH /api/project-closure-internal/project/:id': {
    scenarios: CLOSURE_INTERNAL,
    make: async (_db, s) => ({
      url: `/api/project-closure-internal/project/${s.projectId}`,
      payload: { projectNetworkStatus: true },
      projectId: s.projectId,
    }),
  },
  'PATCH /api/project-closure-internal/project/:id/form': {
    scenarios: CLOSURE_INTERNAL,
    make: async (_db, s) => ({
      url: `/api/project-closure-internal/project/${s.projectId}/form`,
      payload: { formClientFocusedOnSustainabilityComment: 'Permission test' },
      projectId: s.projectId,
    }),
  },
  'POST /api/projects/:id/sanitized-references/file': {
    scenarios: CLOSURE_INTERNAL,
    make: async (_db, s) => ({
      url: `/api/projects/${s.projectId}/sanitized-references/file`,
      ...closureInternalUpload(),
      projectId: s.projectId,
    }),
  },
  'POST /api/projects/:id/crm/file': {
    scenarios: CLOSURE_INTERNAL,
    make: async (_db, s) => ({
      url: `/api/projects/${s.projectId}/crm/file`,
      ...closureInternalUpload(),
      projectId: s.projectId,
    }),
  },
  'POST /api/projects/:id/close-out/complete-case/file': {
    scenarios: CLOSURE_INTERNAL,
    make: async (_db, s) => ({
      url: `/api/projects/${s.projectId}/close-out/complete-case/file`,
      ...closureInternalUpload(),
      projectId: s.projectId,
    }),
  },
  // --- end ci-server
  // --- the Dashboard Archive — entries of EXAMPLES
  'PATCH /api/project-dashboards/one-page/:onePageId': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/project-dashboards/one-page/${await freshClassicOnePage(db, s.projectId)}`,
      payload: { coManagementComment: 'Permission test' },
      projectId: s.projectId,
    }),
  },
  'POST /api/professional-dashboard-access/bulk': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: '/api/professional-dashboard-access/bulk',
      payload: { IDProject: s.projectId, ProfessionalIds: [await professionalId(db, 'dora.director')] },
      projectId: s.projectId,
    }),
  },
  'DELETE /api/professional-dashboard-access/:id': {
    scenarios: SETUP_AND_DURING,
    make: async (db, s) => ({
      url: `/api/professional-dashboard-access/${await freshDashboardAccess(db, s.projectId)}`,
      projectId: s.projectId,
    }),
  },
};

/** A token for every DEMO person — rita.retired's as if issued before she was made inactive. */
async function tokenOf(login: string): Promise<string> {
  const p = await ctx.db
    .selectFrom('professionals')
    .selectAll()
    .where('login', '=', login)
    .executeTakeFirstOrThrow();
  const user: SessionUser = {
    userName: p.name,
    email: p.email,
    scopes: p.scopes ?? [],
    comanagementId: p.comanagementId ?? null,
    login,
    professionalId: p.id,
    practiceId: p.practiceId ?? null,
    businessUnits: p.businessUnits ?? [],
  };
  return signPortalToken(user, ctx.keys.portalSecret, 3600);
}

async function expected(rule: AccessRule, login: string, projectId: number | undefined): Promise<boolean> {
  const p = await ctx.db
    .selectFrom('professionals')
    .select(['id', 'scopes', 'isActive'])
    .where('login', '=', login)
    .executeTakeFirstOrThrow();
  if (!p.isActive) return false;
  const user = { professionalId: p.id, scopes: p.scopes ?? [] };
  if (rule.kind === 'user') return rule.allows(user);
  return rule.allows(await loadProjectAccess(ctx.db, user, projectId!));
}

/**
 * The writes a signed-in person may attempt: not the public ones, and not SCIM's, which take a provisioning token
 * and refuse every person's portal token (tests/server/modules/scim/auth.test.ts).
 */
const peopleWrite = (r: { mutating: boolean; rule: string }) =>
  r.mutating && r.rule !== 'public' && r.rule !== 'scimToken';

describe('permissions: every mutating route × the 12 DEMO people', () => {
  it('has an example for every mutating route that needs a signed-in caller', () => {
    const mutating = ctx.app.routeCatalog.filter(peopleWrite);
    const missing = mutating.map((r) => `${r.method} ${r.url}`).filter((k) => !EXAMPLES[k]);
    expect(missing).toEqual([]);
    expect(mutating.length).toBeGreaterThanOrEqual(Object.keys(EXAMPLES).length);
  });

  it('answers 2xx only to people the declared rule allows, and 403/401 to everyone else', async () => {
    const rules = new Map<string, AccessRule>();
    const { RULES } = await import('@domain/rules');
    for (const r of Object.values(RULES)) rules.set(r.name, r);
    const tokens = new Map<string, string>();
    for (const login of LOGINS) tokens.set(login, await tokenOf(login));

    const violations: string[] = [];
    const allowedOk = new Map<string, number>();
    let attempts = 0;
    for (const route of ctx.app.routeCatalog.filter(peopleWrite)) {
      const key = `${route.method} ${route.url}`;
      const example = EXAMPLES[key]!;
      const rule = rules.get(route.rule)!;
      expect(rule, `rule ${route.rule} of ${key}`).toBeDefined();
      for (const scenario of example.scenarios) {
        for (const login of LOGINS) {
          await setStatus(ctx.db, scenario.projectId, scenario.status);
          const attempt = await example.make(ctx.db, scenario);
          const allowed = await expected(
            rule,
            login,
            rule.kind === 'project' ? attempt.projectId : undefined,
          );
          const res = await ctx.app.inject({
            method: route.method as 'POST',
            url: attempt.url,
            headers: { authorization: `Bearer ${tokens.get(login)}`, ...attempt.headers },
            payload: attempt.payload as object,
          });
          attempts++;
          const ok = res.statusCode >= 200 && res.statusCode < 300;
          const label = `${key} on project ${scenario.projectId} (status ${scenario.status}) as ${login}: ${res.statusCode} ${res.body.slice(0, 160)}`;
          if (ok && !allowed) violations.push(`UNAUTHORISED WRITE ${label}`);
          if (!allowed && res.statusCode !== (login === 'rita.retired' ? 401 : 403))
            violations.push(`expected refusal ${label}`);
          if (res.statusCode >= 500) violations.push(`5xx ${label}`);
          if (ok) allowedOk.set(key, (allowedOk.get(key) ?? 0) + 1);
        }
      }
    }
    expect(violations).toEqual([]);
    // every example is a valid request: at least one allowed person succeeded on each route
    const neverOk = Object.keys(EXAMPLES).filter(
      (k) => ctx.app.routeCatalog.some((r) => `${r.method} ${r.url}` === k) && !allowedOk.get(k),
    );
    expect(neverOk).toEqual([]);
    console.log(
      `permissions: ${attempts} attempts over ${allowedOk.size} mutating routes, 0 unauthorised writes`,
    );
  }, 300_000);
});
