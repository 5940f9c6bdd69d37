import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import type { ProjectDetail, ProjectListItem } from '@domain/contract';
import { SessionProvider } from '@web/api/session-context';
import AdminProjectsPage from '@web/features/admin/projects/AdminProjectsPage';
import { server } from '../../../msw-server';
import { fakeToken, renderWithProviders, USERS } from '../../../render';

const LIST: ProjectListItem[] = [
  {
    id: 2,
    code: 'DEMO-SETUP',
    name: 'Setup',
    idStatus: 2,
    endDate: null,
    client: { id: 1, name: 'Acme Foods' },
    projectManager: null,
    projectPractices: [],
  },
  {
    id: 3,
    code: 'DEMO-DURING',
    name: 'During',
    idStatus: 3,
    endDate: null,
    client: { id: 2, name: 'Blue River Bank' },
    projectManager: null,
    projectPractices: [],
  },
  {
    id: 6,
    code: 'DEMO-FINISHED',
    name: 'Finished',
    idStatus: 5,
    endDate: null,
    client: null,
    projectManager: null,
    projectPractices: [],
  },
];
const person = (id: number, name: string) => ({
  id,
  name,
  email: `${id}@example.com`,
  isActive: true,
  jobTitle: { name: 'X' },
});
const detail = (over: Partial<ProjectDetail> = {}): ProjectDetail => ({
  id: 3,
  code: 'DEMO-DURING',
  name: 'During',
  idStatus: 3,
  idClient: 2,
  client: { id: 2, name: 'Blue River Bank' },
  idDuringType: 1,
  endDate: null,
  startDate: null,
  createdAt: null,
  updatedAt: null,
  closedAt: null,
  whatSalesContext: null,
  whyClientNeedHelp: null,
  proposalFilename: null,
  idSupportComanagement: null,
  priority: false,
  internal: false,
  pdcPriority: false,
  idAllocationStatus: 0,
  sendNotification: true,
  projectManager: { ...person(6, 'Marcos Moura'), idProfessional: 6 },
  projectPartner: { ...person(7, 'Paula Pereira'), idProfessional: 7 },
  projectTeam: [
    { id: 1, idProfessional: 6, isManager: true, isPartner: false, professional: person(6, 'Marcos Moura') },
    { id: 2, idProfessional: 7, isManager: false, isPartner: true, professional: person(7, 'Paula Pereira') },
  ],
  projectPractices: [{ idPractice: 1 }],
  projectMethodologies: [],
  projectGeographics: [{ idGeographic: 223 }],
  projectGeographicScopes: [{ idGeographicScope: 1 }],
  projectOffices: [],
  projectCoManagements: [],
  projectSession: [],
  projectTrainingDevelopment: { tdOportunity: null, text: null, version: 1 },
  missingAssessmentNames: '',
  version: 5,
  closeOutComplete: false,
  ...over,
});
const master = (names: string[]) => names.map((Name, i) => ({ ID: i + 1, Name }));

function serve(
  requests: { method: string; url: string; body?: unknown; ifMatch?: string | null }[],
  patchAnswer?: () => Response,
) {
  server.use(
    http.get('/api/projects', () => HttpResponse.json(LIST)),
    http.get('/api/admin/project-scopes', () => HttpResponse.json([{ id: 3, idGeographicScope: 1 }])),
    http.get('/master/geographic-scopes', () => HttpResponse.json(master(['Global', 'Regional']))),
    http.get('/api/projects/3', () => HttpResponse.json(detail())),
    http.get('/api/project/3/toolkits', () =>
      HttpResponse.json([{ id: 9, idToolkit: 1, idStatus: 0, toolkitName: 'Strategy Canvas', version: 1 }]),
    ),
    http.get('/api/clients', () =>
      HttpResponse.json([
        { id: 1, name: 'Acme Foods' },
        { id: 2, name: 'Blue River Bank' },
      ]),
    ),
    http.get('/master/professionals', () =>
      HttpResponse.json([
        { ID: 6, Name: 'Marcos Moura', isActive: true },
        { ID: 7, Name: 'Paula Pereira', isActive: true },
        { ID: 12, Name: 'Rita Ramos', isActive: false },
      ]),
    ),
    http.get('/master/toolkits', () =>
      HttpResponse.json([{ ID: 1, Name: 'Strategy Canvas', IsActive: true, Methodology: { IDPractice: 1 } }]),
    ),
    http.get('/master/comanagements', () => HttpResponse.json(master(['North']))),
    http.get('/master/geographics', () => HttpResponse.json([{ ID: 223, Name: 'Brazil' }])),
    http.get('/master/offices', () => HttpResponse.json(master(['Lisbon']))),
    http.get('/master/practices', () => HttpResponse.json(master(['Strategy']))),
    http.get('/master/methodologies', () => HttpResponse.json(master(['Canvas']))),
    http.get('/api/during-types', () =>
      HttpResponse.json([
        { id: 1, name: 'Normal' },
        { id: 2, name: 'Internal' },
        { id: 3, name: 'Ad Hoc' },
      ]),
    ),
    http.patch('/api/projects/3', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      requests.push({ method: 'PATCH', url: request.url, body, ifMatch: request.headers.get('if-match') });
      return (
        patchAnswer?.() ?? HttpResponse.json(detail({ ...(body as Partial<ProjectDetail>), version: 6 }))
      );
    }),
    http.post('/api/projects', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      requests.push({ method: 'POST', url: request.url, body });
      return HttpResponse.json(
        detail({
          id: 50,
          code: body.code as string,
          name: body.name as string,
          idStatus: 1,
          client: { id: 1, name: 'Acme Foods' },
          projectTeam: [],
          projectManager: null,
          projectPartner: null,
        }),
        { status: 201 },
      );
    }),
  );
}

function renderPage(user: Record<string, unknown>) {
  localStorage.setItem('portal.accessToken', fakeToken(user));
  return renderWithProviders(
    <SessionProvider>
      <Routes>
        <Route path="/admin/projects" element={<AdminProjectsPage />} />
        <Route path="/project/:id/home" element={<p>Project home page</p>} />
      </Routes>
    </SessionProvider>,
    { path: '/admin/projects' },
  );
}

const grid = () => screen.findByRole('grid', { name: 'Projects' });

describe('Admin Projects (002 §2.8)', () => {
  it('lists PROJECT CODE, STATUS (icon with its text), SCOPE and CLIENT; a row opens the project home', async () => {
    serve([]);
    renderPage(USERS.alice);
    const g = await grid();
    const row = (await within(g).findByText('DEMO-DURING')).closest('[role="row"]') as HTMLElement;
    expect(row).toHaveTextContent('During');
    await waitFor(() => expect(row).toHaveTextContent('Global'));
    expect(row).toHaveTextContent('Blue River Bank');
    const setupRow = within(g).getByText('DEMO-SETUP').closest('[role="row"]') as HTMLElement;
    expect(setupRow).toHaveTextContent('Setup');
    const finished = within(g).getByText('DEMO-FINISHED').closest('[role="row"]') as HTMLElement;
    expect(finished).toHaveTextContent('Closure');
    await userEvent.click(within(row).getByText('Blue River Bank'));
    expect(await screen.findByText('Project home page')).toBeInTheDocument();
  });

  it('Edit Project sends only the changed fields with If-Match and says "Edited with success."', async () => {
    const requests: Parameters<typeof serve>[0] = [];
    serve(requests);
    renderPage(USERS.alice);
    await within(await grid()).findByText('DEMO-DURING');
    await userEvent.click(screen.getByRole('button', { name: 'Edit DEMO-DURING' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Project' });
    const name = within(dialog).getByRole('textbox', { name: /Project Name/ });
    await waitFor(() => expect(name).toHaveValue('During'));
    await userEvent.clear(name);
    await userEvent.type(name, 'During renamed');
    await userEvent.click(within(dialog).getByRole('switch', { name: /Send Notifications/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Edited with success.')).toBeInTheDocument();
    expect(requests).toEqual([
      {
        method: 'PATCH',
        url: expect.stringMatching(/\/api\/projects\/3$/),
        body: { name: 'During renamed', sendNotification: false },
        ifMatch: '"5"',
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('412: tells the person someone changed the project and reloads the values', async () => {
    const requests: Parameters<typeof serve>[0] = [];
    serve(requests, () =>
      HttpResponse.json(
        {
          statusCode: 412,
          error: 'Precondition Failed',
          message: 'stale',
          current: detail({ name: 'Changed by Paula', version: 7 }),
        },
        { status: 412 },
      ),
    );
    renderPage(USERS.alice);
    await within(await grid()).findByText('DEMO-DURING');
    await userEvent.click(screen.getByRole('button', { name: 'Edit DEMO-DURING' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Project' });
    const code = within(dialog).getByRole('textbox', { name: /Project Code/ });
    await waitFor(() => expect(code).toHaveValue('DEMO-DURING'));
    await userEvent.type(code, '-X');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      (await within(dialog).findAllByText(/Someone else changed this project meanwhile/)).length,
    ).toBeGreaterThan(0);
    expect(within(dialog).getByRole('textbox', { name: /Project Name/ })).toHaveValue('Changed by Paula');
    expect(code).toHaveValue('DEMO-DURING');
    expect(requests[0]!.body).toEqual({ code: 'DEMO-DURING-X' });
  });

  it('New Project posts code, name and client (Draft by default) and says "Saved"', async () => {
    const requests: Parameters<typeof serve>[0] = [];
    serve(requests);
    renderPage(USERS.alice);
    await within(await grid()).findByText('DEMO-DURING');
    await userEvent.click(screen.getByRole('button', { name: 'New Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Project' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Project Code is required')).toBeInTheDocument();
    expect(requests).toEqual([]);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Project Code/ }), 'NEW-1');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Project Name/ }), 'A new one');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Client/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Acme Foods' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.body).toMatchObject({
      code: 'NEW-1',
      name: 'A new one',
      idClient: 1,
      idStatus: 1,
      projectTeam: [],
    });
    expect(await within(await grid()).findByText('NEW-1')).toBeInTheDocument();
  });

  it('without Admin: no edit, no New Project, no admin-only request', async () => {
    serve([]);
    renderPage(USERS.kim);
    const g = await grid();
    expect(await within(g).findByText('DEMO-DURING')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Project' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
  });
});
