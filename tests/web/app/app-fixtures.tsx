import { http, HttpResponse } from 'msw';
import { server } from '../msw-server';
import { renderWithProviders, fakeToken } from '../render';
import { App } from '@web/app/App';
import { SessionProvider } from '@web/api/session-context';

/** The whole app (routes, shell) at a path, with the API of one project (DEMO-DURING, id 3). */
export const PROJECT = {
  id: 3,
  code: 'DEMO-DURING',
  name: 'Demo During Project',
  idStatus: 3,
  client: { id: 1, name: 'Cobalt Energy' },
  endDate: '2027-01-05',
  startDate: null,
  createdAt: null,
  updatedAt: null,
  projectPractices: [],
  projectGeographics: [],
  missingAssessmentNames: 'Ivan Ito',
  projectManager: {
    id: 6,
    idProfessional: 6,
    name: 'Marcos Moura',
    email: 'marcos.manager@example.com',
    login: 'marcos.manager',
    photoGUID: null,
    isActive: true,
    jobTitle: { name: 'Manager' },
  },
  projectPartner: null,
  projectTeam: [
    {
      id: 1,
      idProfessional: 6,
      isManager: true,
      isPartner: false,
      isOnePageAllow: false,
      professional: {
        id: 6,
        name: 'Marcos Moura',
        email: 'marcos.manager@example.com',
        login: 'marcos.manager',
        photoGUID: null,
        isActive: true,
        jobTitle: { name: 'Manager' },
      },
    },
  ],
};

const NO_SUPERVISION_ROWS = {
  'x-total': '0',
  'x-total-green': '0',
  'x-total-yellow': '0',
  'x-total-red': '0',
  'x-total-notsubmitted': '0',
};

export function useApi() {
  server.use(
    http.get('/api/projects', () => HttpResponse.json([])),
    http.get('/master/practices', () => HttpResponse.json([{ ID: 1, Name: 'Strategy' }])),
    http.get('/api/projects/:id', () => HttpResponse.json(PROJECT)),
    http.get('/api/mail-outbox', () => HttpResponse.json([])),
    http.get('/api/me/notifications', () =>
      HttpResponse.json({ teamsEnabled: false, preferences: [], recent: [] }),
    ),
    http.get('/api/projects/:id/changes', () => HttpResponse.json([])),
    http.get('/api/projects/:id/status-history', () =>
      HttpResponse.json([
        { id: 1, fromStatus: 2, toStatus: 3, changedBy: 'Marcos Moura', changedAt: '2026-11-20T10:00:00Z' },
      ]),
    ),
    http.get('/api/projects/:id/kpis', () =>
      HttpResponse.json({
        onePageSubmitted: false,
        weeklyStatusSubmitted: false,
        hasProfessionalDNA: false,
        hasTechDNA: false,
        evaluationManagementFulfilled: false,
      }),
    ),
    http.get('/api/project/:id/toolkits', () => HttpResponse.json([])),
    http.get('/api/project/:id/toolkits/permissions', () =>
      HttpResponse.json({ canEdit: false, options: [] }),
    ),
    http.get('/master/toolkits', () => HttpResponse.json([])),
    http.get('/master/positions', () => HttpResponse.json([])),
    http.get('/api/professional-dnas/project/:id/session-type/1', () => HttpResponse.json([])),
    http.get('/api/project-professional-dnas/project/:id/session-type/2', () => HttpResponse.json([])),
    http.get('/api/one-pages/project/:id', () => HttpResponse.json([])),
    http.get('/api/projects/:id/sessions', () => HttpResponse.json([])),
    http.get('/api/project-setup-finalizations/project/:id', () => HttpResponse.json([])),
    http.get('/api/project-setup-assessments/project/:id', () =>
      HttpResponse.json({
        rating: null,
        ratingDescription: null,
        watchedToolkit: null,
        doYouFeelComfortable: null,
        howCouldBeenDoneBetter: null,
        version: 1,
      }),
    ),
    http.get('/master/languages', () => HttpResponse.json([])),
    ...['/api/weekly-supervision', '/api/allocation-supervision', '/api/pdc-supervision'].map((path) =>
      http.get(path, () => HttpResponse.json([], { headers: NO_SUPERVISION_ROWS })),
    ),
    // the supervision grids' column choice: nothing hidden
    http.get('/api/me/grid-columns/:grid', ({ params }) =>
      HttpResponse.json({ grid: params.grid, hidden: [], version: 1 }, { headers: { etag: '"1"' } }),
    ),
    // the people the ID One centre's header filters offer
    http.get('/api/id-one-centre/people', () => HttpResponse.json({ responsible: [], projectManager: [] })),
    // the other screens every route of the tables opens (their own tests answer them in full)
    ...[
      '/api/weekly-status/project/:id',
      '/api/project-dashboards/project/:id',
      '/api/admin/project-scopes',
      '/api/id-one-centre',
      '/api/knm-checklist',
      '/api/setup-assessment-supervision',
      '/crm/industries',
      '/master/clients',
      '/master/geographic-scopes',
      '/master/professionals',
      '/master/segments',
    ].map((path) => http.get(path, () => HttpResponse.json([]))),
    ...['/api/project-closure-external/project/:id', '/api/project-closure-internal/project/:id'].map(
      (path) => http.get(path, () => HttpResponse.json({ message: 'Not found.' }, { status: 404 })),
    ),
  );
}

export function signedInAs(user: Record<string, unknown>) {
  localStorage.setItem('portal.accessToken', fakeToken(user));
}

export function renderAt(path: string) {
  return renderWithProviders(
    <SessionProvider>
      <App initialPath={path} />
    </SessionProvider>,
    { router: false },
  );
}
