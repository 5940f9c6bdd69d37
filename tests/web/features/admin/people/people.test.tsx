import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import type { PeopleChoices, PersonRecord, PersonRow, Provisioning } from '@domain/contract/people';
import PeoplePage from '@web/features/admin/people/PeoplePage';
import PersonPage, { PERSON_CONFLICT } from '@web/features/admin/people/PersonPage';
import { TOKEN_SHOWN_ONCE } from '@web/features/admin/people/TokenDialog';
import { server } from '../../../msw-server';
import { fakeToken, renderWithProviders, USERS } from '../../../render';

const row = (id: number, name: string, extra: Partial<PersonRow> = {}): PersonRow => ({
  id,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  login: name.split(' ')[0]!.toLowerCase(),
  jobTitle: 'Consultant',
  photoGUID: null,
  scopes: [],
  source: 'manual',
  isActive: true,
  provisioned: false,
  ...extra,
});
const PEOPLE = [
  row(1, 'Alice Almeida', { scopes: ['API.Portal.Admin'], jobTitle: 'Director' }),
  row(3, 'Kim Kato', { scopes: ['API.Portal.KNW'], source: 'scim', provisioned: true }),
  row(9, 'Carla Costa'),
];

const CHOICES: PeopleChoices = {
  practices: [
    { ID: 1, Name: 'Strategy' },
    { ID: 2, Name: 'Operations' },
  ],
  offices: [
    { ID: 1, Name: 'São Paulo' },
    { ID: 2, Name: 'London' },
  ],
  positions: [{ ID: 1, Name: 'Consultant' }],
  comanagements: [{ ID: 1, Name: 'North' }],
  businessUnits: [{ ID: 1, Name: 'Brazil' }],
};

const person = (extra: Partial<PersonRecord> = {}): PersonRecord => ({
  ...row(9, 'Carla Costa'),
  externalId: null,
  department: null,
  employeeNumber: null,
  manager: null,
  practiceId: 1,
  officeId: 1,
  positionId: null,
  comanagementId: null,
  practiceName: 'Strategy',
  officeName: 'São Paulo',
  positionName: null,
  comanagementName: null,
  businessUnits: [],
  manualScopes: [],
  tokenScopes: [],
  groups: [],
  ownedFields: [],
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  version: 4,
  ...extra,
});

function serveDetail(p: PersonRecord) {
  const calls: { body: unknown; ifMatch: string | null }[] = [];
  server.use(
    http.get(`/api/admin/people/${p.id}`, () =>
      HttpResponse.json(p, { headers: { etag: `"${p.version}"` } }),
    ),
    http.get('/api/admin/people/choices', () => HttpResponse.json(CHOICES)),
    http.get(`/api/admin/people/${p.id}/history`, () =>
      HttpResponse.json([
        {
          id: 1,
          at: '2026-11-01T10:00:00.000Z',
          source: 'manual',
          actor: 'Alice Almeida',
          summary: 'Added by hand',
          changes: null,
        },
      ]),
    ),
    http.patch(`/api/admin/people/${p.id}`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.push({ body, ifMatch: request.headers.get('if-match') });
      const saved = { ...p, ...body, version: p.version + 1 } as PersonRecord;
      return HttpResponse.json(saved, { headers: { etag: `"${saved.version}"` } });
    }),
  );
  return calls;
}

const renderPerson = (id: number) =>
  renderWithProviders(
    <Routes>
      <Route path="/admin/people/:id" element={<PersonPage />} />
    </Routes>,
    { path: `/admin/people/${id}` },
  );

describe('Admin › People', () => {
  it('lists the people from the server and searches there (the request carries ?search=)', async () => {
    localStorage.setItem('portal.accessToken', fakeToken(USERS.alice));
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('/api/admin/people', ({ request }) => {
        const q = new URL(request.url).searchParams;
        queries.push(q);
        const search = (q.get('search') ?? '').toLowerCase();
        const items = PEOPLE.filter((p) => p.name.toLowerCase().includes(search));
        return HttpResponse.json({ items, total: items.length, page: 1, pageSize: 50 });
      }),
    );
    renderWithProviders(<PeoplePage />, { path: '/admin/people' });
    const grid = await screen.findByRole('grid', { name: 'People' });
    expect(await within(grid).findByText('Kim Kato')).toBeInTheDocument();
    expect(within(grid).getByText('KNW')).toBeInTheDocument();
    expect(within(grid).getByText('SCIM')).toBeInTheDocument();
    expect(queries[0]!.get('status')).toBe('active');
    expect(queries[0]!.get('page')).toBe('1');

    await userEvent.type(screen.getByPlaceholderText('Search name, e-mail or login'), 'alice');
    await waitFor(() => expect(queries.some((q) => q.get('search') === 'alice')).toBe(true));
    await waitFor(() => expect(within(grid).queryByText('Kim Kato')).not.toBeInTheDocument());
    expect(within(grid).getByText('Alice Almeida')).toBeInTheDocument();
  });

  it("saves a portal field with the person's version as If-Match, sending only what changed", async () => {
    localStorage.setItem('portal.accessToken', fakeToken(USERS.alice));
    const calls = serveDetail(person());
    renderPerson(9);
    const office = await screen.findByRole('combobox', { name: /Office/ });
    await userEvent.click(office);
    await userEvent.click(await screen.findByRole('option', { name: 'London' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'KNW' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ body: { officeId: 2, manualScopes: ['API.Portal.KNW'] }, ifMatch: '"4"' });
    expect(await screen.findByText('Added by hand')).toBeInTheDocument();
  });

  it('412: shows that someone else saved first and lets the person keep their own changes over it', async () => {
    localStorage.setItem('portal.accessToken', fakeToken(USERS.alice));
    const mine = person();
    const theirs = person({ officeId: 2, officeName: 'London', jobTitle: 'Partner', version: 5 });
    const calls: { body: unknown; ifMatch: string | null }[] = [];
    serveDetail(mine);
    server.use(
      http.patch('/api/admin/people/9', async ({ request }) => {
        calls.push({ body: await request.json(), ifMatch: request.headers.get('if-match') });
        if (request.headers.get('if-match') === '"4"')
          return HttpResponse.json(
            { statusCode: 412, error: 'Precondition Failed', message: 'changed', current: theirs },
            { status: 412 },
          );
        return HttpResponse.json({ ...theirs, positionId: 1, positionName: 'Consultant', version: 6 });
      }),
    );
    renderPerson(9);
    await userEvent.click(await screen.findByRole('combobox', { name: /Position/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Consultant' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PERSON_CONFLICT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    // keep mine: their version with this person's change over it, saved with If-Match 5
    await userEvent.click(screen.getByRole('button', { name: 'Keep mine' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.ifMatch).toBe('"5"');
    // only the position this person chose: their office and job title stay
    expect(calls[1]!.body).toEqual({ positionId: 1 });
    expect(screen.getByRole('textbox', { name: /^Job title/ })).toHaveValue('Partner');
  });

  it('412 then "Show their version" puts the saved values in the form', async () => {
    localStorage.setItem('portal.accessToken', fakeToken(USERS.alice));
    const theirs = person({ jobTitle: 'Partner', version: 5 });
    serveDetail(person());
    server.use(
      http.patch('/api/admin/people/9', () =>
        HttpResponse.json(
          { statusCode: 412, error: 'Precondition Failed', message: 'changed', current: theirs },
          { status: 412 },
        ),
      ),
    );
    renderPerson(9);
    const title = await screen.findByRole('textbox', { name: /^Job title/ });
    await userEvent.clear(title);
    await userEvent.type(title, 'Manager');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Show their version' }));
    expect(screen.getByRole('textbox', { name: /^Job title/ })).toHaveValue('Partner');
    expect(screen.queryByText(PERSON_CONFLICT)).not.toBeInTheDocument();
  });

  it('adds a person by hand and opens their page', async () => {
    localStorage.setItem('portal.accessToken', fakeToken(USERS.alice));
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/admin/people', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 50 })),
      http.post('/api/admin/people', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(person({ id: 9 }), { status: 201 });
      }),
    );
    serveDetail(person());
    renderWithProviders(
      <Routes>
        <Route path="/admin/people" element={<PeoplePage />} />
        <Route path="/admin/people/:id" element={<PersonPage />} />
      </Routes>,
      { path: '/admin/people' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Add person' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add person' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Carla Costa');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^E-mail/ }), 'carla@example.com');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Practice/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Operations' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ name: 'Carla Costa', email: 'carla@example.com', practiceId: 2 });
    expect(await screen.findByRole('heading', { name: 'Carla Costa' })).toBeInTheDocument();
  });

  it('shows the fields provisioning owns read-only, saying so, and offers no deactivation', async () => {
    localStorage.setItem('portal.accessToken', fakeToken(USERS.alice));
    serveDetail(
      person({
        source: 'scim',
        provisioned: true,
        department: 'Engineering',
        manager: { id: 1, name: 'Alice Almeida' },
        ownedFields: [
          'name',
          'email',
          'login',
          'jobTitle',
          'isActive',
          'department',
          'employeeNumber',
          'manager',
        ],
        groups: [{ id: 'g1', displayName: 'Knowledge Team', scopes: ['API.Portal.KNW'] }],
      }),
    );
    renderPerson(9);
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    expect(name).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: /^E-mail/ })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: /^Department/ })).toHaveValue('Engineering');
    expect(screen.getByRole('textbox', { name: /^Manager/ })).toHaveValue('Alice Almeida');
    expect(screen.getAllByText('Managed by Microsoft Entra ID provisioning').length).toBeGreaterThan(3);
    expect(screen.getByText('Also granted by group Knowledge Team')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deactivate' })).toBeDisabled();
    expect(screen.getByText('Provisioned from Entra ID: deactivate them there')).toBeInTheDocument();
  });

  it('creates a provisioning token and shows it once', async () => {
    localStorage.setItem('portal.accessToken', fakeToken(USERS.alice));
    const PROVISIONING: Provisioning = {
      scimUrl: 'https://portal.example.com/scim/v2',
      summary: {
        lastRequestAt: null,
        lastStatus: null,
        lastSuccessAt: null,
        failuresLast24h: 0,
        activeTokens: 0,
      },
      groups: [],
      tokens: [],
      requests: [],
    };
    const names: unknown[] = [];
    server.use(
      http.get('/api/admin/provisioning', () => HttpResponse.json(PROVISIONING)),
      http.post('/api/admin/provisioning/tokens', async ({ request }) => {
        names.push(await request.json());
        return HttpResponse.json(
          {
            id: 5,
            name: 'Entra production',
            createdAt: '2026-12-01T10:00:00.000Z',
            createdBy: 'Alice Almeida',
            lastUsedAt: null,
            revokedAt: null,
            token: 'pps_secretvalue123',
          },
          { status: 201 },
        );
      }),
    );
    renderWithProviders(<PeoplePage />, { path: '/admin/people?tab=provisioning' });
    expect(await screen.findByDisplayValue('https://portal.example.com/scim/v2')).toBeInTheDocument();
    expect(screen.getByText('Not connected yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create token' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Entra production');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const shown = await screen.findByRole('dialog', { name: 'Token Entra production' });
    expect(names).toEqual([{ name: 'Entra production' }]);
    expect(within(shown).getByDisplayValue('pps_secretvalue123')).toBeInTheDocument();
    expect(within(shown).getByText(TOKEN_SHOWN_ONCE)).toBeInTheDocument();
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // listed with its name, never with its secret
    const tokens = screen.getByRole('grid', { name: 'Tokens' });
    expect(within(tokens).getByText('Entra production')).toBeInTheDocument();
    expect(screen.queryByDisplayValue('pps_secretvalue123')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain('pps_secretvalue123');
  });

  it("saves the scopes a provisioned group grants with the group's version as If-Match", async () => {
    localStorage.setItem('portal.accessToken', fakeToken(USERS.alice));
    const group = {
      id: '6f7c1c0e-3b7a-4a8e-9a51-5d1f0c0b7a01',
      displayName: 'Knowledge Team',
      externalId: null,
      members: 2,
      scopes: [],
      mapped: false,
      version: 3,
    };
    const calls: { body: unknown; ifMatch: string | null }[] = [];
    server.use(
      http.get('/api/admin/provisioning', () =>
        HttpResponse.json({
          scimUrl: 'https://portal.example.com/scim/v2',
          summary: {
            lastRequestAt: '2026-12-01T10:00:00.000Z',
            lastStatus: 200,
            lastSuccessAt: '2026-12-01T10:00:00.000Z',
            failuresLast24h: 0,
            activeTokens: 1,
          },
          groups: [group],
          tokens: [],
          requests: [
            {
              id: 1,
              at: '2026-12-01T10:00:00.000Z',
              tokenName: 'Entra production',
              method: 'GET',
              path: '/scim/v2/Users',
              status: 200,
              detail: null,
            },
          ],
        } satisfies Provisioning),
      ),
      http.patch(`/api/admin/provisioning/groups/${group.id}`, async ({ request }) => {
        calls.push({ body: await request.json(), ifMatch: request.headers.get('if-match') });
        return HttpResponse.json({ ...group, scopes: ['API.Portal.KNW'], mapped: true, version: 4 });
      }),
    );
    renderWithProviders(<PeoplePage />, { path: '/admin/people?tab=provisioning' });
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    const card = screen.getByRole('group', { name: 'Group Knowledge Team' });
    expect(within(card).getByText('2 members')).toBeInTheDocument();
    expect(within(card).getByText('Mapped by name')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('checkbox', { name: 'KNW' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ body: { scopes: ['API.Portal.KNW'] }, ifMatch: '"3"' });
    expect(await screen.findByText('Mapped by hand')).toBeInTheDocument();
    expect(
      within(screen.getByRole('grid', { name: 'Last requests' })).getByText('/scim/v2/Users'),
    ).toBeInTheDocument();
  });
});
