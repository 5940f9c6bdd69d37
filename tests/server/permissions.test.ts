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
import type { DB } from '@server/db';
import { PdfDocument } from '@server/adapters/documents';
import { createTestContext, type TestContext } from './helpers';
import { multipartBody } from './multipart';

const PDF = new PdfDocument({ title: 'Proposal' }).paragraph('Permission test').toBuffer();

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
});
afterAll(() => ctx?.close());

const LOGINS = DEMO_PEOPLE.map((p) => p[0]);

interface Attempt {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** The project whose relation the rule is judged on (undefined for user rules). */
  projectId?: number;
}
/** Builds a fresh request for one attempt (state reset so every person meets the same situation). */
type Example = (db: DB, scenario: Scenario) => Promise<Attempt>;
interface Scenario {
  projectId: number;
  status: number;
}

const setStatus = (db: DB, projectId: number, status: number) =>
  db.updateTable('projects').set({ idStatus: status }).where('id', '=', projectId).execute();
async function activeToolkits(db: DB) {
  return (
    await db.selectFrom('toolkits').select('id').where('isActive', '=', true).orderBy('id').limit(3).execute()
  ).map((r) => r.id);
}
/** The project keeps exactly one toolkit row, in Draft (or `status`). */
async function freshToolkitRow(db: DB, projectId: number, status = 0) {
  const [first] = await activeToolkits(db);
  await db.deleteFrom('projectToolkits').where('projectId', '=', projectId).execute();
  return (
    await db
      .insertInto('projectToolkits')
      .values({ projectId, toolkitId: first!, idStatus: status })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}
async function freshEvaluation(db: DB, projectId: number) {
  const cycle = await db
    .selectFrom('evaluationCycles')
    .select('id')
    .where('isActive', '=', true)
    .executeTakeFirstOrThrow();
  return (
    await db
      .insertInto('projectEvaluations')
      .values({ projectId, professionalId: 9, cycleId: cycle.id })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}
async function freshIdOne(db: DB, projectId: number) {
  return (
    await db
      .insertInto('projectIdOnes')
      .values({ projectId, numberProfile: 1, additionalProfiles: 0 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}
/** H3: the project keeps exactly one setup DNA row of Carla (9), fresh. */
async function freshSetupDna(db: DB, projectId: number) {
  await db
    .deleteFrom('professionalDnas')
    .where('projectId', '=', projectId)
    .where('sessionType', '=', 1)
    .where('professionalId', '=', 9)
    .execute();
  return (
    await db
      .insertInto('professionalDnas')
      .values({ projectId, sessionType: 1, professionalId: 9, goalsForProject: 'Fresh' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}
/** H3: Carla's (9) finalization row on the project, fresh. */
async function freshFinalization(db: DB, projectId: number) {
  await db
    .deleteFrom('setupFinalizations')
    .where('projectId', '=', projectId)
    .where('professionalId', '=', 9)
    .execute();
  return (
    await db
      .insertInto('setupFinalizations')
      .values({ projectId, professionalId: 9, presenceType: 'Physical' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

// --- H7: professional DNA during (issue 11) — helpers (put next to freshSetupDna in tests/server/permissions.test.ts)

/** H7: a fresh During DNA session (type 2) on the project, without entries. */
async function freshDnaSession(db: DB, projectId: number) {
  return (
    await db
      .insertInto('projectProfessionalDnas')
      .values({ projectId, sessionType: 2, sessionDate: '2026-03-02', sessionNextDate: '2026-03-16' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

// --- H4: one-pages and allocation suggestions (issue 11) — helpers (put beside the other helpers)

/** H4: the project's newest one-page (this week's), reset to a complete checklist draft — or submitted. */
async function freshOnePage(db: DB, projectId: number, submitted = false) {
  const { id } = await db
    .selectFrom('onePages')
    .select('id')
    .where('projectId', '=', projectId)
    .orderBy('initialDate', 'desc')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('onePages')
    .set({
      format: 2,
      onePageProblemLevel: 1,
      environmentStatus: 1,
      needHelpFromGovernance: 2,
      riskOfDelay: 2,
      solutionReadiness: 2,
      integrationIdentity: 1,
      teamIssue: 2,
      changeProjectStatus: 1,
      properAttention: 1,
      weeklyStatus: 1,
      keyMessage: 'Permission test',
      deliveryFocusNextWeek: 'Permission test',
      dnaProf: 1,
      dnaTec: 1,
      governanceActionOption: 2,
      submittedAt: submitted ? new Date() : null,
      submittedById: submitted ? 6 : null,
      isDelayedSubmitted: false,
    })
    .where('id', '=', id)
    .execute();
  return id;
}
/** H4: Marcos' (6) allocation suggestion on the project's draft one-page, fresh. */
async function freshSuggestion(db: DB, projectId: number) {
  const onePageId = await freshOnePage(db, projectId);
  await db
    .deleteFrom('allocationSuggestions')
    .where('onePageId', '=', onePageId)
    .where('professionalId', '=', 6)
    .execute();
  return (
    await db
      .insertInto('allocationSuggestions')
      .values({ onePageId, professionalId: 6, practiceId: 6, totalDays: 1 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}
/** H4: Carla's (9) row of the project's team. */
async function carlaTeamRow(db: DB, projectId: number) {
  return (
    await db
      .selectFrom('projectTeam')
      .select('id')
      .where('projectId', '=', projectId)
      .where('professionalId', '=', 9)
      .executeTakeFirstOrThrow()
  ).id;
}

// --- H6 helpers (put beside the other helpers of tests/server/permissions.test.ts)
/** H6: a fresh During (non-setup) session on the project; submitted by Marcos (6) when `submitted`. */
async function freshDuringSession(db: DB, projectId: number, submitted = false) {
  return (
    await db
      .insertInto('projectSessions')
      .values({
        projectId,
        isSetup: false,
        discussionFocus: 'Permission session',
        ...(submitted ? { submittedAt: new Date(), submittedById: 6 } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

const evaluation = { idProfessional: 9, idEvaluator: 6, idValidator: null, idPartner: 7, isEligible: true };
const idOne = {
  idResponsibleDefinition: 6,
  numberProfile: 3,
  additionalProfiles: 1,
  clientNameDefined: true,
};

/** Scenarios: the project and the status it is put in before each attempt. */
const SETUP_AND_DURING: Scenario[] = [
  { projectId: 2, status: 2 },
  { projectId: 3, status: 3 },
];
const BRAZIL: Scenario[] = [
  { projectId: 9, status: 3 },
  { projectId: 9, status: 2 },
];

/** The project's setup session (isSetup). */
async function setupSessionOf(db: DB, projectId: number) {
  return (
    await db
      .selectFrom('projectSessions')
      .select('id')
      .where('projectId', '=', projectId)
      .where('isSetup', '=', true)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
}
const RECORD_TABLES = {
  expectations: 'sessionExpectations',
  deliverables: 'sessionDeliverables',
  risks: 'sessionRisks',
  rar: 'sessionRars',
  stakeholders: 'sessionStakeholders',
} as const;
async function freshSessionRecord(db: DB, kind: keyof typeof RECORD_TABLES, projectId: number) {
  const sessionId = await setupSessionOf(db, projectId);
  const values = kind === 'stakeholders' ? { name: 'Permission row' } : {};
  return (
    await db
      .insertInto(RECORD_TABLES[kind] as 'sessionRisks')
      .values({ projectId, sessionId, ...values })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}
function sessionRecordExamples(
  kind: keyof typeof RECORD_TABLES,
  sessionSegment: 'session' | 'sessions',
  param: 'rowId' | 'itemId',
  body: Record<string, unknown>,
): Record<string, { scenarios: Scenario[]; make: Example }> {
  return {
    [`POST /api/project/:id/${kind}/${sessionSegment}/:sessionId`]: {
      scenarios: SETUP_AND_DURING,
      make: async (db, s) => ({
        url: `/api/project/${s.projectId}/${kind}/${sessionSegment}/${await setupSessionOf(db, s.projectId)}`,
        payload: body,
        projectId: s.projectId,
      }),
    },
    [`PUT /api/project/:id/${kind}/:${param}`]: {
      scenarios: SETUP_AND_DURING,
      make: async (db, s) => ({
        url: `/api/project/${s.projectId}/${kind}/${await freshSessionRecord(db, kind, s.projectId)}`,
        payload: body,
        projectId: s.projectId,
      }),
    },
    [`DELETE /api/project/:id/${kind}/:${param}`]: {
      scenarios: SETUP_AND_DURING,
      make: async (db, s) => ({
        url: `/api/project/${s.projectId}/${kind}/${await freshSessionRecord(db, kind, s.projectId)}`,
        projectId: s.projectId,
      }),
    },
  };
}
/** The project's client (for PUT /master/clients/{id}?projectId=). */
async function clientOf(db: DB, projectId: number) {
  return (
    await db.selectFrom('projects').select('clientId').where('id', '=', projectId).executeTakeFirstOrThrow()
  ).clientId!;
}

// ws-server (issue 12, weekly status server) — for tests/server/permissions.test.ts. Nothing else to import:
// `DB`, `PDF`, `multipartBody`, `Scenario`, `Example` and SETUP_AND_DURING are already in that file.

// --- ws-server helpers (put beside the other helpers)

/** ws-server: a fresh weekly status on the project (draft, template path unless told) with one recipient and one General Status block. */
async function freshWeeklyStatus(
  db: DB,
  projectId: number,
  values: { signedType?: number; signedStatus?: string; isSubmitted?: boolean; submittedAt?: Date } = {},
) {
  const { id } = await db
    .insertInto('weeklyStatuses')
    .values({ projectId, signedType: 1, signedStatus: 'draft', ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('weeklyStatusRecipients')
    .values({ weeklyStatusId: id, name: 'Permission Recipient', email: 'permission@client.example.com' })
    .execute();
  await db
    .insertInto('weeklyStatusContents')
    .values({ weeklyStatusId: id, type: 1, name: 'Permission', orderPosition: 1 })
    .execute();
  return id;
}
/** ws-server: the (only) recipient of a fresh weekly status. */
async function weeklyStatusRecipientOf(db: DB, weeklyStatusId: number) {
  return (
    await db
      .selectFrom('weeklyStatusRecipients')
      .select('id')
      .where('weeklyStatusId', '=', weeklyStatusId)
      .executeTakeFirstOrThrow()
  ).id;
}
/** ws-server: the (only) content block of a fresh weekly status. */
async function weeklyStatusContentOf(db: DB, weeklyStatusId: number) {
  return (
    await db
      .selectFrom('weeklyStatusContents')
      .select('id')
      .where('weeklyStatusId', '=', weeklyStatusId)
      .executeTakeFirstOrThrow()
  ).id;
}
/** ws-server: a weekly status sent to sign on the own-document path, with an open (sent) envelope to resend. */
async function sentWeeklyStatus(db: DB, projectId: number) {
  const id = await freshWeeklyStatus(db, projectId, {
    signedType: 2,
    signedStatus: 'sent',
    isSubmitted: true,
    submittedAt: new Date(),
  });
  const key = `signatures/weekly-status/${id}/permission`;
  await db
    .insertInto('storedFiles')
    .values({ key, fileName: 'permission.pdf', contentType: 'application/pdf', size: 1, createdBy: null })
    .execute();
  await db
    .insertInto('signatureEnvelopes')
    .values({
      ownerType: 'weekly-status',
      ownerId: id,
      projectId,
      provider: 'builtin',
      providerRef: `permission-${id}`,
      status: 'sent',
      subject: 'Permission',
      documentKey: key,
      documentName: 'permission.pdf',
      documentSha256: '0'.repeat(64),
    })
    .execute();
  return id;
}

// --- closure-server: Closure With Client (issue 12) — helpers (put beside the other helpers of
// tests/server/permissions.test.ts; uses its PDF, multipartBody, DB and Scenario)

/** closure-server: DEMO-CLOSURE (id 5, status 4). */
const CLOSURE_CLIENT: Scenario[] = [{ projectId: 5, status: 4 }];

/** closure-server: the legal document wizard reset — editable, signedType 2 (or `values`), no files — plus one
 *  fresh active recipient, whose id is returned. */
async function freshClosure(db: DB, projectId: number, values: Record<string, unknown> = {}) {
  await db
    .updateTable('closureExternal')
    .set({
      signedType: 2,
      signedStatus: 'draft',
      signedFileKey: null,
      unsignedFileKey: null,
      legalClosureDocumentAttachFile: null,
      unSignatureFilename: null,
      ...values,
    })
    .where('projectId', '=', projectId)
    .execute();
  return (
    await db
      .insertInto('closureExternalRecipients')
      .values({ projectId, name: 'Permission Test', email: 'permission@client.example.com' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}
/** closure-server: a multipart body with a PDF in the field `file`. */
function closurePdfUpload() {
  const body = multipartBody([
    { name: 'file', filename: 'permission.pdf', contentType: 'application/pdf', data: PDF },
  ]);
  return { payload: body.payload, headers: body.headers };
}

// --- crm-server: entries for tests/server/permissions.test.ts (the /crm writes; RULES.crmEdit is a user rule
// allowing every signed-in person, the service then refuses people off the project's team with 403, which
// the matrix accepts). Paste the helpers above EXAMPLES and the three entries inside it.

/** crm-server: a valid CRM contact of project 5 (DEMO-CLOSURE), as the stakeholder grid sends it (002 §3). */
const CRM_CONTACT = {
  firstName: 'Ana',
  lastName: 'Souza',
  masterEmailAddress: 'ana.souza@client.example.com',
  stakeholderGroup: 'CLIENT',
  position: 'CFO',
  classification: 'Decision Maker',
  gender: 'SHE',
  language: ['Portuguese'],
  groupPosition: 'C-Level',
  groupArea: 'Finance',
  responsibleOffice: 'São Paulo',
  responsibleWrite: 'dora.director@example.com',
  responsibleSign: ['paula.partner@example.com'],
  industry: 'Banking',
  residentCountry: 'Brazil',
  linkedin: 'https://www.linkedin.com/in/ana-souza',
  createdBy: 'carla.consultant@example.com',
  partnerResponsible: 'paula.partner@example.com',
  directorResponsible: 'dora.director@example.com',
};

/** crm-server: one fresh saved contact on the project (director Dora), whose id is returned. */
async function freshCrmContact(db: DB, projectId: number) {
  await db.deleteFrom('crmContacts').where('projectId', '=', projectId).execute();
  const row = await db
    .insertInto('crmContacts')
    .values({
      projectId,
      idOnPortal: null,
      status: 'PendingDirector',
      partnerResponsible: CRM_CONTACT.partnerResponsible,
      directorResponsible: CRM_CONTACT.directorResponsible,
      createdBy: CRM_CONTACT.createdBy,
      data: JSON.stringify({
        ...CRM_CONTACT,
        name: 'Ana Souza',
        idProject: projectId,
        projectName: 'Permission test',
        version: 1,
      }),
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

// --- ci-server: Closure Internal (issue 13) — helpers (put beside the other helpers of
// tests/server/permissions.test.ts; uses its PDF, multipartBody and Scenario)

/** ci-server: DEMO-CLOSURE (id 5, status 4). */
const CLOSURE_INTERNAL: Scenario[] = [{ projectId: 5, status: 4 }];

/** ci-server: a multipart body with a PDF in the field `file`. */
function closureInternalUpload() {
  const body = multipartBody([
    { name: 'file', filename: 'permission.pdf', contentType: 'application/pdf', data: PDF },
  ]);
  return { payload: body.payload, headers: body.headers };
}

// --- dash-server: the Dashboard Archive (issue 13) — helpers (put beside the other helpers of
// tests/server/permissions.test.ts; uses its DB and Scenario, and SETUP_AND_DURING)

/** dash-server: the project's newest one-page in the classic format 1 (the one whose dashboard comments are editable). */
async function freshClassicOnePage(db: DB, projectId: number) {
  const { id } = await db
    .selectFrom('onePages')
    .select('id')
    .where('projectId', '=', projectId)
    .orderBy('initialDate', 'desc')
    .executeTakeFirstOrThrow();
  await db.updateTable('onePages').set({ format: 1 }).where('id', '=', id).execute();
  return id;
}
/** dash-server: a professional's id by login. */
async function professionalId(db: DB, login: string) {
  return (
    await db.selectFrom('professionals').select('id').where('login', '=', login).executeTakeFirstOrThrow()
  ).id;
}
/** dash-server: Paula's (a partner) row on the project's dashboard e-mail list, fresh. */
async function freshDashboardAccess(db: DB, projectId: number) {
  const paula = await professionalId(db, 'paula.partner');
  await db
    .deleteFrom('dashboardAccess')
    .where('projectId', '=', projectId)
    .where('professionalId', '=', paula)
    .execute();
  return (
    await db
      .insertInto('dashboardAccess')
      .values({ projectId, professionalId: paula })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

// --- knm helpers (put beside the other helpers)
/** knm: DEMO-CLOSURE (id 5, status 4) — the checklist's project and the client whose segments change. */
const KNM_SCENARIOS: Scenario[] = [{ projectId: 5, status: 4 }];
/** knm: the whole checklist as the Edit Checklist dialog sends it. */
const KNM_CHECKLIST = {
  checkCloseOutForm: 2,
  checkProjectNetwork: 1,
  checkCase: 0,
  checkCaseAuthorization: 1,
  checkReferences: 2,
  checkSignedWeeklyStatus: 1,
  checkRecordProjectDelivery: 1,
  checkSendWarning: 1,
  logoAuthorization: true,
};

const EXAMPLES: Record<string, { scenarios: Scenario[]; make: Example }> = {
  // --- notifications (issue 23): everyone chooses their own
  'PUT /api/me/notifications/:event': {
    scenarios: SETUP_AND_DURING, // a user rule: the scenario's project is not used
    make: async () => ({ url: '/api/me/notifications/projectStatusChanged', payload: { channel: 'teams' } }),
  },
  // --- projects-admin (issue 14)
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
  // --- reports-server (issue 14): the report's own rule is checked by the service (ida: 403 from it)
  'POST /api/report-jobs': {
    scenarios: [{ projectId: 3, status: 3 }],
    make: async () => ({ url: '/api/report-jobs', payload: { report: 'project-status', params: {} } }),
  },
  // --- supervision (issue 14)
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
  // --- knm (issue 14)
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

  // --- H6 examples (entries of EXAMPLES)
  // --- H6: project sessions (During): PUT, DELETE, submit, undo
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
  // --- H4: entries of EXAMPLES
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
  // --- H7: professional DNA during (issue 11) — entries of EXAMPLES (professional 9 = Carla)
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
  // --- issue 10: project info, client, session records
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
  // --- H3: professional DNA (setup), setup assessment, setup finalization (professional 9 = Carla)
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
  // --- ws-server: entries of EXAMPLES (weekly status, spec 001 §7)
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

  // --- closure-server: Closure With Client (issue 12) — entries of EXAMPLES
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

  // --- crm-server: the CRM backend writes (/crm)
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

  // --- ci-server: Closure Internal (issue 13) — entries of EXAMPLES
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
  // --- dash-server: the Dashboard Archive (issue 13) — entries of EXAMPLES
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

describe('permissions: every mutating route × the 12 DEMO people', () => {
  it('has an example for every mutating route that needs a signed-in caller', () => {
    const mutating = ctx.app.routeCatalog.filter((r) => r.mutating && r.rule !== 'public');
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
    for (const route of ctx.app.routeCatalog.filter((r) => r.mutating && r.rule !== 'public')) {
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
