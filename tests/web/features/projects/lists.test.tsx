import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router-dom';
import { server } from '../../msw-server';
import { renderWithProviders, fakeToken, USERS } from '../../render';
import { SessionProvider } from '@web/api/session-context';
import ProjectListPage from '@web/features/projects/list/ProjectListPage';
import OnePageProjectsPage from '@web/features/projects/one-page-list/OnePageProjectsPage';
import { getMethodologyFlag, setMethodologyFlag } from '@web/api/methodology-flag';

const LIST = [
  {
    id: 3,
    code: 'DEMO-DURING',
    name: 'Demo During',
    idStatus: 3,
    endDate: '2027-01-05',
    client: { id: 1, name: 'Cobalt Energy' },
    projectManager: {
      id: 6,
      name: 'Marcos Moura',
      login: 'marcos.manager',
      email: 'marcos.manager@example.com',
      photoGUID: null,
    },
    projectPractices: [{ idPractice: 4 }, { idPractice: 1 }],
  },
  {
    id: 1,
    code: 'DEMO-DRAFT',
    name: 'Demo Draft',
    idStatus: 1,
    endDate: '2026-12-22',
    client: { id: 2, name: 'Acme Foods' },
    projectManager: null,
    projectPractices: [],
  },
];

/** The project list inside a session (the page reads the signed-in person from it). */
function AdminProjectList() {
  return (
    <SessionProvider>
      <ProjectListPage />
    </SessionProvider>
  );
}

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

/** One project in each of the six statuses, listed in an order that is neither by id nor by name. */
const ALL_STATUSES = [3, 5, 1, 6, 2, 4].map((idStatus) => ({
  ...LIST[1]!,
  id: 10 + idStatus,
  code: `P-STATUS-${idStatus}`,
  idStatus,
}));

const realMatchMedia = window.matchMedia;
/** A phone: every `(max-width: 768px)` query matches. */
function phoneWidth() {
  window.matchMedia = ((q: string) => ({
    matches: q.includes('768'),
    media: q,
    addEventListener() {},
    removeEventListener() {},
  })) as any;
}
afterEach(() => {
  window.matchMedia = realMatchMedia;
});

const firstCells = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('row')
    .filter((r) => within(r).queryAllByRole('gridcell').length > 0)
    .map((r) => within(r).getAllByRole('gridcell')[0]!.textContent);

function setup(Page: React.ComponentType, list: unknown[] = LIST, user: object = USERS.marcos) {
  localStorage.setItem('portal.accessToken', fakeToken(user as Record<string, unknown>));
  server.use(
    http.get('/api/projects', () => HttpResponse.json(list)),
    http.get('/master/practices', () =>
      HttpResponse.json([
        { ID: 1, Name: 'Strategy' },
        { ID: 4, Name: 'Digital' },
      ]),
    ),
    http.get('/photos/by-login/:login', () => new HttpResponse(null, { status: 404 })),
  );
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<Page />} />
      <Route path="/project-one-page" element={<Page />} />
      <Route path="*" element={<Where />} />
    </Routes>,
  );
}

describe('project list home', () => {
  it('shows the columns, the first practice, dd-MMM-yyyy dates, the manager avatar and the Portuguese search', async () => {
    setup(ProjectListPage);
    const grid = await screen.findByRole('grid', { name: 'Projects' });
    for (const h of ['PROJECT', 'STATUS', 'CLIENT', 'MANAGER', 'PRACTICE', 'END DATE'])
      expect(within(grid).getByRole('button', { name: h })).toBeInTheDocument();
    const row = (await within(grid).findByText('DEMO-DURING')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Cobalt Energy')).toBeInTheDocument();
    expect(await within(row).findByText('Digital')).toBeInTheDocument();
    expect(within(row).getByText('05-Jan-2027')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'Project During' })).toBeInTheDocument();
    expect(within(row).getAllByLabelText('Marcos Moura').length).toBeGreaterThan(0);
    expect(screen.getByPlaceholderText('Digite aqui para buscar')).toBeInTheDocument();
  });

  it('opens /project/{id}/home on row click', async () => {
    setup(ProjectListPage);
    await userEvent.click(await screen.findByText('DEMO-DRAFT'));
    expect(screen.getByTestId('where')).toHaveTextContent('/project/1/home');
  });

  it('gives administrators an edit-status button that opens the status dialog without navigating', async () => {
    setup(AdminProjectList, LIST, USERS.alice);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit status of DEMO-DRAFT' }));
    expect(await screen.findByRole('dialog', { name: 'Edit status of DEMO-DRAFT' })).toBeInTheDocument();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('resets the global methodology flag when opened', async () => {
    setMethodologyFlag(false);
    setup(ProjectListPage);
    await screen.findByText('DEMO-DRAFT');
    expect(getMethodologyFlag()).toBeUndefined();
  });
});

describe('project list on a phone (≤ 768 px)', () => {
  it('shows only PROJECT and STATUS, ordered by status id descending (not by status name)', async () => {
    phoneWidth();
    setup(ProjectListPage, ALL_STATUSES);
    const grid = await screen.findByRole('grid', { name: 'Projects' });
    await within(grid).findByText('P-STATUS-1');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['PROJECT', 'STATUS']);
    // by name it would be Setup, Paused, Finished, During, Draft, Closure
    expect(firstCells(grid)).toEqual([
      'P-STATUS-6',
      'P-STATUS-5',
      'P-STATUS-4',
      'P-STATUS-3',
      'P-STATUS-2',
      'P-STATUS-1',
    ]);
    expect(
      within(grid)
        .getAllByRole('img')
        .map((i) => i.getAttribute('aria-label')),
    ).toEqual([
      'Project Paused',
      'Project Finished',
      'Project Closure',
      'Project During',
      'Project Setup',
      'Project Draft',
    ]);
  });

  it('still finds projects by status name in the search', async () => {
    phoneWidth();
    setup(ProjectListPage, ALL_STATUSES);
    const grid = await screen.findByRole('grid', { name: 'Projects' });
    await within(grid).findByText('P-STATUS-1');
    await userEvent.type(screen.getByPlaceholderText('Digite aqui para buscar'), 'paused');
    expect(firstCells(grid)).toEqual(['P-STATUS-6']);
  });
});

describe('OnePage Projects landing', () => {
  it('is sorted by status id descending', async () => {
    setup(OnePageProjectsPage, ALL_STATUSES);
    const grid = await screen.findByRole('grid', { name: 'OnePage Projects' });
    await within(grid).findByText('P-STATUS-1');
    expect(firstCells(grid)).toEqual([
      'P-STATUS-6',
      'P-STATUS-5',
      'P-STATUS-4',
      'P-STATUS-3',
      'P-STATUS-2',
      'P-STATUS-1',
    ]);
  });

  it('lists projects by status descending without headers and opens the one-page', async () => {
    setup(OnePageProjectsPage);
    expect(await screen.findByText('Access the One Pages directly from here')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'OnePage Projects' })).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'OnePage Projects' });
    await within(grid).findByText('DEMO-DRAFT');
    expect(within(grid).queryAllByRole('columnheader')).toHaveLength(0);
    const codes = within(grid)
      .getAllByRole('row')
      .map((r) => within(r).getAllByRole('gridcell')[0]!.textContent);
    expect(codes).toEqual(['DEMO-DURING', 'DEMO-DRAFT']);
    await userEvent.click(within(grid).getByText('Cobalt Energy'));
    expect(screen.getByTestId('where')).toHaveTextContent('/project/3/during/one-page');
  });
});
