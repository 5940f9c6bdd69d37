import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router-dom';
import { MASTER_LISTS, MASTER_LIST_KEYS } from '@domain/rules/master-lists';
import type { GettingStarted } from '@domain/contract';
import { server } from '../../../msw-server';
import { fakeToken, renderWithProviders, USERS } from '../../../render';
import { SessionProvider } from '@web/api/session-context';
import ProjectListPage from '@web/features/projects/list/ProjectListPage';

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}

const empty = (): GettingStarted => ({
  people: { active: 1, provisioned: 0, tokens: 0, lastProvisionedAt: null },
  masterData: {
    lists: MASTER_LIST_KEYS.map((key) => ({ key, label: MASTER_LISTS[key].label, count: 0 })),
    missingForProjects: ['clients', 'practices', 'offices'],
  },
  projects: { total: 0 },
});

function setup(user: object, guide?: () => GettingStarted) {
  localStorage.setItem('portal.accessToken', fakeToken(user as Record<string, unknown>));
  let reads = 0;
  server.use(
    http.get('/api/projects', () => HttpResponse.json([])),
    http.get('/master/practices', () => HttpResponse.json([])),
  );
  if (guide)
    server.use(
      http.get('/api/admin/getting-started', () => {
        reads += 1;
        return HttpResponse.json(guide());
      }),
    );
  renderWithProviders(
    <SessionProvider>
      <Routes>
        <Route path="/" element={<ProjectListPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </SessionProvider>,
  );
  return { reads: () => reads };
}

describe('an empty portal', () => {
  it('shows its administrator the three steps with what is missing, instead of an empty grid', async () => {
    setup(USERS.alice, empty);
    const guide = await screen.findByRole('region', { name: 'Set up your portal' });
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    const steps = within(guide).getAllByRole('listitem');
    expect(steps.map((s) => within(s).getByRole('heading').textContent)).toEqual([
      '1. People',
      '2. Master data',
      '3. Projects',
    ]);
    expect(
      within(steps[0]!).getByText(/1 active professional, 0 provisioned from Microsoft Entra ID/),
    ).toBeVisible();
    expect(within(steps[0]!).getByText(/Entra ID has not provisioned anyone yet/)).toBeVisible();
    expect(
      within(steps[1]!).getByText(
        /0 of 20 lists hold items\. A new project needs at least one item in: Clients, Practices, Offices\./,
      ),
    ).toBeVisible();
    expect(within(steps[2]!).getByText('0 projects.')).toBeVisible();
    for (const s of steps) expect(within(s).getByText('To do')).toBeVisible();
  });

  it('marks the steps done as their counts arrive', async () => {
    const g = empty();
    g.people = { active: 40, provisioned: 39, tokens: 1, lastProvisionedAt: '2026-12-01T10:00:00.000Z' };
    g.masterData.lists = g.masterData.lists.map((l) => ({ ...l, count: l.key === 'languages' ? 0 : 3 }));
    g.masterData.missingForProjects = [];
    setup(USERS.alice, () => g);
    const guide = await screen.findByRole('region', { name: 'Set up your portal' });
    const [people, master, projects] = within(guide).getAllByRole('listitem');
    expect(within(people!).getByText('Done')).toBeVisible();
    expect(within(people!).getByText(/Last provisioning: 01 Dec 2026/)).toBeVisible();
    expect(within(master!).getByText('Done')).toBeVisible();
    expect(within(master!).getByText('19 of 20 lists hold items.')).toBeVisible();
    expect(within(master!).getByText('Empty: Languages.')).toBeVisible();
    expect(within(projects!).getByText('To do')).toBeVisible();
  });

  it('links each step to its screen', async () => {
    setup(USERS.alice, empty);
    await screen.findByRole('region', { name: 'Set up your portal' });
    await userEvent.click(screen.getByRole('link', { name: 'Import projects' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/admin/import?kind=projects');
  });

  it.each([
    ['Connect Entra ID provisioning', '/admin/people?tab=provisioning'],
    ['Import people', '/admin/import?kind=professionals'],
    ['Enter master data', '/admin/master-data'],
    ['Create a project', '/admin/projects'],
  ])('“%s” leads to %s', async (name, to) => {
    setup(USERS.alice, empty);
    await screen.findByRole('region', { name: 'Set up your portal' });
    expect(screen.getByRole('link', { name })).toHaveAttribute('href', to);
  });

  it('shows a consultant a clear empty state (and never asks for the guide)', async () => {
    const { reads } = setup(USERS.marcos);
    expect(await screen.findByRole('heading', { name: 'No projects yet' })).toBeVisible();
    expect(screen.getByText(/appear here as soon as an administrator adds them/)).toBeVisible();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(reads()).toBe(0);
  });
});
