import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { QueryClient } from '@tanstack/react-query';
import type { SetupAssessmentSupervisionRecord, SetupAssessmentSupervisionRow } from '@domain/contract';
import SetupAssessmentSupervisionPage from '@web/features/admin/setup-assessment/SetupAssessmentSupervisionPage';
import {
  closedProjectsQueryOptions,
  prefetchSetupAssessmentSupervision,
} from '@web/features/admin/setup-assessment/api/setup-assessment-supervision';
import { server } from '../../../msw-server';
import { fakeToken, renderWithProviders, USERS } from '../../../render';

// the server's order: newest closure first, undated closures last
const ROWS: SetupAssessmentSupervisionRow[] = [
  {
    idProject: 12,
    projectCode: 'PRJ-00012',
    projectName: 'Pricing Review 12',
    closedAt: '2026-03-04T12:00:00.000Z',
  },
  {
    idProject: 7,
    projectCode: 'DEMO-FINISHED',
    projectName: 'Demo Finished',
    closedAt: '2026-02-20T12:00:00.000Z',
  },
  {
    idProject: 30,
    projectCode: 'PRJ-00030',
    projectName: 'Lean Sprint 30',
    closedAt: '2025-11-09T12:00:00.000Z',
  },
  { idProject: 31, projectCode: 'PRJ-00031', projectName: 'Org Diagnostic 31', closedAt: null },
];

const ASSESSMENTS: SetupAssessmentSupervisionRecord[] = [
  {
    id: 70,
    idProject: 7,
    idProfessional: 9,
    professionalName: 'Carla Costa',
    idCreatedBy: 9,
    createdByName: 'Carla Costa',
    idUpdatedBy: 1,
    updatedByName: 'Alice Almeida',
    watchedToolkit: 3,
    doYouFeelComfortable: 3,
    rating: 8,
    ratingDescription: 'Good kick-off',
    howCouldBeenDoneBetter: 'More time for the client interviews.',
    createdAt: '2026-01-10T12:00:00.000Z',
    updatedAt: '2026-01-15T12:00:00.000Z',
  },
  {
    id: 71,
    idProject: 7,
    idProfessional: 10,
    professionalName: 'Ivan Ito',
    idCreatedBy: 10,
    createdByName: 'Ivan Ito',
    idUpdatedBy: 10,
    updatedByName: 'Ivan Ito',
    watchedToolkit: 1,
    doYouFeelComfortable: 2,
    rating: 7,
    ratingDescription: null,
    howCouldBeenDoneBetter: null,
    createdAt: '2026-01-11T12:00:00.000Z',
    updatedAt: '2026-01-11T12:00:00.000Z',
  },
];

function serve() {
  const calls = { list: 0, projects: [] as string[] };
  server.use(
    http.get('/api/setup-assessment-supervision', () => {
      calls.list++;
      return HttpResponse.json(ROWS);
    }),
    http.get('/api/project-setup-assessments/project/:id/all', ({ params }) => {
      calls.projects.push(String(params.id));
      return HttpResponse.json(params.id === '7' ? ASSESSMENTS : []);
    }),
  );
  return calls;
}

const grid = () => screen.getByRole('grid', { name: 'Setup assessment supervision' });
const cells = (col: number) =>
  within(grid())
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('gridcell')[col]!.textContent);

describe('Setup Assessment Supervision (002 §2.9)', () => {
  it('lists closed projects newest closure first with Project Code, Project Name and Closed Date', async () => {
    localStorage.setItem('portal.accessToken', fakeToken(USERS.kim));
    const calls = serve();
    renderWithProviders(<SetupAssessmentSupervisionPage />);
    expect(await screen.findByRole('heading', { name: 'Setup Assessment Supervision' })).toBeInTheDocument();
    await within(await screen.findByRole('grid', { name: 'Setup assessment supervision' })).findByText(
      'DEMO-FINISHED',
    );
    expect(
      within(grid())
        .getAllByRole('columnheader')
        .slice(0, 3)
        .map((h) => h.textContent!.replace(/Filter.*$/, '').trim()),
    ).toEqual(['Project Code', 'Project Name', 'Closed Date']);
    expect(cells(0)).toEqual(['PRJ-00012', 'DEMO-FINISHED', 'PRJ-00030', 'PRJ-00031']);
    expect(cells(2)).toEqual(['04 Mar 2026', '20 Feb 2026', '09 Nov 2025', '']);
    // ascending on a click: oldest first, the undated still last
    expect(within(grid()).getByRole('columnheader', { name: /Closed Date/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await userEvent.click(within(grid()).getByRole('button', { name: 'Closed Date' }));
    await waitFor(() => expect(cells(0)).toEqual(['PRJ-00030', 'DEMO-FINISHED', 'PRJ-00012', 'PRJ-00031']));
    // search
    await userEvent.type(screen.getByPlaceholderText('Digite aqui para buscar'), 'lean');
    await waitFor(() => expect(cells(0)).toEqual(['PRJ-00030']));
    expect(calls.list).toBe(1);
    expect(calls.projects).toEqual([]);
  });

  it("opens the full-screen dialog of the project's assessments with every §2.9 field", async () => {
    localStorage.setItem('portal.accessToken', fakeToken(USERS.alice));
    const calls = serve();
    renderWithProviders(<SetupAssessmentSupervisionPage />);
    await within(await screen.findByRole('grid', { name: 'Setup assessment supervision' })).findByText(
      'DEMO-FINISHED',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Setup assessments of DEMO-FINISHED' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Setup Assessments — DEMO-FINISHED Demo Finished')).toBeInTheDocument();
    const carla = await within(dialog).findByRole('group', { name: 'Assessment of Carla Costa' });
    const field = (card: HTMLElement, term: string) =>
      within(card).getByText(term, { selector: 'dt' }).nextElementSibling!.textContent;
    expect(field(carla, 'Created by')).toBe('Carla Costa');
    expect(field(carla, 'Updated by')).toBe('Alice Almeida');
    expect(field(carla, 'Watched toolkit')).toBe('No toolkits available');
    expect(field(carla, 'Feels comfortable')).toBe('Partial');
    expect(field(carla, 'Rating')).toBe('8 / 10');
    expect(field(carla, 'Rating description')).toBe('Good kick-off');
    expect(field(carla, 'How could it have been done better')).toBe('More time for the client interviews.');
    expect(field(carla, 'Created')).toBe('10 Jan 2026');
    expect(field(carla, 'Updated')).toBe('15 Jan 2026');
    const ivan = within(dialog).getByRole('group', { name: 'Assessment of Ivan Ito' });
    expect(field(ivan, 'Watched toolkit')).toBe('Yes');
    expect(field(ivan, 'Feels comfortable')).toBe('No');
    expect(field(ivan, 'Rating description')).toBe('—');
    expect(calls.projects).toEqual(['7']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // another project without assessments
    await userEvent.click(screen.getByRole('button', { name: 'Setup assessments of PRJ-00031' }));
    expect(
      await within(await screen.findByRole('dialog')).findByText(
        'No setup assessments were filled for this project.',
      ),
    ).toBeInTheDocument();
    expect(calls.projects).toEqual(['7', '31']);
  });

  it('prefetches for admin-scope holders only (a 403 would sign the person out)', async () => {
    const calls = serve();
    const client = new QueryClient();
    localStorage.setItem('portal.accessToken', fakeToken(USERS.marcos));
    prefetchSetupAssessmentSupervision(client);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.list).toBe(0);
    localStorage.setItem('portal.accessToken', fakeToken(USERS.kim));
    prefetchSetupAssessmentSupervision(client);
    await waitFor(() => expect(client.getQueryData(closedProjectsQueryOptions().queryKey)).toEqual(ROWS));
    expect(calls.list).toBe(1);
  });
});
