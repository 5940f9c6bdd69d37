import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import type { ReactElement } from 'react';
import { SessionProvider } from '@web/api/session-context';
import ClientPage from '@web/features/setup/client/ClientPage';
import ClientPastProjectsPage from '@web/features/setup/client-past-projects/ClientPastProjectsPage';
import { server } from '../../msw-server';
import { fakeToken, renderWithProviders, USERS } from '../../render';

// jsdom has no layout: Lexical asks ranges for their rectangles when it scrolls the caret into view.
beforeAll(() => {
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
});

const CARLA = {
  ...USERS.marcos,
  userName: 'Carla Costa',
  email: 'carla.consultant@example.com',
  login: 'carla.consultant',
  professionalId: 9,
};
const TEAM = [
  {
    id: 1,
    idProfessional: 6,
    isManager: true,
    isPartner: false,
    professional: { id: 6, name: 'Marcos Moura' },
  },
  {
    id: 2,
    idProfessional: 9,
    isManager: false,
    isPartner: false,
    professional: { id: 9, name: 'Carla Costa' },
  },
];
const project = (idStatus: number) => ({
  id: 2,
  code: 'DEMO-SETUP',
  name: 'Demo Setup Project',
  idStatus,
  idClient: 2,
  client: { id: 2, name: 'Blue River Bank' },
  endDate: null,
  projectManager: null,
  projectPartner: null,
  projectPractices: [],
  projectGeographics: [],
  projectTeam: TEAM,
  projectSession: [{ id: 20, isSetup: true }],
  missingAssessmentNames: '',
  version: 5,
  closeOutComplete: false,
  projectTrainingDevelopment: { tdOportunity: null, text: null, version: 1 },
});
const CLIENT = {
  ID: 2,
  Name: 'Blue River Bank',
  EconomicGroup: 'Blue River Holding',
  ClientDescription: '<p>O <strong>Blue River Bank</strong> é um banco de São Paulo.</p>',
  ClientCulture: '<p>Cultura colaborativa, orientada a dados.</p>',
  ClientSegments: [],
  version: 7,
};

function render(user: Record<string, unknown>, path: string, ui: ReactElement, routePath: string) {
  localStorage.setItem('portal.accessToken', fakeToken(user));
  return renderWithProviders(
    <SessionProvider>
      <Routes>
        <Route path={routePath} element={ui} />
      </Routes>
    </SessionProvider>,
    { path },
  );
}

describe('Setup › Client', () => {
  const open = (
    user: Record<string, unknown>,
    idStatus: number,
    more: Parameters<typeof server.use> = [],
  ) => {
    server.use(
      ...more,
      http.get('/api/projects/2', () => HttpResponse.json(project(idStatus))),
      http.get('/master/clients/2', () => HttpResponse.json(CLIENT)),
    );
    return render(user, '/project/2/setup/client', <ClientPage />, '/project/:id/setup/client');
  };

  it('carla edits CLIENT DESCRIPTION in Setup: the whole client is PUT with ?projectId and If-Match, "Saved"', async () => {
    const calls: { url: string; body: any; ifMatch: string | null }[] = [];
    open(CARLA, 2, [
      http.put('/master/clients/2', async ({ request }) => {
        const body = (await request.json()) as any;
        calls.push({ url: request.url, body, ifMatch: request.headers.get('if-match') });
        return HttpResponse.json({ ...CLIENT, ...body, version: 8 });
      }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Client' })).toBeInTheDocument();
    const description = await screen.findByRole('textbox', { name: 'CLIENT DESCRIPTION' });
    expect(await screen.findByRole('textbox', { name: 'CLIENT CULTURE' })).toHaveAttribute(
      'contenteditable',
      'true',
    );
    expect(within(description).getByText('Blue River Bank').tagName).toBe('STRONG');
    await userEvent.click(description);
    await userEvent.keyboard('{Control>}a{/Control}');
    await userEvent.click(
      within(screen.getByRole('toolbar', { name: 'CLIENT DESCRIPTION formatting' })).getByRole('button', {
        name: 'Italic',
      }),
    );
    fireEvent.blur(description, { relatedTarget: document.body });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(new URL(calls[0]!.url).search).toBe('?projectId=2');
    expect(calls[0]!.ifMatch).toBe('"7"');
    expect(calls[0]!.body).toMatchObject({
      ID: 2,
      Name: 'Blue River Bank',
      ClientCulture: CLIENT.ClientCulture,
      ClientDescription: expect.stringMatching(/<(em|i)>/),
    });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it('a failed save toasts "Something went wrong"', async () => {
    let puts = 0;
    const r = open(CARLA, 2, [
      http.put('/master/clients/2', () => {
        puts++;
        return HttpResponse.json({ message: 'nope' }, { status: 400 });
      }),
    ]);
    const culture = await screen.findByRole('textbox', { name: 'CLIENT CULTURE' });
    await userEvent.click(culture);
    await userEvent.keyboard('{Control>}a{/Control}');
    await userEvent.click(
      within(screen.getByRole('toolbar', { name: 'CLIENT CULTURE formatting' })).getByRole('button', {
        name: 'Bold',
      }),
    );
    fireEvent.blur(culture, { relatedTarget: document.body });
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    // nothing typed is dropped: leaving the page tries the unsaved text once more
    r.unmount();
    await waitFor(() => expect(puts).toBe(2));
  });

  it('is read-only (formatted text, no editor) for carla once the project left Setup, and for oscar', async () => {
    open(CARLA, 3);
    const description = await screen.findByRole('group', { name: 'CLIENT DESCRIPTION' });
    expect(within(description).getByText('Blue River Bank').tagName).toBe('STRONG');
    expect(
      within(screen.getByRole('group', { name: 'CLIENT CULTURE' })).getByText(
        'Cultura colaborativa, orientada a dados.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  it('is editable for alice (Admin) at any status', async () => {
    open(USERS.alice, 3);
    expect(await screen.findByRole('textbox', { name: 'CLIENT CULTURE' })).toHaveAttribute(
      'contenteditable',
      'true',
    );
  });
});

describe('Setup › Client Past Projects', () => {
  const ROWS = [
    {
      id: 3,
      code: 'DEMO-DURING',
      name: 'Demo During Project',
      idStatus: 3,
      methodology: 'Sales Force Effectiveness',
    },
    {
      id: 4,
      code: 'DEMO-READY',
      name: 'Demo Ready for Closure',
      idStatus: 3,
      methodology: 'Digital Transformation',
    },
    { id: 7, code: 'DEMO-FINISHED', name: 'Demo Finished Project', idStatus: 5, methodology: null },
  ];

  it("lists the client's other projects with code, name and methodology; search filters", async () => {
    server.use(
      http.get('/api/projects/2', () => HttpResponse.json(project(2))),
      http.get('/api/projects/2/client/2', () => HttpResponse.json(ROWS)),
    );
    render(
      CARLA,
      '/project/2/setup/client-past-projects',
      <ClientPastProjectsPage />,
      '/project/:id/setup/client-past-projects',
    );
    expect(await screen.findByRole('heading', { name: 'Client Past Projects' })).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'Client Past Projects' });
    expect(await within(grid).findByText('DEMO-DURING')).toBeInTheDocument();
    expect(within(grid).getByText('Sales Force Effectiveness')).toBeInTheDocument();
    expect(within(grid).getByText('Demo Finished Project')).toBeInTheDocument();
    for (const h of ['Code', 'Name', 'Methodology'])
      expect(within(grid).getByRole('columnheader', { name: new RegExp(h) })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add/ })).toBeNull();
    await userEvent.type(screen.getByRole('searchbox'), 'Digital');
    await waitFor(() => expect(within(grid).queryByText('DEMO-DURING')).toBeNull());
    expect(within(grid).getByText('DEMO-READY')).toBeInTheDocument();
  });
});
