/**
 * Setup people screens (spec 001 §2, §3, §5, §6, §8): Professional DNA, Setup Assessment and Setup
 * Finalization — rules mirrored (read-only states, the assessment refusal), the calls and the messages.
 */
import { describe, expect, it } from 'vitest';
import type { ComponentType } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { SessionProvider } from '@web/api/session-context';
import ProfessionalDnaPage from '@web/features/setup/professional-dna/ProfessionalDnaPage';
import SetupAssessmentPage from '@web/features/setup/assessment/SetupAssessmentPage';
import SetupFinalizationPage from '@web/features/setup/finalization/SetupFinalizationPage';
import { server } from '../../msw-server';
import { USERS, fakeToken, renderWithProviders } from '../../render';

const CARLA = {
  ...USERS.marcos,
  userName: 'Carla Costa',
  email: 'carla.consultant@example.com',
  login: 'carla.consultant',
  professionalId: 9,
};
const person = (id: number, name: string) => ({ id, name, email: `${id}@example.com` });
const member = (id: number, name: string, role: { isManager?: boolean; isPartner?: boolean } = {}) => ({
  id: 100 + id,
  idProfessional: id,
  isManager: !!role.isManager,
  isPartner: !!role.isPartner,
  isOnePageAllow: false,
  professional: person(id, name),
});
const TEAM = [
  member(6, 'Marcos Moura', { isManager: true }),
  member(7, 'Paula Pereira', { isPartner: true }),
  member(8, 'Dora Duarte'),
  member(9, 'Carla Costa'),
  member(10, 'Ivan Ito'),
];
const project = (idStatus: number, team = TEAM) => ({
  id: 3,
  code: 'DEMO-SETUP',
  name: 'Setup project',
  idStatus,
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

interface Call {
  method: string;
  url: string;
  body?: unknown;
  ifMatch: string | null;
}

/** Renders one screen at /project/3/setup/<path> for `user` on a project at `status`. */
function renderPage(
  Page: ComponentType,
  path: string,
  { user = CARLA as object, status = 2, team = TEAM, handlers = [] as Parameters<typeof server.use> } = {},
) {
  localStorage.setItem('portal.accessToken', fakeToken(user as Record<string, unknown>));
  const calls: Call[] = [];
  const record = async (request: Request) => {
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.clone().text();
    calls.push({
      method: request.method,
      url: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : undefined,
      ifMatch: request.headers.get('if-match'),
    });
  };
  server.use(
    ...handlers,
    http.get('/api/projects/3', () => HttpResponse.json(project(status, team))),
    http.get('/api/projects/3/kpis', () => HttpResponse.json({})),
  );
  renderWithProviders(
    <SessionProvider>
      <Routes>
        <Route path={`/project/:id/setup/${path}`} element={<Page />} />
      </Routes>
    </SessionProvider>,
    { path: `/project/3/setup/${path}` },
  );
  return { calls, record };
}

/* ------------------------------------------------------------------------------------------------ */

const DNA = [
  {
    id: 51,
    idProject: 3,
    idProjectProfessionalDna: 5,
    idProfessional: 9,
    professional: person(9, 'Carla Costa'),
    goalsForProject: 'Lead one workstream',
    individualNeeds: 'Flexible Fridays',
    version: 2,
  },
  {
    id: 52,
    idProject: 3,
    idProjectProfessionalDna: 5,
    idProfessional: 10,
    professional: person(10, 'Ivan Ito'),
    goalsForProject: 'Learn modelling',
    individualNeeds: null,
    version: 1,
  },
];

function renderDna(opts: { status?: number; user?: object; handlers?: Parameters<typeof server.use> } = {}) {
  const r = renderPage(ProfessionalDnaPage, 'professional-dna', {
    ...opts,
    handlers: [
      ...(opts.handlers ?? []),
      http.get('/api/professional-dnas/project/3/session-type/1', () => HttpResponse.json(DNA)),
      http.post('/api/professional-dnas/project/3/session-type/1', async ({ request }) => {
        await r.record(request);
        const body = (await request.clone().json()) as { idProfessional: number };
        return HttpResponse.json(
          { ...DNA[1], id: 53, ...body, professional: person(body.idProfessional, 'Dora Duarte') },
          { status: 201 },
        );
      }),
      http.put('/api/professional-dnas/:rowId', async ({ request }) => {
        await r.record(request);
        const body = (await request.clone().json()) as object;
        return HttpResponse.json({ ...DNA[0], ...body, version: 3 });
      }),
      http.delete('/api/professional-dnas/:rowId', async ({ request }) => {
        await r.record(request);
        return new HttpResponse(null, { status: 204 });
      }),
    ],
  });
  return r; // the handlers run at request time, after `r` exists
}

describe('Professional DNA (setup)', () => {
  it('shows the grid Professional, Goals for the Project, Individual needs to be guaranteed, 10 a page', async () => {
    renderDna();
    expect(await screen.findByRole('heading', { name: 'Professional DNA' })).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'Professional DNA' });
    for (const h of ['Professional', 'Goals for the Project', 'Individual needs to be guaranteed'])
      expect(within(grid).getByRole('button', { name: h })).toBeInTheDocument();
    expect(within(grid).getByText('Lead one workstream')).toBeInTheDocument();
    expect(within(grid).getByText('Ivan Ito')).toBeInTheDocument();
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
    expect(within(grid).getAllByRole('button', { name: 'Edit' })).toHaveLength(2);
  });

  it('pages by 10 (spec 001 §9)', async () => {
    const many = Array.from({ length: 12 }, (_, i) => ({
      ...DNA[1],
      id: 200 + i,
      goalsForProject: `Goal ${String(i + 1).padStart(2, '0')}`,
    }));
    renderDna({
      handlers: [http.get('/api/professional-dnas/project/3/session-type/1', () => HttpResponse.json(many))],
    });
    const grid = await screen.findByRole('grid', { name: 'Professional DNA' });
    expect(await screen.findByText('1–10 of 12')).toBeInTheDocument();
    expect(within(grid).getAllByText(/^Goal \d\d$/)).toHaveLength(10);
  });

  it('is read-only outside Setup for a member: no add, edit or delete', async () => {
    renderDna({ status: 3 });
    const grid = await screen.findByRole('grid', { name: 'Professional DNA' });
    expect(await within(grid).findByText('Lead one workstream')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(within(grid).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(grid).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('an Admin edits outside Setup; the edit sends the row merged with the change and its version', async () => {
    const { calls } = renderDna({ status: 3, user: USERS.alice });
    const grid = await screen.findByRole('grid', { name: 'Professional DNA' });
    fireEvent.click((await within(grid).findAllByRole('button', { name: 'Edit' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Professional DNA' });
    const goals = await within(dialog).findByRole('textbox', { name: 'Goals for the Project' });
    await userEvent.clear(goals);
    await userEvent.type(goals, 'Coach Ivan');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/professional-dnas/51',
      body: { idProfessional: 9, goalsForProject: 'Coach Ivan', individualNeeds: 'Flexible Fridays' },
      ifMatch: '"2"',
    });
    expect((await screen.findAllByText('Saved')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(grid).findByText('Coach Ivan')).toBeInTheDocument();
  });

  it('adds a row for a team member (the lookup offers the team only)', async () => {
    const { calls } = renderDna();
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Professional DNA' });
    await userEvent.click(await within(dialog).findByRole('combobox', { name: /Professional/ }));
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Carla Costa', 'Dora Duarte', 'Ivan Ito', 'Marcos Moura', 'Paula Pereira']);
    await userEvent.click(screen.getByRole('option', { name: 'Dora Duarte' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Goals for the Project' }), 'Mentor');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeDefined());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      idProfessional: 8,
      goalsForProject: 'Mentor',
      individualNeeds: null,
    });
    const grid = screen.getByRole('grid', { name: 'Professional DNA' });
    expect(await within(grid).findByText('Mentor')).toBeInTheDocument();
  });

  it('a refused add stays in the dialog with the server’s message; the professional is required', async () => {
    renderDna({
      handlers: [
        http.post('/api/professional-dnas/project/3/session-type/1', () =>
          HttpResponse.json(
            {
              statusCode: 409,
              error: 'Conflict',
              message: 'Carla Costa already has a DNA row on this project',
            },
            { status: 409 },
          ),
        ),
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Professional DNA' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Professional is required')).toBeInTheDocument();
    await userEvent.click(await within(dialog).findByRole('combobox', { name: /Professional/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Carla Costa' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Carla Costa already has a DNA row on this project'),
    ).toBeInTheDocument();
  });

  it('deletes after confirmation', async () => {
    const { calls } = renderDna();
    const grid = await screen.findByRole('grid', { name: 'Professional DNA' });
    fireEvent.click((await within(grid).findAllByRole('button', { name: 'Delete' }))[1]!);
    const confirm = await screen.findByRole('dialog', { name: 'Delete' });
    expect(
      within(confirm).getByText('Are you sure you want to delete this professional DNA?'),
    ).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: /Confirm|Delete|Yes/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/professional-dnas/52'),
    );
    await waitFor(() => expect(within(grid).queryByText('Ivan Ito')).toBeNull());
  });
});

/* ------------------------------------------------------------------------------------------------ */

const ASSESSMENT = {
  idProject: 3,
  idProfessional: 9,
  rating: 8,
  ratingDescription: 'Good kick-off',
  watchedToolkit: 1,
  doYouFeelComfortable: 3,
  howCouldBeenDoneBetter: 'More time',
  version: 1,
};

function renderAssessment(
  opts: { status?: number; user?: object; team?: typeof TEAM; patch?: (body: any) => Response } = {},
) {
  let version = ASSESSMENT.version;
  let current: Record<string, unknown> = { ...ASSESSMENT };
  const r = renderPage(SetupAssessmentPage, 'assessment', {
    ...opts,
    handlers: [
      http.get('/api/project-setup-assessments/project/3', () => HttpResponse.json(current)),
      http.patch('/api/project-setup-assessments/project/3', async ({ request }) => {
        await r.record(request);
        const body = (await request.clone().json()) as Record<string, unknown>;
        if (opts.patch) return opts.patch(body);
        version += 1;
        current = { ...current, ...body, version };
        return HttpResponse.json(current);
      }),
    ],
  });
  return r;
}

const radio = (group: string, label: string) =>
  within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name: label });

describe('Setup Assessment', () => {
  it('shows the spec’s refusal (no form, no assessment call) to the manager, a partner and non-members', async () => {
    const cases: [object, string][] = [
      [USERS.marcos, 'You are not able to fill the setup assessment because you are the project manager'],
      [
        { ...CARLA, professionalId: 7 },
        'You are not able to fill the setup assessment because you are a partner',
      ],
      [USERS.alice, 'You are not able to fill the setup assessment because you are not part of the team'],
    ];
    for (const [user, message] of cases) {
      const { calls } = renderAssessment({ user });
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(screen.queryByRole('form', { name: 'Setup Assessment' })).toBeNull();
      expect(screen.queryByRole('radio')).toBeNull();
      expect(calls).toEqual([]);
      localStorage.clear();
      document.body.innerHTML = '';
    }
  });

  it('shows the member’s record: rating 1–10, the toolkit and comfort questions, the two texts', async () => {
    renderAssessment();
    const form = await screen.findByRole('form', { name: 'Setup Assessment' });
    const ratings = within(screen.getByRole('radiogroup', { name: 'Rating' })).getAllByRole('radio');
    expect(ratings.map((r) => (r as HTMLInputElement).value)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
    expect(radio('Rating', '8')).toBeChecked();
    expect(
      within(screen.getByRole('radiogroup', { name: 'Did you watch the toolkit?' })).getAllByRole('radio'),
    ).toHaveLength(3);
    expect(radio('Did you watch the toolkit?', 'Yes')).toBeChecked();
    expect(radio('Did you watch the toolkit?', 'No toolkits available')).not.toBeChecked();
    expect(radio('Do you feel comfortable?', 'Partial')).toBeChecked();
    expect(within(form).getByRole('textbox', { name: 'Rating description' })).toHaveValue('Good kick-off');
    expect(within(form).getByRole('textbox', { name: 'How could it have been done better?' })).toHaveValue(
      'More time',
    );
    for (const r of within(form).getAllByRole('radio')) expect(r).toBeEnabled();
  });

  it('a radio saves at once with the record’s version; a text saves on leaving it with the next version', async () => {
    const { calls } = renderAssessment();
    await screen.findByRole('form', { name: 'Setup Assessment' });
    await userEvent.click(radio('Rating', '10'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: 'PATCH',
      url: '/api/project-setup-assessments/project/3',
      body: { rating: 10 },
      ifMatch: '"1"',
    });
    expect((await screen.findAllByText('Saved')).length).toBeGreaterThan(0);
    const text = screen.getByRole('textbox', { name: 'Rating description' });
    await userEvent.clear(text);
    await userEvent.type(text, 'Very good');
    fireEvent.blur(text);
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toMatchObject({ body: { ratingDescription: 'Very good' }, ifMatch: '"2"' });
    await userEvent.click(radio('Did you watch the toolkit?', 'No toolkits available'));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toMatchObject({ body: { watchedToolkit: 3 }, ifMatch: '"3"' });
    await userEvent.click(radio('Do you feel comfortable?', 'No'));
    await waitFor(() => expect(calls).toHaveLength(4));
    expect(calls[3]).toMatchObject({ body: { doYouFeelComfortable: 2 }, ifMatch: '"4"' });
  });

  it('says "Something went wrong" when a save fails; the next change saves', async () => {
    let failures = 1;
    renderAssessment({
      patch: (body) =>
        failures-- > 0
          ? HttpResponse.json(
              { statusCode: 400, error: 'Bad Request', message: 'Invalid request' },
              { status: 400 },
            )
          : HttpResponse.json({ ...ASSESSMENT, ...body, version: 2 }),
    });
    await screen.findByRole('form', { name: 'Setup Assessment' });
    await userEvent.click(radio('Rating', '3'));
    expect((await screen.findAllByText('Something went wrong')).length).toBeGreaterThan(0);
    await userEvent.click(radio('Rating', '4'));
    expect((await screen.findAllByText('Saved')).length).toBeGreaterThan(0);
  });

  it('is read-only for a member outside Setup; an Admin member may still change it', async () => {
    const { calls } = renderAssessment({ status: 3 });
    const form = await screen.findByRole('form', { name: 'Setup Assessment' });
    expect(
      screen.getByText('The setup assessment can be changed only while the project is in Setup'),
    ).toBeInTheDocument();
    for (const r of within(form).getAllByRole('radio')) expect(r).toBeDisabled();
    for (const t of within(form).getAllByRole('textbox')) expect(t).toHaveAttribute('readonly');
    fireEvent.click(radio('Rating', '2'));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
    localStorage.clear();
    document.body.innerHTML = '';

    const adminMember = { ...USERS.alice, professionalId: 8 }; // Dora's seat, with the Admin scope
    renderAssessment({ status: 3, user: adminMember });
    const editable = await screen.findByRole('form', { name: 'Setup Assessment' });
    for (const r of within(editable).getAllByRole('radio')) expect(r).toBeEnabled();
    expect(
      screen.queryByText('The setup assessment can be changed only while the project is in Setup'),
    ).toBeNull();
  });
});

/* ------------------------------------------------------------------------------------------------ */

const FINAL = [
  {
    id: 71,
    idProject: 3,
    idProfessional: 9,
    professional: person(9, 'Carla Costa'),
    presenceType: 'Physical',
    hasAssessment: true,
    version: 1,
  },
  {
    id: 72,
    idProject: 3,
    idProfessional: 8,
    professional: person(8, 'Dora Duarte'),
    presenceType: 'VC',
    hasAssessment: false,
    version: 4,
  },
];

function renderFinalization(opts: { status?: number; user?: object } = {}) {
  const r = renderPage(SetupFinalizationPage, 'finalization', {
    ...opts,
    handlers: [
      http.get('/api/project-setup-finalizations/project/3', () => HttpResponse.json(FINAL)),
      http.post('/api/project-setup-finalizations', async ({ request }) => {
        await r.record(request);
        const body = (await request.clone().json()) as { idProfessional: number; presenceType: string };
        return HttpResponse.json(
          { ...FINAL[1], ...body, id: 73, professional: person(body.idProfessional, 'Ivan Ito'), version: 1 },
          { status: 201 },
        );
      }),
      http.put('/api/project-setup-finalizations/:rowId', async ({ request }) => {
        await r.record(request);
        const body = (await request.clone().json()) as object;
        return HttpResponse.json({ ...FINAL[1], ...body, version: 5 });
      }),
      http.delete('/api/project-setup-finalizations/:rowId', async ({ request }) => {
        await r.record(request);
        return new HttpResponse(null, { status: 204 });
      }),
    ],
  });
  return r;
}

describe('Setup Finalization', () => {
  it('lists professionals with presence type dropdowns and the read-only assessment mark', async () => {
    renderFinalization();
    expect(await screen.findByRole('heading', { name: 'Setup Finalization' })).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'Setup Finalization' });
    for (const h of ['Professional', 'Presence Type', 'Assessment'])
      expect(within(grid).getByRole('button', { name: h })).toBeInTheDocument();
    const carla = (await within(grid).findByText('Carla Costa')).closest('[role="row"]') as HTMLElement;
    expect(within(carla).getByRole('combobox', { name: 'Presence type of Carla Costa' })).toHaveTextContent(
      'Physical',
    );
    expect(within(carla).getByText('Yes')).toBeInTheDocument();
    const dora = within(grid).getByText('Dora Duarte').closest('[role="row"]') as HTMLElement;
    expect(within(dora).getByText('No')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
    expect(within(grid).getAllByRole('button', { name: 'Delete' })).toHaveLength(2);
    expect(within(grid).queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('changing a presence type saves at once with the row’s version and says "Saved"', async () => {
    const { calls } = renderFinalization();
    const grid = await screen.findByRole('grid', { name: 'Setup Finalization' });
    await userEvent.click(
      await within(grid).findByRole('combobox', { name: 'Presence type of Dora Duarte' }),
    );
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Physical', 'Call', 'VC', 'Not Present']);
    await userEvent.click(screen.getByRole('option', { name: 'Not Present' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: 'PUT',
      url: '/api/project-setup-finalizations/72',
      body: { presenceType: 'Not Present' },
      ifMatch: '"4"',
    });
    expect((await screen.findAllByText('Saved')).length).toBeGreaterThan(0);
    await waitFor(() =>
      expect(within(grid).getByRole('combobox', { name: 'Presence type of Dora Duarte' })).toHaveTextContent(
        'Not Present',
      ),
    );
  });

  it('adds a team member with idProject in the body', async () => {
    const { calls } = renderFinalization();
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Setup Finalization' });
    const [who, presence] = await within(dialog).findAllByRole('combobox');
    await userEvent.click(who!);
    await userEvent.click(screen.getByRole('option', { name: 'Ivan Ito' }));
    await userEvent.click(presence!);
    await userEvent.click(screen.getByRole('option', { name: 'Call' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeDefined());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      idProfessional: 10,
      presenceType: 'Call',
      idProject: 3,
    });
    const grid = screen.getByRole('grid', { name: 'Setup Finalization' });
    expect(await within(grid).findByText('Ivan Ito')).toBeInTheDocument();
  });

  it('is read-only outside Setup for a member: text instead of dropdowns, no add or delete', async () => {
    renderFinalization({ status: 3 });
    const grid = await screen.findByRole('grid', { name: 'Setup Finalization' });
    expect(await within(grid).findByText('Physical')).toBeInTheDocument();
    expect(within(grid).queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(within(grid).queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
