import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router-dom';
import { server } from '../msw-server';
import { renderWithProviders, fakeToken, USERS } from '../render';
import ProjectListPage from '@web/features/projects/ProjectListPage';
import OnePageProjectsPage from '@web/features/projects/OnePageProjectsPage';
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

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

function setup(Page: React.ComponentType) {
  localStorage.setItem('portal.accessToken', fakeToken(USERS.marcos));
  server.use(
    http.get('/api/projects', () => HttpResponse.json(LIST)),
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

  it('resets the global methodology flag when opened', async () => {
    setMethodologyFlag(false);
    setup(ProjectListPage);
    await screen.findByText('DEMO-DRAFT');
    expect(getMethodologyFlag()).toBeUndefined();
  });
});

describe('OnePage Projects landing', () => {
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
