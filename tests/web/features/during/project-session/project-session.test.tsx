import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { server } from '../../../msw-server';
import { fakeToken, openDialogWith, renderWithProviders } from '../../../render';
import { SessionProvider } from '@web/api/session-context';
import ProjectSessionPage from '@web/features/during/project-session/ProjectSessionPage';
import { MARCOS, OSCAR, PROJECT, person, session } from './fixtures';

const GIL = person('gil.governance', 2, ['API.Portal.OnePage']);
const OPEN = session(41, { createdAt: '2026-03-17T09:00:00.000Z', discussionFocus: 'Pricing review' });
const SUBMITTED = session(40, {
  discussionFocus: 'Mid-project alignment',
  submittedAt: '2026-03-11T10:00:00.000Z',
  idSubmittedBy: 6,
  adjustScope: 2,
  deliveringClientNeeds: 1,
  discussionOutcomes: 'Client confirmed priorities.',
});

type Call = { method: string; url: string; body?: unknown; ifMatch?: string | null };
async function record(calls: Call[], request: Request) {
  const text = await request.text();
  calls.push({
    method: request.method,
    url: new URL(request.url).pathname,
    body: text ? JSON.parse(text) : undefined,
    ifMatch: request.headers.get('if-match'),
  });
}

function setup(user = MARCOS, overrides: Parameters<typeof server.use> = []) {
  const calls: Call[] = [];
  localStorage.setItem('portal.accessToken', fakeToken(user));
  server.use(
    ...overrides,
    http.get('/api/projects/3', () => HttpResponse.json(PROJECT)),
    http.get('/api/projects/3/sessions', () => HttpResponse.json([OPEN, SUBMITTED])),
    http.get('/api/projects/3/sessions/41', () => HttpResponse.json({ ...OPEN, version: 4 })),
    http.get('/api/projects/3/sessions/40', () => HttpResponse.json({ ...SUBMITTED, version: 2 })),
  );
  renderWithProviders(
    <SessionProvider>
      <Routes>
        <Route path="/project/:id/during/project-session" element={<ProjectSessionPage />} />
      </Routes>
    </SessionProvider>,
    { path: '/project/3/during/project-session' },
  );
  return calls;
}

const rowOf = async (grid: HTMLElement, text: string) =>
  (await within(grid).findByText(text)).closest('[role="row"]') as HTMLElement;
const bodyRows = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('row')
    .filter((r) => within(r).queryAllByRole('gridcell').length > 0);

describe('During › Project Session page', () => {
  it('lists the sessions newest first: Created dd MMM yyyy, focus, the dialog buttons, Submit / Undo; a submitted row has no edit or delete', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Project Session' })).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'Project Session' });
    await within(grid).findByText('Pricing review');
    for (const title of [
      'Created',
      'Discussion Focus',
      'Tech DNA',
      'Stakeholder',
      'Roles & Responsibilities',
      'Submit',
    ])
      expect(within(grid).getByRole('columnheader', { name: new RegExp(`^${title}`) })).toBeInTheDocument();
    const rows = bodyRows(grid);
    expect(rows.map((r) => within(r).getAllByRole('gridcell')[0]!.textContent)).toEqual([
      '17 Mar 2026',
      '10 Mar 2026',
    ]);
    const open = rows[0]!;
    const submitted = rows[1]!;
    for (const name of ['Tech DNA', 'Stakeholder', 'Roles & Responsibilities', 'Submit', 'Edit', 'Delete'])
      expect(within(open).getByRole('button', { name }), name).toBeInTheDocument();
    expect(within(submitted).getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(within(submitted).getByRole('button', { name: 'Tech DNA' })).toBeInTheDocument();
    expect(within(submitted).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(submitted).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add session' })).toBeInTheDocument();
  });

  it('adds a session through the popup: POST with the discussion focus, "Saved", the new row first', async () => {
    const calls: Call[] = [];
    setup(MARCOS, [
      http.post('/api/projects/3/sessions', async ({ request }) => {
        await record(calls, request);
        return HttpResponse.json(
          session(42, { createdAt: '2026-03-20T09:00:00.000Z', discussionFocus: 'Steering prep' }),
          { status: 201 },
        );
      }),
    ]);
    const grid = await screen.findByRole('grid', { name: 'Project Session' });
    await within(grid).findByText('Pricing review');
    await userEvent.click(screen.getByRole('button', { name: 'Add session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Project Session' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Discussion Focus' }), 'Steering prep');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/projects/3/sessions',
        body: { discussionFocus: 'Steering prep' },
        ifMatch: null,
      },
    ]);
    await waitFor(() => expect(bodyRows(grid)[0]).toHaveTextContent('Steering prep'));
  });

  it('edits the discussion focus from the stored session: PUT with its version as If-Match', async () => {
    const calls: Call[] = [];
    setup(MARCOS, [
      http.put('/api/projects/3/sessions/41', async ({ request }) => {
        await record(calls, request);
        return HttpResponse.json({ ...OPEN, discussionFocus: 'Pricing and margins', version: 5 });
      }),
    ]);
    const grid = await screen.findByRole('grid', { name: 'Project Session' });
    await userEvent.click(within(await rowOf(grid, 'Pricing review')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Project Session' });
    const focus = within(dialog).getByRole('textbox', { name: 'Discussion Focus' });
    expect(focus).toHaveValue('Pricing review');
    await userEvent.clear(focus);
    await userEvent.type(focus, 'Pricing and margins');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'PUT',
        url: '/api/projects/3/sessions/41',
        body: { discussionFocus: 'Pricing and margins' },
        ifMatch: '"4"',
      },
    ]);
    expect(await within(grid).findByText('Pricing and margins')).toBeInTheDocument();
  });

  it('deletes after the confirmation and removes the row', async () => {
    const calls: Call[] = [];
    setup(MARCOS, [
      http.delete('/api/projects/3/sessions/41', async ({ request }) => {
        await record(calls, request);
        return new HttpResponse(null, { status: 204 });
      }),
    ]);
    const grid = await screen.findByRole('grid', { name: 'Project Session' });
    await userEvent.click(
      within(await rowOf(grid, 'Pricing review')).getByRole('button', { name: 'Delete' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    expect(
      within(dialog).getByText('Are you sure you want to delete this project session?'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(grid).queryByText('Pricing review')).toBeNull());
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['DELETE /api/projects/3/sessions/41']);
  });

  it('submits after the "Submit" confirmation, then offers Undo ("Undo Submit"); Cancel sends nothing', async () => {
    const calls: Call[] = [];
    setup(MARCOS, [
      http.patch('/api/projects/3/sessions/41/submit', async ({ request }) => {
        await record(calls, request);
        return HttpResponse.json({
          ...OPEN,
          submittedAt: '2026-03-18T10:00:00.000Z',
          idSubmittedBy: 6,
          version: 5,
        });
      }),
      http.patch('/api/projects/3/sessions/41/unsubmit', async ({ request }) => {
        await record(calls, request);
        return HttpResponse.json({ ...OPEN, version: 6 });
      }),
    ]);
    const grid = await screen.findByRole('grid', { name: 'Project Session' });
    const row = () => rowOf(grid, 'Pricing review');
    const rowNow = () => within(grid).getByText('Pricing review').closest<HTMLElement>('[role="row"]')!;
    await userEvent.click(within(await row()).getByRole('button', { name: 'Submit' }));
    let dialog = await screen.findByRole('dialog', { name: 'Submit' });
    expect(
      within(dialog).getByText('Are you sure you want to submit the project session?'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);

    dialog = await openDialogWith(() => within(rowNow()).getByRole('button', { name: 'Submit' }), 'Submit');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(await row()).findByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(within(await row()).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(await row()).queryByRole('button', { name: 'Delete' })).toBeNull();

    await within(await row()).findByRole('button', { name: 'Undo' });
    dialog = await openDialogWith(
      () => within(rowNow()).getByRole('button', { name: 'Undo' }),
      'Undo Submit',
    );
    expect(
      within(dialog).getByText('Are you sure you want to undo the submit of the project session?'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(await row()).findByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'PATCH /api/projects/3/sessions/41/submit',
      'PATCH /api/projects/3/sessions/41/unsubmit',
    ]);
  });

  it('a refused submit says "Something went wrong" and keeps the confirmation with the reason', async () => {
    setup(MARCOS, [
      http.patch('/api/projects/3/sessions/41/submit', () =>
        HttpResponse.json(
          { statusCode: 409, error: 'Conflict', message: 'This session is already submitted' },
          { status: 409 },
        ),
      ),
    ]);
    const grid = await screen.findByRole('grid', { name: 'Project Session' });
    await userEvent.click(
      within(await rowOf(grid, 'Pricing review')).getByRole('button', { name: 'Submit' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Submit' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(await within(dialog).findByText('This session is already submitted')).toBeInTheDocument();
  });

  it('Gil (OnePage scope, not on the team) may work on sessions', async () => {
    setup(GIL);
    const grid = await screen.findByRole('grid', { name: 'Project Session' });
    expect(
      within(await rowOf(grid, 'Pricing review')).getByRole('button', { name: 'Submit' }),
    ).toBeInTheDocument();
  });

  it('an outsider sees the refusal and no sessions (nothing asked of the server)', async () => {
    setup(OSCAR);
    expect(await screen.findByText('Only team members may work on project sessions')).toBeInTheDocument();
    expect(screen.queryByRole('grid')).toBeNull();
  });
});

describe('Tech DNA dialog', () => {
  it('has the five tabs; an open session saves the answers (PUT, If-Match) and the texts (PATCH on leaving them)', async () => {
    const calls: Call[] = [];
    let version = 4;
    setup(MARCOS, [
      http.put('/api/projects/3/sessions/41', async ({ request }) => {
        await record(calls, request);
        version++;
        return HttpResponse.json({ ...OPEN, adjustScope: 3, version });
      }),
      http.patch('/api/projects/3/sessions/41', async ({ request }) => {
        await record(calls, request);
        version++;
        return HttpResponse.json({ ...OPEN, adjustScope: 3, ...(calls.at(-1)!.body as object), version });
      }),
      http.get('/api/project/3/risks/session/41', () =>
        HttpResponse.json([
          { id: 7, idSession: 41, risk: 'Budget cut', riskStatus: 5, observation: null, version: 1 },
        ]),
      ),
    ]);
    const grid = await screen.findByRole('grid', { name: 'Project Session' });
    await userEvent.click(
      within(await rowOf(grid, 'Pricing review')).getByRole('button', { name: 'Tech DNA' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Tech DNA' });
    // the five tabs in the spec's order (001 §2)
    const tabs = within(dialog).getAllByRole('tab');
    expect(
      ['Project Session', 'Client Expectations', 'Deliverables', 'Risks', 'Discussion Outcomes'].map((name) =>
        tabs.indexOf(within(dialog).getByRole('tab', { name })),
      ),
    ).toEqual([0, 1, 2, 3, 4]);
    const adjust = await within(dialog).findByRole('radiogroup', { name: 'Adjust Scope' });
    expect(
      within(adjust)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['1', '2', '3']);
    expect(within(adjust).getByLabelText('Partially')).toBeInTheDocument();
    await userEvent.click(within(adjust).getByLabelText('Partially'));
    expect((await screen.findAllByText('Saved')).length).toBeGreaterThan(0); // the toast and the field's state
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: 'PUT',
      url: '/api/projects/3/sessions/41',
      body: { adjustScope: 3 },
      ifMatch: '"4"',
    });

    const obs = within(dialog).getByRole('textbox', { name: 'Adjust Scope Observation' });
    await userEvent.type(obs, 'Pilot only');
    await userEvent.tab(); // leaving the field saves at once
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual({
      method: 'PATCH',
      url: '/api/projects/3/sessions/41',
      body: { adjustScopeObs: 'Pilot only' },
      ifMatch: '"5"',
    });

    await userEvent.click(within(dialog).getByRole('tab', { name: 'Discussion Outcomes' }));
    const outcomes = await within(dialog).findByRole('textbox', { name: 'Discussion Outcomes' });
    await userEvent.type(outcomes, 'Agreed next steps');
    await userEvent.tab();
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toMatchObject({ body: { discussionOutcomes: 'Agreed next steps' }, ifMatch: '"6"' });

    await userEvent.click(within(dialog).getByRole('tab', { name: 'Risks' }));
    const risks = await within(dialog).findByRole('grid', { name: 'Risks' });
    expect(await within(risks).findByText('Budget cut')).toBeInTheDocument();
    expect(within(risks).getByRole('img', { name: 'Legacy' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add risk' })).toBeInTheDocument();
    expect(within(risks).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('a submitted session is read-only: answers disabled, texts read-only, no add / edit / delete in the grids', async () => {
    setup(MARCOS, [
      http.get('/api/project/3/deliverables/session/40', () =>
        HttpResponse.json([{ id: 8, idSession: 40, deliverable: 'Roadmap', detail: 'Week 8', version: 1 }]),
      ),
      http.get('/api/project/3/expectations/session/40', () => HttpResponse.json([])),
    ]);
    const grid = await screen.findByRole('grid', { name: 'Project Session' });
    await userEvent.click(
      within(await rowOf(grid, 'Mid-project alignment')).getByRole('button', { name: 'Tech DNA' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Tech DNA' });
    const adjust = await within(dialog).findByRole('radiogroup', { name: 'Adjust Scope' });
    expect(within(adjust).getByLabelText('No')).toBeChecked();
    for (const r of within(dialog).getAllByRole('radio')) expect(r).toBeDisabled();
    expect(within(dialog).getByRole('textbox', { name: 'Adjust Scope Observation' })).toHaveAttribute(
      'readonly',
    );
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Discussion Outcomes' }));
    const outcomes = await within(dialog).findByRole('textbox', { name: 'Discussion Outcomes' });
    expect(outcomes).toHaveValue('Client confirmed priorities.');
    expect(outcomes).toHaveAttribute('readonly');
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Deliverables' }));
    const deliverables = await within(dialog).findByRole('grid', { name: 'Deliverables' });
    expect(await within(deliverables).findByText('Roadmap')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Add deliverable' })).toBeNull();
    expect(within(deliverables).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(deliverables).queryByRole('button', { name: 'Delete' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Client Expectations' }));
    await within(dialog).findByText('No client expectations yet');
    expect(within(dialog).queryByRole('button', { name: 'Add expectation' })).toBeNull();
  });
});

const STAKEHOLDERS = [1, 2, 3, 4, 5, 1, 2, 3, 4].map((status, i) => ({
  id: 100 + i,
  idSession: 41,
  name: `Person ${i}`,
  idProfessionalResponsible: i === 0 ? 9 : null,
  position: i === 0 ? 'Controller' : null,
  birthday: i === 0 ? '1988-02-21' : null,
  language: null,
  currentStatus: status,
  actionPlan: i === 0 ? 'Share data early' : null,
  createAt: '2026-03-17T09:00:00.000Z',
  version: 1,
}));
const masters = [
  http.get('/master/positions', () => HttpResponse.json([{ ID: 1, Name: 'Controller' }])),
  http.get('/master/languages', () => HttpResponse.json([{ ID: 1, Name: 'English' }])),
];

describe('Stakeholder and Roles & Responsibilities dialogs', () => {
  it('Stakeholder: 8 per page, every column, status dots Green … Legacy; an open session adds through the popup', async () => {
    const calls: Call[] = [];
    setup(MARCOS, [
      ...masters,
      http.get('/api/project/3/stakeholders/sessions/41', () => HttpResponse.json(STAKEHOLDERS)),
      http.post('/api/project/3/stakeholders/sessions/41', async ({ request }) => {
        await record(calls, request);
        return HttpResponse.json({ ...STAKEHOLDERS[1]!, id: 200, name: 'Ana Lima' }, { status: 201 });
      }),
    ]);
    const grid = await screen.findByRole('grid', { name: 'Project Session' });
    await userEvent.click(
      within(await rowOf(grid, 'Pricing review')).getByRole('button', { name: 'Stakeholder' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Stakeholder' });
    const sh = await within(dialog).findByRole('grid', { name: 'Stakeholders' });
    const first = await rowOf(sh, 'Person 0');
    for (const text of ['Carla Costa', 'Controller', '21 Feb 1988', 'Share data early'])
      expect(within(first).getByText(text)).toBeInTheDocument();
    expect(bodyRows(sh)).toHaveLength(8);
    expect(within(dialog).getByText('1–8 of 9')).toBeInTheDocument();
    for (const label of ['Green', 'Yellow', 'Red', 'Blue', 'Legacy'])
      expect(within(sh).getAllByRole('img', { name: label }).length).toBeGreaterThan(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add stakeholder' }));
    const form = await screen.findByRole('dialog', { name: 'Stakeholders' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Stakeholder name' }), 'Ana Lima');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/project/3/stakeholders/sessions/41',
      body: { name: 'Ana Lima', currentStatus: 1 },
    });
  });

  it('Stakeholder of a submitted session: read-only', async () => {
    setup(MARCOS, [
      ...masters,
      http.get('/api/project/3/stakeholders/sessions/40', () => HttpResponse.json(STAKEHOLDERS.slice(0, 2))),
    ]);
    const grid = await screen.findByRole('grid', { name: 'Project Session' });
    await userEvent.click(
      within(await rowOf(grid, 'Mid-project alignment')).getByRole('button', { name: 'Stakeholder' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Stakeholder' });
    const sh = await within(dialog).findByRole('grid', { name: 'Stakeholders' });
    await within(sh).findByText('Person 0');
    expect(within(dialog).queryByRole('button', { name: 'Add stakeholder' })).toBeNull();
    expect(within(sh).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(sh).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('Roles & Responsibilities: professionals are the team, edits merge (If-Match); a submitted session is read-only', async () => {
    const calls: Call[] = [];
    const ROLE = {
      id: 71,
      idSession: 41,
      idProfessional: 9,
      rarSupportingPoint: 'Data model',
      rarTechnicalRole: 'Analysis lead',
      rarNonTechnicalRole: 'Workshops',
      version: 2,
    };
    setup(MARCOS, [
      http.get('/api/project/3/rar/session/41', () => HttpResponse.json([ROLE])),
      http.get('/api/project/3/rar/session/40', () =>
        HttpResponse.json([{ ...ROLE, id: 72, idSession: 40 }]),
      ),
      http.put('/api/project/3/rar/71', async ({ request }) => {
        await record(calls, request);
        return HttpResponse.json({ ...ROLE, idProfessional: 10, version: 3 });
      }),
    ]);
    const grid = await screen.findByRole('grid', { name: 'Project Session' });
    await userEvent.click(
      within(await rowOf(grid, 'Pricing review')).getByRole('button', { name: 'Roles & Responsibilities' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Roles & Responsibilities' });
    const roles = await within(dialog).findByRole('grid', { name: 'Roles and Responsibilities' });
    expect(await within(roles).findByText('Carla Costa')).toBeInTheDocument();
    await userEvent.click(within(roles).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog', { name: 'Roles and Responsibilities' });
    await userEvent.click(within(form).getByRole('combobox', { name: 'Professional' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Marcos Moura', 'Carla Costa', 'Ivan Ito']);
    await userEvent.click(screen.getByRole('option', { name: 'Ivan Ito' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'PUT',
        url: '/api/project/3/rar/71',
        body: {
          idProfessional: 10,
          rarSupportingPoint: 'Data model',
          rarTechnicalRole: 'Analysis lead',
          rarNonTechnicalRole: 'Workshops',
        },
        ifMatch: '"2"',
      },
    ]);
    expect(await within(roles).findByText('Ivan Ito')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Roles and Responsibilities' })).toBeNull(),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(
      within(await rowOf(grid, 'Mid-project alignment')).getByRole('button', {
        name: 'Roles & Responsibilities',
      }),
    );
    const closed = await screen.findByRole('dialog', { name: 'Roles & Responsibilities' });
    const roles2 = await within(closed).findByRole('grid', { name: 'Roles and Responsibilities' });
    await within(roles2).findByText('Carla Costa');
    expect(within(closed).queryByRole('button', { name: 'Add role' })).toBeNull();
    expect(within(roles2).queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
