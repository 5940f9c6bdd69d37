/** Shared data and rendering of the one-page web tests (spec 001 §2–§9, 002 §2.5, §7). */
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { SessionProvider } from '@web/api/session-context';
import OnePagePage from '@web/features/during/one-page/OnePagePage';
import { server } from '../../../msw-server';
import { USERS, fakeToken, renderWithProviders } from '../../../render';

export const MARCOS = USERS.marcos; // manager (professionalId 6)
export const ALICE = USERS.alice; // Admin scope, not on the team
const base = { ...USERS.marcos, scopes: [] as string[] };
export const GIL = {
  ...base,
  userName: 'Gil Gomes',
  email: 'gil.governance@example.com',
  login: 'gil.governance',
  professionalId: 2,
  scopes: ['API.Portal.OnePage'],
};
export const DORA = { ...base, userName: 'Dora Duarte', login: 'dora.director', professionalId: 8 };
export const CARLA = { ...base, userName: 'Carla Costa', login: 'carla.consultant', professionalId: 9 };
export const PEDRO = {
  ...base,
  userName: 'Pedro Prado',
  login: 'pedro.pdc',
  professionalId: 5,
  scopes: ['API.Portal.PDC'],
};
export const OSCAR = { ...base, userName: 'Oscar Oliveira', login: 'oscar.outsider', professionalId: 11 };

const person = (id: number, name: string) => ({ id, name, email: `${id}@example.com`, isActive: true });
const member = (
  id: number,
  name: string,
  role: { isManager?: boolean; isPartner?: boolean; isOnePageAllow?: boolean } = {},
) => ({
  id: 100 + id,
  idProfessional: id,
  isManager: !!role.isManager,
  isPartner: !!role.isPartner,
  isOnePageAllow: !!role.isOnePageAllow,
  professional: person(id, name),
});
export const TEAM = [
  member(6, 'Marcos Moura', { isManager: true }),
  member(7, 'Paula Pereira', { isPartner: true }),
  member(8, 'Dora Duarte', { isOnePageAllow: true }),
  member(9, 'Carla Costa'),
  member(10, 'Ivan Ito'),
];
export const project = (team = TEAM) => ({
  id: 3,
  code: 'DEMO-DURING',
  name: 'During project',
  idStatus: 3,
  endDate: null,
  client: null,
  projectManager: null,
  projectPartner: null,
  projectPractices: [],
  projectGeographics: [],
  projectTeam: team,
  projectSession: [{ id: 31, isSetup: true }],
  missingAssessmentNames: '',
  version: 1,
  projectTrainingDevelopment: { tdOportunity: null, text: null, version: 1 },
  closeOutComplete: false,
});
export const PROFESSIONALS = [
  { ID: 6, Name: 'Marcos Moura' },
  { ID: 7, Name: 'Paula Pereira' },
  { ID: 2, Name: 'Gil Gomes' },
];

const day = (iso: string, add: number) => {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + add);
  return d.toISOString().slice(0, 10);
};
/** Ten weekly one-pages, newest first: this week's (id 110) a draft; 108 delayed; 107 classic. */
export const LIST = Array.from({ length: 10 }, (_, i) => {
  const initialDate = day('2026-03-09', -7 * i);
  return {
    id: 110 - i,
    createdAt: `${initialDate}T12:00:00.000Z`,
    initialDate,
    endDate: day(initialDate, 6),
    submittedAt: i === 0 ? null : `${day(initialDate, i === 2 ? 8 : 4)}T15:00:00.000Z`,
    idSubmittedBy: i === 0 ? null : i % 2 ? 6 : 7,
    isDelayedSubmitted: i === 2,
    format: i === 3 ? 1 : 2,
    onePageProblemLevel: i === 0 ? null : (i % 3) + 1,
    environmentStatus: i === 0 ? null : 1,
  };
});

const EMPTY_FIELDS = {
  hasAllocation: true,
  onePageProblemLevel: null,
  environmentStatus: null,
  needHelpFromGovernance: null,
  riskOfDelay: null,
  solutionReadiness: null,
  integrationIdentity: null,
  properAttention: null,
  changeProjectStatus: null,
  teamIssue: null,
  dnaProf: null,
  dnaTec: null,
  weeklyStatus: null,
  governanceActionOption: null,
  governanceAction: null,
  keyMessage: null,
  deliveryFocusNextWeek: null,
  teamPoint: null,
  methodInternal: null,
  methodExternal: null,
  projectStatusExplanation: null,
  projectEnvironmentExplanation: null,
  needHelpFromGovernanceExplanation: null,
  riskOfDelayExplanation: null,
  solutionReadinessExplanation: null,
  integrationIdentityExplanation: null,
  properAttentionExplanation: null,
  changeProjectStatusExplanation: null,
  teamIssueExplanation: null,
  governanceAllocation: null,
  coManagementComment: null,
  executiveBoardComment: null,
  executiveResumeComment: null,
  pdcResumeComment: null,
};
/** This week's draft (checklist format): only the project status answered. */
export const DRAFT = {
  ...LIST[0]!,
  ...EMPTY_FIELDS,
  onePageProblemLevel: 1,
  project: { id: 3 },
  version: 4,
};
/** Every checklist field the rules require, answered (dnaTec 0: zero counts as filled). */
export const COMPLETE = {
  ...DRAFT,
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
  keyMessage: 'Kick-off done',
  deliveryFocusNextWeek: 'Interviews',
  dnaProf: 1,
  dnaTec: 0,
  governanceActionOption: 2,
};
export const SUBMITTED_PAGE = {
  ...COMPLETE,
  ...LIST[1]!,
  project: { id: 3 },
  version: 9,
};

export const SUGGESTIONS = {
  infoMessage: 'Rita Ramos is not listed: she is not an active professional.',
  suggestions: [
    {
      id: 501,
      idProfessional: 9,
      professional: { id: 9, name: 'Carla Costa', isActive: true },
      totalDays: 2.5,
      idPractice: 7,
      feedback: 'Good pace',
      isApproved: false,
      nextAllocations: [{ totalDays: 3 }, { totalDays: 1.25 }],
      version: 1,
    },
    {
      id: 502,
      idProfessional: 10,
      professional: { id: 10, name: 'Ivan Ito', isActive: true },
      totalDays: 5,
      idPractice: 1,
      feedback: null,
      isApproved: true,
      nextAllocations: [{ totalDays: 5 }, { totalDays: 4.5 }],
      version: 1,
    },
  ],
};

export interface Call {
  method: string;
  url: string;
  body?: unknown;
  ifMatch: string | null;
}

/**
 * Renders /project/3/during/one-page (`?open=<id>` opens a form) for `user`. `pages` are the one-pages
 * GET /api/one-pages/{id} answers (PATCH merges into them); `handlers` go first (they win).
 */
export function renderOnePage({
  user = MARCOS as object,
  query = '',
  team = TEAM,
  pages = { 110: DRAFT } as Record<number, Record<string, unknown>>,
  suggestions = SUGGESTIONS as unknown,
  handlers = [] as Parameters<typeof server.use>,
} = {}) {
  localStorage.setItem('portal.accessToken', fakeToken(user as Record<string, unknown>));
  const calls: Call[] = [];
  const record = async (request: Request) => {
    const text = request.method === 'GET' ? '' : await request.clone().text();
    calls.push({
      method: request.method,
      url: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : undefined,
      ifMatch: request.headers.get('if-match'),
    });
  };
  const stored: Record<number, Record<string, unknown>> = structuredClone(pages);
  let sugg = structuredClone(suggestions) as typeof SUGGESTIONS;
  server.use(
    ...handlers,
    http.get('/api/projects/3', () => HttpResponse.json(project(team))),
    http.get('/api/projects/3/kpis', () => HttpResponse.json({})),
    http.get('/master/professionals', () => HttpResponse.json(PROFESSIONALS)),
    http.get('/api/one-pages/project/3', async ({ request }) => {
      await record(request);
      return HttpResponse.json(LIST);
    }),
    http.get('/api/one-pages/:id', async ({ request, params }) => {
      await record(request);
      const page = stored[Number(params.id)];
      return page
        ? HttpResponse.json(page)
        : HttpResponse.json(
            { statusCode: 404, error: 'Not Found', message: 'One Page not found' },
            { status: 404 },
          );
    }),
    http.patch('/api/one-pages/:id/submit', async ({ request, params }) => {
      await record(request);
      const id = Number(params.id);
      const body = (await request.clone().json()) as Record<string, unknown>;
      stored[id] = {
        ...stored[id],
        ...body,
        submittedAt: '2026-03-12T10:00:00.000Z',
        idSubmittedBy: 6,
        version: Number(stored[id]!.version) + 1,
      };
      return HttpResponse.json(stored[id]);
    }),
    http.patch('/api/one-pages/:id/unsubmit', async ({ request, params }) => {
      await record(request);
      const id = Number(params.id);
      const row = LIST.find((r) => r.id === id)!;
      return HttpResponse.json({ ...COMPLETE, ...row, submittedAt: null, idSubmittedBy: null, version: 12 });
    }),
    http.patch('/api/one-pages/:id', async ({ request, params }) => {
      await record(request);
      const id = Number(params.id);
      const body = (await request.clone().json()) as Record<string, unknown>;
      stored[id] = { ...stored[id], ...body, version: Number(stored[id]!.version) + 1 };
      return HttpResponse.json(stored[id]);
    }),
    http.patch('/api/projects/3/project-team/grant/:memberId', async ({ request, params }) => {
      await record(request);
      const m = TEAM.find((t) => t.id === Number(params.memberId))!;
      return HttpResponse.json({ ...m, isOnePageAllow: !m.isOnePageAllow });
    }),
    http.get('/api/project-allocation-suggestions/one-page/:id', () => HttpResponse.json(sugg)),
    http.post('/api/project-allocation-suggestions/one-page/:id', async ({ request }) => {
      await record(request);
      const body = (await request.clone().json()) as { idProfessional: number; totalDays: number };
      const s = {
        ...sugg.suggestions[0]!,
        ...body,
        id: 503,
        idPractice: 1,
        feedback: null,
        isApproved: false,
        professional: { id: body.idProfessional, name: 'Dora Duarte', isActive: true },
      };
      sugg = { ...sugg, suggestions: [...sugg.suggestions, s] };
      return HttpResponse.json(s, { status: 201 });
    }),
    http.patch('/api/project-allocation-suggestions/one-page/:id/approve-all', async ({ request }) => {
      await record(request);
      sugg = { ...sugg, suggestions: sugg.suggestions.map((s) => ({ ...s, isApproved: true, version: 2 })) };
      return HttpResponse.json(sugg.suggestions);
    }),
    http.put('/api/project-allocation-suggestions/:id', async ({ request }) => {
      await record(request);
      const body = (await request.clone().json()) as { id: number };
      const s = { ...sugg.suggestions.find((x) => x.id === body.id)!, ...body, version: 2 };
      sugg = { ...sugg, suggestions: sugg.suggestions.map((x) => (x.id === s.id ? s : x)) };
      return HttpResponse.json(s);
    }),
    http.patch('/api/project-allocation-suggestions/:id', async ({ request, params }) => {
      await record(request);
      const body = (await request.clone().json()) as object;
      const id = Number(params.id);
      const s = { ...sugg.suggestions.find((x) => x.id === id)!, ...body, version: 2 };
      sugg = { ...sugg, suggestions: sugg.suggestions.map((x) => (x.id === id ? s : x)) };
      return HttpResponse.json(s);
    }),
    http.delete('/api/project-allocation-suggestions/:id', async ({ request }) => {
      await record(request);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  const view = renderWithProviders(
    <SessionProvider>
      <Routes>
        <Route path="/project/:id/during/one-page" element={<OnePagePage />} />
      </Routes>
    </SessionProvider>,
    { path: `/project/3/during/one-page${query}` },
  );
  return { calls, record, view };
}

/** A JSON error answer in the server's shape. */
export const fail = (status: number, message: string, extra: object = {}) =>
  HttpResponse.json({ statusCode: status, error: 'Error', message, ...extra }, { status });
