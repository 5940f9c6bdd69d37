import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import type { ProjectDetail } from '@domain/contract';
import { SessionProvider } from '@web/api/session-context';
import { getHost, setHost, type Host } from '@web/host';
import ProjectPage from '@web/features/setup/project/ProjectPage';
import ProjectHomePage from '@web/features/projects/home/ProjectHomePage';
import { server } from '../../../msw-server';
import { fakeToken, renderWithProviders, USERS } from '../../../render';

const CARLA = {
  ...USERS.marcos,
  userName: 'Carla Costa',
  email: 'carla.consultant@example.com',
  login: 'carla.consultant',
  professionalId: 9,
};

const person = (id: number, name: string, login: string, title = 'Consultant') => ({
  id,
  name,
  login,
  email: `${login}@example.com`,
  photoGUID: null,
  isActive: true,
  jobTitle: { name: title },
});
const member = (
  id: number,
  name: string,
  login: string,
  role: { isManager?: boolean; isPartner?: boolean } = {},
) => ({
  id,
  idProfessional: id,
  isManager: !!role.isManager,
  isPartner: !!role.isPartner,
  isOnePageAllow: false,
  professional: person(id, name, login),
});
const TEAM = [
  member(6, 'Marcos Moura', 'marcos.manager', { isManager: true }),
  member(7, 'Paula Pereira', 'paula.partner', { isPartner: true }),
  member(8, 'Dora Duarte', 'dora.director'),
  member(9, 'Carla Costa', 'carla.consultant'),
  member(10, 'Ivan Ito', 'ivan.intern'),
  member(20, 'Bruno Silva', 'bruno.silva'),
  member(21, 'Elisa Lima', 'elisa.lima'),
  member(22, 'Hugo Rocha', 'hugo.rocha'),
];

const project = (over: Partial<ProjectDetail> = {}): ProjectDetail => ({
  id: 2,
  code: 'DEMO-SETUP',
  name: 'Demo Setup Project',
  idStatus: 2,
  idClient: 2,
  client: { id: 2, name: 'Blue River Bank' },
  idDuringType: 1,
  endDate: '2026-03-05',
  startDate: null,
  createdAt: '2025-11-02T10:00:00.000Z',
  updatedAt: '2025-11-20T10:00:00.000Z',
  whatSalesContext: 'Competitive proposal',
  whyClientNeedHelp: 'Margins under pressure',
  proposalFilename: 'Proposta São Paulo.pdf',
  idSupportComanagement: null,
  projectManager: { ...TEAM[0]!.professional, idProfessional: 6 },
  projectPartner: { ...TEAM[1]!.professional, idProfessional: 7 },
  projectPractices: [{ idPractice: 2 }],
  projectMethodologies: [{ idMethodology: 3 }],
  projectGeographics: [{ idGeographic: 223 }],
  projectGeographicScopes: [{ idGeographicScope: 1 }],
  projectOffices: [{ idOffice: 1 }],
  projectCoManagements: [{ idCoManagement: 2 }],
  projectSession: [
    { id: 20, isSetup: true, projectScope: 'Redesign the commercial model', projectOutScope: 'IT' },
  ],
  missingAssessmentNames: '',
  version: 5,
  closeOutComplete: false,
  projectTrainingDevelopment: { tdOportunity: null, text: null, version: 1 },
  projectTeam: TEAM,
  ...over,
});

const list = (...names: [number, string][]) => names.map(([ID, Name]) => ({ ID, Name }));

function setup(user: Record<string, unknown>, p: ProjectDetail, more: Parameters<typeof server.use> = []) {
  localStorage.setItem('portal.accessToken', fakeToken(user));
  server.use(
    ...more,
    http.get('/api/projects/2', () => HttpResponse.json(p)),
    http.get('/master/geographics', () => HttpResponse.json(list([1, 'United States'], [223, 'Brazil']))),
    http.get('/master/geographic-scopes', () => HttpResponse.json(list([1, 'Local'], [3, 'Global']))),
    http.get('/master/offices', () => HttpResponse.json(list([1, 'São Paulo'], [2, 'London']))),
    http.get('/master/practices', () => HttpResponse.json(list([1, 'Strategy'], [2, 'Operations']))),
    http.get('/master/methodologies', () =>
      HttpResponse.json(list([3, 'Lean Operations'], [4, 'Process Redesign'])),
    ),
    http.get('/master/comanagements', () =>
      HttpResponse.json(list([2, 'Co-management South'], [4, 'Co-management Americas'])),
    ),
    http.get('/api/during-types', () =>
      HttpResponse.json([
        { id: 1, name: 'Normal' },
        { id: 2, name: 'Internal' },
        { id: 3, name: 'Ad Hoc' },
      ]),
    ),
  );
  return renderWithProviders(
    <SessionProvider>
      <Routes>
        <Route path="/project/:id/setup/project" element={<ProjectPage />} />
      </Routes>
    </SessionProvider>,
    { path: '/project/2/setup/project' },
  );
}

let restoreHost: (() => void) | undefined;
function withHost(over: Partial<Host>) {
  const prev = getHost();
  setHost({ ...prev, ...over });
  restoreHost = () => setHost(prev);
}
afterEach(() => {
  restoreHost?.();
  restoreHost = undefined;
});

describe('Setup › Project › Project Info', () => {
  it('shows the six tabs in order and the overview; carla (member, Setup) edits the texts but not the title or lists', async () => {
    setup(CARLA, project());
    expect(await screen.findByRole('heading', { name: 'Project' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.querySelector('.fui-Tab__content')?.textContent)).toEqual([
      'Project Info',
      'Proposal',
      'Project Scope',
      'Client Expectations',
      'Deliverables',
      'Risks',
    ]);
    expect(await screen.findByText('DEMO-SETUP')).toBeInTheDocument();
    expect(screen.getByText('Blue River Bank')).toBeInTheDocument();
    expect(screen.getByText('02 Nov 2025')).toBeInTheDocument();
    expect(screen.getByText('20 Nov 2025')).toBeInTheDocument();
    expect(screen.getByText('05 Mar 2026')).toBeInTheDocument();
    expect(screen.getByText('Redesign the commercial model')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Project Name' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Sales Context' })).not.toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Why the Client Need Help' })).not.toHaveAttribute('readonly');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Project Geographics' })).toHaveTextContent('Brazil'),
    );
    for (const name of [
      'Project Geographics',
      'Offices',
      'Practices',
      'Methodologies',
      'During Type',
      'Co-management',
      'Support co-management',
    ])
      expect(screen.getByRole('combobox', { name }), name).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Offices' })).toHaveTextContent('São Paulo');
    expect(screen.getByRole('combobox', { name: 'During Type' })).toHaveTextContent('Normal');
  });

  it('shows 6 avatars then "+2"; the dialog lists everyone and an avatar opens a chat', async () => {
    const openChat = vi.fn();
    withHost({ openChat });
    setup(CARLA, project());
    const team = await screen.findByRole('group', { name: 'Team' });
    expect(within(team).getAllByRole('button', { name: /^Chat with / })).toHaveLength(6);
    await userEvent.click(within(team).getByRole('button', { name: 'Show all 8 team members' }));
    expect(within(team).getByRole('button', { name: 'Show all 8 team members' })).toHaveTextContent('+2');
    const dialog = await screen.findByRole('dialog', { name: 'Team' });
    const items = within(within(dialog).getByRole('list', { name: 'Team members' })).getAllByRole('listitem');
    expect(items).toHaveLength(8);
    expect(within(dialog).getByText('Hugo Rocha')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Chat with Hugo Rocha' }));
    expect(openChat).toHaveBeenCalledWith('hugo.rocha@example.com');
  });

  it('the manager saves During Type with the version (toast "Saved"); a failure toasts "Something went wrong"', async () => {
    const calls: { body: unknown; ifMatch: string | null }[] = [];
    let fail = false;
    setup(USERS.marcos, project(), [
      http.put('/api/projects/2/metadata', async ({ request }) => {
        calls.push({ body: await request.json(), ifMatch: request.headers.get('if-match') });
        if (fail) return HttpResponse.json({ message: 'boom' }, { status: 500 });
        return HttpResponse.json(project({ idDuringType: 3, version: 6 }));
      }),
    ]);
    const during = await screen.findByRole('combobox', { name: 'During Type' });
    await waitFor(() => expect(during).toBeEnabled());
    expect(screen.getByRole('combobox', { name: 'Practices' })).toBeDisabled();
    await userEvent.click(during);
    await userEvent.click(await screen.findByRole('option', { name: 'Ad Hoc' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(calls).toEqual([{ body: { idDuringType: 3 }, ifMatch: '"5"' }]);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'During Type' })).toHaveTextContent('Ad Hoc'),
    );
    fail = true;
    await userEvent.click(screen.getByRole('combobox', { name: 'During Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Internal' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(calls[1]).toEqual({ body: { idDuringType: 2 }, ifMatch: '"6"' });
  });

  it('alice (Admin) may change every selection and the title', async () => {
    setup(USERS.alice, project({ idStatus: 3 }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Practices' })).toBeEnabled());
    for (const name of [
      'Project Geographics',
      'Geographic Scope',
      'Offices',
      'Methodologies',
      'During Type',
      'Co-management',
      'Support co-management',
    ])
      expect(screen.getByRole('combobox', { name }), name).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Project Name' })).not.toHaveAttribute('readonly');
  });

  it('autosaves the sales context on blur with the version as If-Match', async () => {
    const calls: { body: unknown; ifMatch: string | null }[] = [];
    setup(CARLA, project(), [
      http.patch('/api/projects/2', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        calls.push({ body, ifMatch: request.headers.get('if-match') });
        return HttpResponse.json(project({ ...body, version: 6 }));
      }),
    ]);
    const box = await screen.findByRole('textbox', { name: 'Sales Context' });
    await userEvent.clear(box);
    await userEvent.type(box, 'Renovação');
    fireEvent.blur(box);
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(calls).toEqual([{ body: { whatSalesContext: 'Renovação' }, ifMatch: '"5"' }]);
  });

  it('is read-only for carla once the project left Setup', async () => {
    setup(CARLA, project({ idStatus: 3 }));
    expect(await screen.findByRole('textbox', { name: 'Sales Context' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Why the Client Need Help' })).toHaveAttribute('readonly');
    await userEvent.click(screen.getByRole('tab', { name: 'Proposal' }));
    expect(await screen.findByText('Proposta São Paulo.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
  });
});

describe('Setup › Project › Proposal', () => {
  const pdf = () => new File(['%PDF-1.4 test'], 'Proposta.pdf', { type: 'application/pdf' });

  it("refuses no file and a non-PDF, uploads a PDF with the spec's toasts, downloads through the host", async () => {
    const download = vi.fn(async () => 'Proposta São Paulo.pdf');
    withHost({ download });
    let uploads = 0;
    setup(CARLA, project(), [
      http.post('/api/projects/2/proposal', async ({ request }) => {
        uploads++;
        expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data/);
        return HttpResponse.json({ fileName: 'Proposta.pdf', size: 13 });
      }),
    ]);
    await userEvent.click(await screen.findByRole('tab', { name: 'Proposal' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    expect(
      await screen.findByText('Please, select a file', { selector: '.fui-Field__validationMessage' }),
    ).toBeInTheDocument();
    const input = screen.getByTestId('proposal-file') as HTMLInputElement;
    await userEvent.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }), {
      applyAccept: false,
    });
    expect(
      await screen.findByText('Only PDF files is allowed', { selector: '.fui-Field__validationMessage' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(uploads).toBe(0);
    await userEvent.upload(input, pdf());
    expect(screen.getByText('Proposta.pdf')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Uploading your file...')).toBeInTheDocument();
    expect(await screen.findByText('Proposal uploaded')).toBeInTheDocument();
    expect(uploads).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(download).toHaveBeenCalledWith('/api/projects/2/proposal', 'Proposta São Paulo.pdf');
  });

  it("shows the server's refusal under the field and toasts 'Something went wrong...'", async () => {
    setup(CARLA, project({ proposalFilename: null }), [
      http.post('/api/projects/2/proposal', () =>
        HttpResponse.json(
          { statusCode: 400, error: 'Bad Request', message: 'Only PDF files is allowed' },
          { status: 400 },
        ),
      ),
    ]);
    await userEvent.click(await screen.findByRole('tab', { name: 'Proposal' }));
    expect(await screen.findByText('No proposal uploaded yet')).toBeInTheDocument();
    await userEvent.upload(screen.getByTestId('proposal-file'), pdf());
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Something went wrong...')).toBeInTheDocument();
    const field = screen.getByRole('button', { name: 'Upload' }).closest('.fui-Field')!;
    expect(
      within(field as HTMLElement).getByText('Only PDF files is allowed', {
        selector: '.fui-Field__validationMessage',
      }),
    ).toBeInTheDocument();
  });
});

describe('Setup › Project › Project Scope', () => {
  it('loads the setup session and autosaves scope with its version; read-only for outsiders', async () => {
    const calls: { body: unknown; ifMatch: string | null }[] = [];
    const session = {
      id: 20,
      createdAt: '2025-11-02T10:00:00.000Z',
      discussionFocus: 'Setup',
      isSetup: true,
      submittedAt: null,
      idSubmittedBy: null,
      projectScope: 'Redesign the commercial model',
      projectOutScope: 'IT',
      adjustScope: null,
      adjustScopeObs: null,
      deliveringClientNeeds: null,
      deliveringClientNeedsObs: null,
      discussionOutcomes: null,
      version: 3,
    };
    setup(CARLA, project(), [
      http.get('/api/projects/2/sessions/20', () => HttpResponse.json(session)),
      http.patch('/api/projects/2/sessions/20', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        calls.push({ body, ifMatch: request.headers.get('if-match') });
        return HttpResponse.json({ ...session, ...body, version: 4 });
      }),
    ]);
    await userEvent.click(await screen.findByRole('tab', { name: 'Project Scope' }));
    const scope = await screen.findByRole('textbox', { name: 'Project Scope' });
    expect(scope).toHaveValue('Redesign the commercial model');
    expect(screen.getByRole('textbox', { name: 'Out of Scope' })).toHaveValue('IT');
    await userEvent.type(scope, ' for LATAM');
    fireEvent.blur(scope);
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(calls).toEqual([
      { body: { projectScope: 'Redesign the commercial model for LATAM' }, ifMatch: '"3"' },
    ]);
    // the Project Info summary follows
    await userEvent.click(screen.getByRole('tab', { name: 'Project Info' }));
    expect(await screen.findByText('Redesign the commercial model for LATAM')).toBeInTheDocument();
  });

  it('is read-only for oscar (outsider)', async () => {
    const oscar = {
      ...CARLA,
      userName: 'Oscar Oliveira',
      login: 'oscar.outsider',
      email: 'oscar.outsider@example.com',
      professionalId: 11,
    };
    setup(oscar, project(), [
      http.get('/api/projects/2/sessions/20', () =>
        HttpResponse.json({ id: 20, isSetup: true, projectScope: 'S', projectOutScope: 'O', version: 1 }),
      ),
    ]);
    await userEvent.click(await screen.findByRole('tab', { name: 'Project Scope' }));
    expect(await screen.findByRole('textbox', { name: 'Project Scope' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Out of Scope' })).toHaveAttribute('readonly');
    await userEvent.click(screen.getByRole('tab', { name: 'Project Info' }));
    expect(await screen.findByRole('textbox', { name: 'Sales Context' })).toHaveAttribute('readonly');
  });
});

describe('Project Home › Changes', () => {
  const change = (i: number) => ({
    id: 1000 - i,
    changedAt: '2025-11-20T10:00:00.000Z',
    changedBy: 'Carla Costa',
    area: 'Risks',
    action: 'added',
    subject: `Risk "R${i}"`,
  });
  it('lists who, when and what below the status history, 50 at a time with "Show more"', async () => {
    localStorage.setItem('portal.accessToken', fakeToken(CARLA));
    const skips: string[] = [];
    server.use(
      http.get('/api/projects/2', () => HttpResponse.json(project())),
      http.get('/api/projects/2/status-history', () =>
        HttpResponse.json([
          {
            id: 1,
            fromStatus: null,
            toStatus: 2,
            changedBy: 'Alice Almeida',
            changedAt: '2025-11-01T10:00:00.000Z',
          },
        ]),
      ),
      http.get('/api/projects/2/changes', ({ request }) => {
        const url = new URL(request.url);
        skips.push(`${url.searchParams.get('take')}/${url.searchParams.get('skip')}`);
        const skip = Number(url.searchParams.get('skip'));
        const all = [
          {
            id: 2000,
            changedAt: '2025-11-21T10:00:00.000Z',
            changedBy: 'Ivan Ito',
            area: 'Proposal',
            action: 'uploaded',
            subject: 'Proposta.pdf',
          },
          ...Array.from({ length: 50 }, (_, i) => change(i)),
        ];
        return HttpResponse.json(all.slice(skip, skip + 50));
      }),
    );
    renderWithProviders(
      <SessionProvider>
        <Routes>
          <Route path="/project/:id/home" element={<ProjectHomePage />} />
        </Routes>
      </SessionProvider>,
      { path: '/project/2/home' },
    );
    expect(await screen.findByRole('heading', { name: 'Changes' })).toBeInTheDocument();
    const items = await within(screen.getByRole('list', { name: 'Changes' })).findAllByRole('listitem');
    expect(items).toHaveLength(50);
    expect(items[0]).toHaveTextContent('21 Nov 2025');
    expect(items[0]).toHaveTextContent('Ivan Ito — Proposal: uploaded Proposta.pdf');
    expect(items[1]).toHaveTextContent('Carla Costa — Risks: Risk "R0" added');
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Changes' })).getAllByRole('listitem')).toHaveLength(51),
    );
    expect(skips).toEqual(['50/0', '50/50']);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});
