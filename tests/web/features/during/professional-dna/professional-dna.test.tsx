/**
 * Professional DNA (During) screen (spec 001 §2 "Professional DNA page", §3, §7, §8, §9): the DNA sessions grid
 * (dates dd MMM yyyy, DNA button), the "Professional DNAs" dialog (10 a page, the question and its answers),
 * add / edit / delete with versions, the read-only states (rules/dna.ts) and the toasts.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { SessionProvider } from '@web/api/session-context';
import ProfessionalDnaPage from '@web/features/during/professional-dna/ProfessionalDnaPage';
import { server } from '../../../msw-server';
import { USERS, fakeToken, renderWithProviders } from '../../../render';

const person = (id: number, name: string) => ({ id, name, email: `${id}@example.com` });
const user = (professionalId: number, login: string, userName: string, scopes: string[] = []) => ({
  ...USERS.marcos,
  userName,
  email: `${login}@example.com`,
  login,
  professionalId,
  scopes,
});
const CARLA = user(9, 'carla.consultant', 'Carla Costa');
const OSCAR = user(11, 'oscar.outsider', 'Oscar Oliveira');
const GIL = user(2, 'gil.governance', 'Gil Gomes', ['API.Portal.OnePage']);
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
const project = (idStatus: number) => ({
  id: 3,
  code: 'DEMO-DURING',
  name: 'During project',
  idStatus,
  endDate: null,
  client: null,
  projectManager: null,
  projectPartner: null,
  projectPractices: [],
  projectGeographics: [],
  projectTeam: TEAM,
  projectSession: [{ id: 31, isSetup: true }],
  missingAssessmentNames: '',
  version: 1,
  projectTrainingDevelopment: { tdOportunity: null, text: null, version: 1 },
  closeOutComplete: false,
});

const SESSIONS = [
  {
    id: 41,
    idProject: 3,
    sessionType: 2,
    sessionDate: '2026-03-02',
    sessionNextDate: '2026-03-16',
    createdAt: '2026-03-02T10:00:00Z',
    version: 2,
  },
  {
    id: 40,
    idProject: 3,
    sessionType: 2,
    sessionDate: '2026-02-02',
    sessionNextDate: null,
    createdAt: '2026-02-02T10:00:00Z',
    version: 1,
  },
];
const entry = (id: number, idProfessional: number, name: string, dnaMetExpectation: number | null) => ({
  id,
  idProject: 3,
  idProjectProfessionalDna: 41,
  idProfessional,
  professional: person(idProfessional, name),
  dnaMetExpectation,
  version: 1,
});
const ENTRIES = [
  entry(61, 9, 'Carla Costa', 0),
  entry(62, 10, 'Ivan Ito', 1),
  entry(63, 8, 'Dora Duarte', 2),
];

interface Call {
  method: string;
  url: string;
  body?: unknown;
  ifMatch: string | null;
}
const json = async (request: Request) => {
  const text = await request.clone().text();
  return text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
};

function renderPage({
  who = CARLA as object,
  status = 3,
  entries = ENTRIES as unknown[],
  handlers = [] as Parameters<typeof server.use>,
} = {}) {
  localStorage.setItem('portal.accessToken', fakeToken(who as Record<string, unknown>));
  const calls: Call[] = [];
  const record = async (request: Request) =>
    calls.push({
      method: request.method,
      url: new URL(request.url).pathname,
      body: await json(request),
      ifMatch: request.headers.get('if-match'),
    });
  server.use(
    ...handlers,
    http.get('/api/projects/3', () => HttpResponse.json(project(status))),
    http.get('/api/projects/3/kpis', () => HttpResponse.json({})),
    http.get('/api/project-professional-dnas/project/3/session-type/2', () => HttpResponse.json(SESSIONS)),
    http.post('/api/project-professional-dnas/project/3/session-type/2', async ({ request }) => {
      await record(request);
      const body = await json(request);
      return HttpResponse.json(
        { ...SESSIONS[0], id: 42, sessionNextDate: null, ...body, version: 1 },
        { status: 201 },
      );
    }),
    http.put('/api/project-professional-dnas/:sid', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ ...SESSIONS[0], ...(await json(request)), version: 3 });
    }),
    http.delete('/api/project-professional-dnas/:sid', async ({ request }) => {
      await record(request);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('/api/professional-dnas/project-professional-dna/41', () => HttpResponse.json(entries)),
    http.post('/api/professional-dnas/project-professional-dna/41', async ({ request }) => {
      await record(request);
      const body = (await json(request)) as { idProfessional: number; dnaMetExpectation: number };
      const name = TEAM.find((t) => t.idProfessional === body.idProfessional)!.professional.name;
      return HttpResponse.json(entry(64, body.idProfessional, name, body.dnaMetExpectation), { status: 201 });
    }),
    http.put('/api/professional-dnas/:eid', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ ...ENTRIES[0], ...(await json(request)), version: 2 });
    }),
    http.delete('/api/professional-dnas/:eid', async ({ request }) => {
      await record(request);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  renderWithProviders(
    <SessionProvider>
      <Routes>
        <Route path="/project/:id/during/professional-dna" element={<ProfessionalDnaPage />} />
      </Routes>
    </SessionProvider>,
    { path: '/project/3/during/professional-dna' },
  );
  return { calls };
}

const sessionsGrid = () => screen.findByRole('grid', { name: 'Professional DNA sessions' });
async function openDna(row = 0) {
  const grid = await sessionsGrid();
  await waitFor(() => expect(within(grid).getAllByRole('button', { name: 'DNA' }).length).toBe(2));
  fireEvent.click(within(grid).getAllByRole('button', { name: 'DNA' })[row]!);
  const dialog = await screen.findByRole('dialog', { name: 'Professional DNAs' });
  const grid2 = await within(dialog).findByRole('grid', { name: 'Professional DNAs' });
  return { dialog, grid: grid2 };
}
const dateInput = (dialog: HTMLElement, label: RegExp) =>
  within(dialog).getByLabelText(label) as HTMLInputElement;

describe('Professional DNA sessions grid', () => {
  it('shows Session Date and Next Session Date as dd MMM yyyy, newest first, with a DNA button', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Professional DNA' })).toBeInTheDocument();
    expect(screen.getByText('DURING')).toBeInTheDocument();
    const grid = await sessionsGrid();
    for (const h of ['Session Date', 'Next Session Date'])
      expect(within(grid).getByRole('button', { name: h })).toBeInTheDocument();
    await within(grid).findByText('02 Mar 2026');
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('02 Mar 2026'),
      expect.stringContaining('02 Feb 2026'),
    ]);
    expect(within(rows[0]!).getByText('16 Mar 2026')).toBeInTheDocument();
    expect(within(grid).getAllByRole('button', { name: 'DNA' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
    expect(within(grid).getAllByRole('button', { name: 'Edit' })).toHaveLength(2);
    expect(within(grid).getAllByRole('button', { name: 'Delete' })).toHaveLength(2);
  });

  for (const [label, opts] of [
    ['an outsider', { who: OSCAR }],
    ['a member of a Finished project', { who: CARLA, status: 5 }],
    ['a member of a Draft project', { who: CARLA, status: 1 }],
  ] as const)
    it(`is read-only for ${label}: no add, edit or delete, the DNA dialog read-only too`, async () => {
      renderPage(opts);
      const grid = await sessionsGrid();
      expect(await within(grid).findByText('02 Mar 2026')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
      expect(within(grid).queryByRole('button', { name: 'Edit' })).toBeNull();
      expect(within(grid).queryByRole('button', { name: 'Delete' })).toBeNull();
      const { dialog, grid: entries } = await openDna();
      expect(await within(entries).findByText('Carla Costa')).toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: 'Add' })).toBeNull();
      expect(within(entries).queryByRole('button', { name: 'Edit' })).toBeNull();
      expect(within(entries).queryByRole('button', { name: 'Delete' })).toBeNull();
    });

  it('a OnePage holder off the team edits', async () => {
    renderPage({ who: GIL });
    const grid = await sessionsGrid();
    expect(await within(grid).findAllByRole('button', { name: 'Edit' })).toHaveLength(2);
  });

  it('adds a session with its two dates ("Saved"); the row appears', async () => {
    const { calls } = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Professional DNA session' });
    fireEvent.change(dateInput(dialog, /^Session Date/), { target: { value: '2026-04-06' } });
    fireEvent.change(dateInput(dialog, /^Next Session Date/), { target: { value: '2026-04-20' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeDefined());
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/project-professional-dnas/project/3/session-type/2',
      body: { sessionDate: '2026-04-06', sessionNextDate: '2026-04-20' },
      ifMatch: null,
    });
    expect((await screen.findAllByText('Saved')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const grid = await sessionsGrid();
    expect(await within(grid).findByText('06 Apr 2026')).toBeInTheDocument();
    // newest session date first
    expect(within(grid).getAllByRole('row')[1]!.textContent).toContain('06 Apr 2026');
  });

  it('requires the session date and refuses a next date before it, in the popup (nothing sent)', async () => {
    const { calls } = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Professional DNA session' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Session Date is required')).toBeInTheDocument();
    fireEvent.change(dateInput(dialog, /^Session Date/), { target: { value: '2026-04-06' } });
    fireEvent.change(dateInput(dialog, /^Next Session Date/), { target: { value: '2026-04-01' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('The next session date cannot be before the session date'),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(dateInput(dialog, /^Session Date/).value).toBe('2026-04-06');
  });

  it('edits a session: the merged dates with its version as If-Match', async () => {
    const { calls } = renderPage();
    const grid = await sessionsGrid();
    fireEvent.click((await within(grid).findAllByRole('button', { name: 'Edit' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Professional DNA session' });
    expect(dateInput(dialog, /^Session Date/).value).toBe('2026-03-02');
    fireEvent.change(dateInput(dialog, /^Next Session Date/), { target: { value: '2026-03-30' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/project-professional-dnas/41',
      body: { sessionDate: '2026-03-02', sessionNextDate: '2026-03-30' },
      ifMatch: '"2"',
    });
    expect(await within(grid).findByText('30 Mar 2026')).toBeInTheDocument();
  });

  it('deletes a session after confirmation (with its version)', async () => {
    const { calls } = renderPage();
    const grid = await sessionsGrid();
    fireEvent.click((await within(grid).findAllByRole('button', { name: 'Delete' }))[1]!);
    const confirm = await screen.findByRole('dialog', { name: 'Delete' });
    expect(
      within(confirm).getByText(
        'Are you sure you want to delete this DNA session? Its professional DNAs are deleted with it.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: /Confirm|Delete|Yes/ }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')).toBeDefined());
    expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({
      url: '/api/project-professional-dnas/40',
      ifMatch: '"1"',
    });
    await waitFor(() => expect(within(grid).queryByText('02 Feb 2026')).toBeNull());
    expect((await screen.findAllByText('Saved')).length).toBeGreaterThan(0);
  });

  it('a failed delete says "Something went wrong" and keeps the row', async () => {
    renderPage({
      handlers: [
        http.delete('/api/project-professional-dnas/:sid', () =>
          HttpResponse.json({ statusCode: 403, error: 'Forbidden', message: 'No' }, { status: 403 }),
        ),
      ],
    });
    const grid = await sessionsGrid();
    fireEvent.click((await within(grid).findAllByRole('button', { name: 'Delete' }))[0]!);
    const confirm = await screen.findByRole('dialog', { name: 'Delete' });
    await userEvent.click(within(confirm).getByRole('button', { name: /Confirm|Delete|Yes/ }));
    expect((await screen.findAllByText('Something went wrong')).length).toBeGreaterThan(0);
    expect(within(grid).getByText('02 Mar 2026')).toBeInTheDocument();
  });
});

describe('the "Professional DNAs" dialog', () => {
  it('lists Professional and "Did this session meet your expectations?" with No / Yes / Not Applicable', async () => {
    renderPage();
    const { dialog, grid } = await openDna();
    expect(within(dialog).getByText('Session of 02 Mar 2026')).toBeInTheDocument();
    for (const h of ['Professional', 'Did this session meet your expectations?'])
      expect(within(grid).getByRole('button', { name: h })).toBeInTheDocument();
    await within(grid).findByText('Carla Costa');
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('gridcell')
          .slice(0, 2)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Carla Costa', 'No'],
      ['Ivan Ito', 'Yes'],
      ['Dora Duarte', 'Not Applicable'],
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('pages by 10 (spec 001 §9)', async () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      entry(300 + i, 400 + i, `Person ${String(i + 1).padStart(2, '0')}`, i % 3),
    );
    renderPage({ entries: many });
    const { dialog, grid } = await openDna();
    expect(await within(dialog).findByText('1–10 of 12')).toBeInTheDocument();
    expect(within(grid).getAllByText(/^Person \d\d$/)).toHaveLength(10);
  });

  it('adds an entry: a team member and the answer ("Saved")', async () => {
    const { calls } = renderPage();
    const { dialog, grid } = await openDna();
    await within(grid).findByText('Carla Costa');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    const form = await screen.findByRole('dialog', { name: 'Professional DNA' });
    await userEvent.click(within(form).getByRole('combobox', { name: /Professional/ }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Carla Costa', 'Dora Duarte', 'Ivan Ito', 'Marcos Moura', 'Paula Pereira']);
    await userEvent.click(screen.getByRole('option', { name: 'Marcos Moura' }));
    await userEvent.click(within(form).getByRole('combobox', { name: /Did this session/ }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No', 'Yes', 'Not Applicable']);
    await userEvent.click(screen.getByRole('option', { name: 'Not Applicable' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeDefined());
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/professional-dnas/project-professional-dna/41',
      body: { idProfessional: 6, dnaMetExpectation: 2 },
      ifMatch: null,
    });
    expect((await screen.findAllByText('Saved')).length).toBeGreaterThan(0);
    expect(await within(grid).findByText('Marcos Moura')).toBeInTheDocument();
  });

  it('the professional and the answer are required; a refused add keeps the server’s message', async () => {
    renderPage({
      handlers: [
        http.post('/api/professional-dnas/project-professional-dna/41', () =>
          HttpResponse.json(
            {
              statusCode: 409,
              error: 'Conflict',
              message: 'Carla Costa already has an entry in this DNA session',
            },
            { status: 409 },
          ),
        ),
      ],
    });
    const { dialog } = await openDna();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    const form = await screen.findByRole('dialog', { name: 'Professional DNA' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Professional is required')).toBeInTheDocument();
    expect(
      within(form).getByText('Did this session meet your expectations? is required'),
    ).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('combobox', { name: /Professional/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Carla Costa' }));
    await userEvent.click(within(form).getByRole('combobox', { name: /Did this session/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Yes' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('Carla Costa already has an entry in this DNA session'),
    ).toBeInTheDocument();
    expect((await screen.findAllByText('Something went wrong')).length).toBeGreaterThan(0);
  });

  it('edits an entry with its version as If-Match', async () => {
    const { calls } = renderPage();
    const { grid } = await openDna();
    fireEvent.click((await within(grid).findAllByRole('button', { name: 'Edit' }))[0]!);
    const form = await screen.findByRole('dialog', { name: 'Professional DNA' });
    await userEvent.click(within(form).getByRole('combobox', { name: /Did this session/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Yes' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/professional-dnas/61',
      body: { idProfessional: 9, dnaMetExpectation: 1 },
      ifMatch: '"1"',
    });
    await waitFor(() =>
      expect(
        within(grid)
          .getAllByRole('row')
          .slice(1)
          .map((r) => within(r).getAllByRole('gridcell')[1]!.textContent),
      ).toEqual(['Yes', 'Yes', 'Not Applicable']),
    );
  });

  it('deletes an entry after confirmation', async () => {
    const { calls } = renderPage();
    const { grid } = await openDna();
    fireEvent.click((await within(grid).findAllByRole('button', { name: 'Delete' }))[1]!);
    const confirm = await screen.findByRole('dialog', { name: 'Delete' });
    expect(
      within(confirm).getByText('Are you sure you want to delete this professional DNA?'),
    ).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: /Confirm|Delete|Yes/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/professional-dnas/62'),
    );
    await waitFor(() => expect(within(grid).queryByText('Ivan Ito')).toBeNull());
  });
});
