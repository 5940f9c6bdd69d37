import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { server } from '../../../msw-server';
import { fakeToken, renderWithProviders } from '../../../render';
import { SessionProvider } from '@web/api/session-context';
import StakeholdersPage from '@web/features/setup/stakeholders/StakeholdersPage';

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
const member = (idProfessional: number, name: string, isManager = false) => ({
  id: idProfessional,
  idProfessional,
  isManager,
  isPartner: false,
  professional: { id: idProfessional, name },
});
const project = (idStatus: number) => ({
  id: 3,
  code: 'DEMO-SETUP',
  name: 'Demo Setup Project',
  idStatus,
  projectTeam: [member(6, 'Marcos Moura', true), member(9, 'Carla Costa'), member(10, 'Ivan Ito')],
  projectSession: [{ id: 30, isSetup: true }],
});
const STAKEHOLDERS = [
  {
    id: 1,
    idSession: 30,
    name: 'Helena Souza',
    idProfessionalResponsible: 6,
    position: 'Chief Financial Officer',
    birthday: '1975-04-12',
    language: 'Portuguese',
    currentStatus: 1,
    actionPlan: 'Bi-weekly steering updates.',
    createAt: '2026-01-05T10:00:00.000Z',
    version: 1,
  },
  ...[2, 3, 4, 5].map((s) => ({
    id: s,
    idSession: 30,
    name: `Person ${s}`,
    idProfessionalResponsible: null,
    position: null,
    birthday: null,
    language: null,
    currentStatus: s,
    actionPlan: null,
    createAt: '2026-01-05T10:00:00.000Z',
    version: 1,
  })),
];
const CANDIDATES = [
  {
    ...STAKEHOLDERS[1]!,
    id: 201,
    name: 'Kenji Sato',
    idSession: 40,
    currentStatus: 4,
    position: 'IT Director',
    projectCode: 'DEMO-DURING',
    projectName: 'Demo During Project',
  },
  {
    ...STAKEHOLDERS[1]!,
    id: 202,
    name: 'Renata Lopes',
    idSession: 41,
    idProfessionalResponsible: 10,
    birthday: '1983-03-14',
    currentStatus: 1,
    language: 'Portuguese',
    actionPlan: 'Weekly',
    projectCode: 'DEMO-READY',
    projectName: 'Demo Ready',
  },
  {
    ...STAKEHOLDERS[1]!,
    id: 203,
    name: 'Sofia Martins',
    idSession: 41,
    currentStatus: 2,
    projectCode: 'DEMO-READY',
    projectName: 'Demo Ready',
  },
];

type Call = { method: string; url: string; body?: unknown };

function setup(idStatus: number, overrides: Parameters<typeof server.use> = []) {
  const calls: Call[] = [];
  let list = [...STAKEHOLDERS];
  localStorage.setItem('portal.accessToken', fakeToken(CARLA));
  server.use(
    ...overrides,
    http.get('/api/projects/3', () => HttpResponse.json(project(idStatus))),
    http.get('/master/positions', () =>
      HttpResponse.json([
        { ID: 12, Name: 'Chief Financial Officer' },
        { ID: 27, Name: 'IT Director' },
      ]),
    ),
    http.get('/master/languages', () =>
      HttpResponse.json([
        { ID: 1, Name: 'English' },
        { ID: 2, Name: 'Portuguese' },
      ]),
    ),
    http.get('/api/project/3/stakeholders/sessions/30', () => HttpResponse.json(list)),
    http.get('/api/project/3/stakeholders/sessions/30/client', () => HttpResponse.json(CANDIDATES)),
    http.post('/api/project/3/stakeholders/sessions/30', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.push({ method: 'POST', url: '/api/project/3/stakeholders/sessions/30', body });
      const rec = { ...STAKEHOLDERS[1]!, id: 300 + calls.length, name: body.name as string };
      list = [...list, rec];
      return HttpResponse.json(rec, { status: 201 });
    }),
  );
  renderWithProviders(
    <SessionProvider>
      <Routes>
        <Route path="/project/:id/setup/stakeholders" element={<StakeholdersPage />} />
      </Routes>
    </SessionProvider>,
    { path: '/project/3/setup/stakeholders' },
  );
  return calls;
}

describe('Setup › Stakeholders', () => {
  it('shows every column: responsible name from the team, birthday dd MMM yyyy, status dots with Gray for 5', async () => {
    setup(2);
    expect(await screen.findByRole('heading', { name: 'Stakeholders' })).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'Stakeholders' });
    const row = (await within(grid).findByText('Helena Souza')).closest('[role="row"]') as HTMLElement;
    for (const text of [
      'Marcos Moura',
      'Chief Financial Officer',
      '12 Apr 1975',
      'Portuguese',
      'Bi-weekly steering updates.',
    ])
      expect(within(row).getByText(text)).toBeInTheDocument();
    for (const label of ['Green', 'Yellow', 'Red', 'Blue', 'Gray'])
      expect(within(grid).getByRole('img', { name: label })).toBeInTheDocument();
    expect(within(grid).queryByRole('img', { name: 'Legacy' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add stakeholder' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import from Client Past Projects' })).toBeInTheDocument();
  });

  it('is read-only for a member outside Setup: no add, import, edit or delete', async () => {
    setup(3);
    const grid = await screen.findByRole('grid', { name: 'Stakeholders' });
    await within(grid).findByText('Helena Souza');
    expect(screen.queryByRole('button', { name: 'Add stakeholder' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import from Client Past Projects' })).toBeNull();
    expect(within(grid).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(grid).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('requires the name: "Stakeholder name is required", nothing sent', async () => {
    const calls = setup(2);
    await screen.findByText('Helena Souza');
    await userEvent.click(screen.getByRole('button', { name: 'Add stakeholder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stakeholders' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Responsible professional' }));
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Marcos Moura', 'Carla Costa', 'Ivan Ito']);
    await userEvent.click(screen.getByRole('option', { name: 'Ivan Ito' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Stakeholder name is required')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('imports: none selected warns, two selected → one POST each in the spec casing, "Added with success.", list refreshed', async () => {
    const calls = setup(2);
    await screen.findByText('Helena Souza');
    await userEvent.click(screen.getByRole('button', { name: 'Import from Client Past Projects' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import from Client Past Projects' });
    const grid = await within(dialog).findByRole('grid', { name: 'Client past projects stakeholders' });
    expect(await within(grid).findByText('Kenji Sato')).toBeInTheDocument();
    expect(within(grid).getAllByText('DEMO-READY Demo Ready')).toHaveLength(2);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(dialog).findByText('Please select at least one stakeholder to add.'),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);

    const rowOf = (name: string) => within(grid).getByText(name).closest('[role="row"]') as HTMLElement;
    await userEvent.click(within(rowOf('Renata Lopes')).getByRole('checkbox', { name: 'Select row' }));
    await userEvent.click(within(rowOf('Sofia Martins')).getByRole('checkbox', { name: 'Select row' }));
    expect(within(dialog).queryByText('Please select at least one stakeholder to add.')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Added with success.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.map((c) => c.body)).toEqual([
      {
        name: 'Renata Lopes',
        IDProfessionalResponsible: 10,
        position: null,
        birthday: '1983-03-14',
        language: 'Portuguese',
        CurrentStatus: 1,
        actionPlan: 'Weekly',
      },
      {
        name: 'Sofia Martins',
        IDProfessionalResponsible: null,
        position: null,
        birthday: null,
        language: null,
        CurrentStatus: 2,
        actionPlan: null,
      },
    ]);
    const main = screen.getByRole('grid', { name: 'Stakeholders' });
    expect(await within(main).findByText('Renata Lopes')).toBeInTheDocument();
    expect(within(main).getByText('Sofia Martins')).toBeInTheDocument();
  });

  it('a failed import says "Something went wrong..." and keeps the dialog open', async () => {
    setup(2, [
      http.post('/api/project/3/stakeholders/sessions/30', () =>
        HttpResponse.json({ message: 'boom' }, { status: 500 }),
      ),
    ]);
    await screen.findByText('Helena Souza');
    await userEvent.click(screen.getByRole('button', { name: 'Import from Client Past Projects' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import from Client Past Projects' });
    const grid = await within(dialog).findByRole('grid', { name: 'Client past projects stakeholders' });
    const row = (await within(grid).findByText('Kenji Sato')).closest('[role="row"]') as HTMLElement;
    await userEvent.click(within(row).getByRole('checkbox', { name: 'Select row' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Something went wrong...')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Import from Client Past Projects' })).toBeInTheDocument();
  });
});
