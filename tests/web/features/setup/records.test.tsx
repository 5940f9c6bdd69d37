import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { server } from '../../msw-server';
import { fakeToken, renderWithProviders } from '../../render';
import { SessionProvider } from '@web/api/session-context';
import ExpectationsTab from '@web/features/setup/project/records/ExpectationsTab';
import DeliverablesTab from '@web/features/setup/project/records/DeliverablesTab';
import RisksTab from '@web/features/setup/project/records/RisksTab';
import RolesPage from '@web/features/setup/roles/RolesPage';

const RISKS = [1, 2, 3, 4, 5].map((s) => ({
  id: 40 + s,
  idSession: 30,
  risk: `Risk ${s}`,
  riskStatus: s,
  observation: `Obs ${s}`,
  version: 1,
}));
const DELIVERABLES = [
  { id: 51, idSession: 30, deliverable: 'Diagnostic report', detail: 'Week 4', version: 3 },
];
const EXPECTATIONS = [
  {
    id: 61,
    idSession: 30,
    stakeholder: 'Helena Souza',
    expectation: 'Savings of 5%',
    observation: 'Board',
    version: 1,
  },
];

type Call = { method: string; url: string; body?: unknown; ifMatch?: string | null };
function record(calls: Call[]) {
  return async ({ request }: { request: Request }) => {
    const text = await request.text();
    calls.push({
      method: request.method,
      url: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : undefined,
      ifMatch: request.headers.get('if-match'),
    });
  };
}

function renderTab(Tab: typeof RisksTab, canEdit: boolean) {
  renderWithProviders(<Tab projectId={3} sessionId={30} canEdit={canEdit} />);
}

const bodyRows = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('row')
    .filter((r) => within(r).queryAllByRole('gridcell').length > 0);

describe('Risks tab', () => {
  it('read-only: the rows with their status dots (Green, Yellow, Red, Blue, Legacy), no add / edit / delete', async () => {
    server.use(http.get('/api/project/3/risks/session/30', () => HttpResponse.json(RISKS)));
    renderTab(RisksTab, false);
    const grid = await screen.findByRole('grid', { name: 'Risks' });
    expect(await within(grid).findByText('Risk 1')).toBeInTheDocument();
    for (const label of ['Green', 'Yellow', 'Red', 'Blue', 'Legacy'])
      expect(within(grid).getByRole('img', { name: label })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add risk' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('adds a risk through the popup form: POST, "Saved", the answer shown', async () => {
    const calls: Call[] = [];
    server.use(
      http.get('/api/project/3/risks/session/30', () => HttpResponse.json(RISKS.slice(0, 1))),
      http.post('/api/project/3/risks/session/30', async (info) => {
        await record(calls)(info);
        return HttpResponse.json(
          { id: 99, idSession: 30, risk: 'Budget cut', riskStatus: 3, observation: '', version: 1 },
          { status: 201 },
        );
      }),
    );
    renderTab(RisksTab, true);
    await screen.findByText('Risk 1');
    await userEvent.click(screen.getByRole('button', { name: 'Add risk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Risks' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Risk' }), 'Budget cut');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Red' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/project/3/risks/session/30',
        body: { risk: 'Budget cut', riskStatus: 3, observation: '' },
        ifMatch: null,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Budget cut')).toBeInTheDocument();
  });

  it('shows 8 rows per page (001 §9)', async () => {
    const many = Array.from({ length: 10 }, (_, i) => ({ ...RISKS[0]!, id: 100 + i, risk: `R${i}` }));
    server.use(http.get('/api/project/3/risks/session/30', () => HttpResponse.json(many)));
    renderTab(RisksTab, false);
    const grid = await screen.findByRole('grid', { name: 'Risks' });
    await within(grid).findByText('R0');
    expect(bodyRows(grid)).toHaveLength(8);
    expect(screen.getByText('1–8 of 10')).toBeInTheDocument();
  });
});

describe('Deliverables tab', () => {
  it('edits with the old row merged, the version as If-Match, and writes the answer into the grid', async () => {
    const calls: Call[] = [];
    server.use(
      http.get('/api/project/3/deliverables/session/30', () => HttpResponse.json(DELIVERABLES)),
      http.put('/api/project/3/deliverables/51', async (info) => {
        await record(calls)(info);
        return HttpResponse.json({ ...DELIVERABLES[0], detail: 'Week 6', version: 4 });
      }),
    );
    renderTab(DeliverablesTab, true);
    await screen.findByText('Week 4');
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliverables' });
    const detail = within(dialog).getByRole('textbox', { name: 'Detail' });
    await userEvent.clear(detail);
    await userEvent.type(detail, 'Week 6');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'PUT',
        url: '/api/project/3/deliverables/51',
        body: { deliverable: 'Diagnostic report', detail: 'Week 6' },
        ifMatch: '"3"',
      },
    ]);
    expect(await screen.findByText('Week 6')).toBeInTheDocument();
  });

  it('a failed save says "Something went wrong" and keeps the dialog with what was typed', async () => {
    server.use(
      http.get('/api/project/3/deliverables/session/30', () => HttpResponse.json(DELIVERABLES)),
      http.put('/api/project/3/deliverables/51', () =>
        HttpResponse.json({ message: 'This record was changed by someone else meanwhile' }, { status: 412 }),
      ),
    );
    renderTab(DeliverablesTab, true);
    await screen.findByText('Week 4');
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliverables' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Detail' }), '!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Detail' })).toHaveValue('Week 4!');
  });
});

describe('Client Expectations tab', () => {
  it('deletes after the confirmation (If-Match) and removes the row', async () => {
    const calls: Call[] = [];
    server.use(
      http.get('/api/project/3/expectations/session/30', () => HttpResponse.json(EXPECTATIONS)),
      http.delete('/api/project/3/expectations/61', async (info) => {
        await record(calls)(info);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderTab(ExpectationsTab, true);
    const grid = await screen.findByRole('grid', { name: 'Client Expectations' });
    expect(await within(grid).findByText('Savings of 5%')).toBeInTheDocument();
    await userEvent.click(within(grid).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    expect(
      within(dialog).getByText('Are you sure you want to delete this client expectation?'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(grid).queryByText('Savings of 5%')).toBeNull());
    expect(calls).toEqual([
      { method: 'DELETE', url: '/api/project/3/expectations/61', body: undefined, ifMatch: '"1"' },
    ]);
    expect(screen.getByText('No client expectations yet')).toBeInTheDocument();
  });
});

// ---- Roles and Responsibilities page (the setup session and the rights come from the project and the session)

const CARLA = {
  userName: 'Carla Costa',
  email: 'carla.consultant@example.com',
  login: 'carla.consultant',
  professionalId: 9,
  scopes: [],
  comanagementId: null,
  practiceId: 1,
  businessUnits: [],
};
const member = (
  idProfessional: number,
  name: string,
  role: { isManager?: boolean; isPartner?: boolean } = {},
) => ({
  id: idProfessional,
  idProfessional,
  isManager: !!role.isManager,
  isPartner: !!role.isPartner,
  professional: { id: idProfessional, name },
});
const project = (idStatus: number) => ({
  id: 3,
  code: 'DEMO-SETUP',
  name: 'Demo Setup Project',
  idStatus,
  projectTeam: [
    member(6, 'Marcos Moura', { isManager: true }),
    member(7, 'Paula Pereira', { isPartner: true }),
    member(9, 'Carla Costa'),
    member(10, 'Ivan Ito'),
  ],
  projectSession: [
    { id: 31, isSetup: false },
    { id: 30, isSetup: true },
  ],
});
const ROLES = [
  {
    id: 71,
    idSession: 30,
    idProfessional: 9,
    rarSupportingPoint: 'Data model',
    rarTechnicalRole: 'Analysis lead',
    rarNonTechnicalRole: 'Workshops',
    version: 1,
  },
];

function renderRoles(idStatus: number, calls: Call[] = []) {
  localStorage.setItem('portal.accessToken', fakeToken(CARLA));
  server.use(
    http.get('/api/projects/3', () => HttpResponse.json(project(idStatus))),
    http.get('/api/project/3/rar/session/30', () => HttpResponse.json(ROLES)),
    http.post('/api/project/3/rar/session/30', async (info) => {
      await record(calls)(info);
      return HttpResponse.json(
        { id: 72, idSession: 30, version: 1, ...(calls.at(-1)!.body as object) },
        { status: 201 },
      );
    }),
  );
  renderWithProviders(
    <SessionProvider>
      <Routes>
        <Route path="/project/:id/setup/roles" element={<RolesPage />} />
      </Routes>
    </SessionProvider>,
    { path: '/project/3/setup/roles' },
  );
}

describe('Roles and Responsibilities page', () => {
  it("a member in Setup adds a row: professionals are the team's (names), POST with idProfessional", async () => {
    const calls: Call[] = [];
    renderRoles(2, calls);
    expect(await screen.findByRole('heading', { name: 'Roles and Responsibilities' })).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'Roles and Responsibilities' });
    expect(await within(grid).findByText('Carla Costa')).toBeInTheDocument();
    for (const title of ['Professional', 'Support Point', 'Technical Role', 'Non-Technical Role'])
      expect(
        within(grid).getByRole('columnheader', { name: new RegExp(`^${title}`, 'i') }),
      ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roles and Responsibilities' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Professional' }));
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Marcos Moura', 'Paula Pereira', 'Carla Costa', 'Ivan Ito']);
    await userEvent.click(screen.getByRole('option', { name: 'Ivan Ito' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Technical Role' }), 'Research');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      body: { idProfessional: 10, rarTechnicalRole: 'Research' },
    });
    expect(await within(grid).findByText('Ivan Ito')).toBeInTheDocument();
  });

  it('read-only for a member once the project is past Setup: no add, edit or delete', async () => {
    renderRoles(3);
    const grid = await screen.findByRole('grid', { name: 'Roles and Responsibilities' });
    expect(await within(grid).findByText('Analysis lead')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add role' })).toBeNull();
    expect(within(grid).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(grid).queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
