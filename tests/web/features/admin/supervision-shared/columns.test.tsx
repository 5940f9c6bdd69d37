/**
 * The supervision grids' column chooser: the person's hidden columns come from the server
 * (GET /api/me/grid-columns/{grid}), a change hides or shows at once and is PUT with the version read (If-Match),
 * Reset columns brings every column back, and a failed save says so and puts the columns back.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import WeeklySupervisionPage from '@web/features/admin/weekly-supervision/WeeklySupervisionPage';
import PdcSupervisionPage from '@web/features/admin/pdc-supervision/PdcSupervisionPage';
import { COLUMNS_CHANGED_ELSEWHERE } from '@web/features/admin/supervision-shared/api/grid-columns';
import { server } from '../../../msw-server';
import { USERS } from '../../../render';
import { PEDRO, renderAs, serveGridColumns, serveSupervision } from '../supervision-fixtures';

const WEEKLY_TITLES = [
  'Project Code',
  'Project Name',
  'Client',
  'Project Status',
  'Priority',
  'Internal',
  'Co-management',
  'During Type',
  'OP Submitted?',
  'OP Status',
  'Environment',
];

/** The grid's column titles, in order (each header's own text, without its filter button's). */
const titles = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('columnheader')
    .map((h) => WEEKLY_TITLES.find((t) => h.textContent?.startsWith(t)) ?? h.textContent);

async function openWeekly() {
  const grid = await screen.findByRole('grid', { name: 'Weekly supervision' });
  await within(grid).findByText('SV-0001');
  return grid;
}
const chooser = () => screen.getByRole('button', { name: 'Columns of Weekly supervision' });
const openChooser = async () => {
  await userEvent.click(chooser());
  return screen.findByRole('menu');
};

describe('Supervision grids: the column chooser', () => {
  it("loads the person's hidden columns and does not render them", async () => {
    serveSupervision('/api/weekly-supervision');
    serveGridColumns({ 'weekly-supervision': ['priority', 'environmentStatus'] });
    renderAs(USERS.kim, <WeeklySupervisionPage />);
    const grid = await openWeekly();
    await waitFor(() => expect(titles(grid)).not.toContain('Priority'));
    expect(titles(grid).filter((t) => WEEKLY_TITLES.includes(t!))).toEqual(
      WEEKLY_TITLES.filter((t) => t !== 'Priority' && t !== 'Environment'),
    );
    // the chooser sits next to Export Excel and shows the choice
    expect(screen.getByRole('button', { name: 'Export Excel' })).toBeInTheDocument();
    await openChooser();
    expect(screen.getByRole('menuitemcheckbox', { name: 'Priority' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(screen.getByRole('menuitemcheckbox', { name: 'Environment' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(screen.getByRole('menuitemcheckbox', { name: 'Internal' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    // the project code is always shown
    expect(screen.getByRole('menuitemcheckbox', { name: 'Project Code' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('unchecking a column hides it at once and PUTs the choice with the version read', async () => {
    serveSupervision('/api/weekly-supervision');
    const { puts, stored } = serveGridColumns({ 'weekly-supervision': ['priority'] });
    renderAs(USERS.alice, <WeeklySupervisionPage />);
    const grid = await openWeekly();
    await waitFor(() => expect(titles(grid)).not.toContain('Priority'));
    expect(titles(grid)).toContain('Internal');
    await openChooser();
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Internal' }));
    expect(titles(grid)).not.toContain('Internal');
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      grid: 'weekly-supervision',
      body: { hidden: ['priority', 'internal'] },
      ifMatch: '"2"',
    });
    // the next change goes with the version the first answered
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Client' }));
    expect(titles(grid)).not.toContain('Client');
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toEqual({
      grid: 'weekly-supervision',
      body: { hidden: ['clientName', 'priority', 'internal'] },
      ifMatch: '"3"',
    });
    expect(stored.get('weekly-supervision')?.version).toBe(4);
    // the row stays reachable: its code and actions are not columns one can hide
    expect(within(grid).getByText('SV-0001')).toBeInTheDocument();
    expect(within(grid).getByRole('button', { name: 'Open Project SV-0001' })).toBeInTheDocument();
  });

  it('Reset columns shows every column again and stores the default', async () => {
    serveSupervision('/api/weekly-supervision');
    const { puts } = serveGridColumns({ 'weekly-supervision': ['priority', 'internal', 'clientName'] });
    renderAs(USERS.alice, <WeeklySupervisionPage />);
    const grid = await openWeekly();
    await waitFor(() => expect(titles(grid)).not.toContain('Client'));
    await openChooser();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Reset columns' }));
    await waitFor(() => expect(titles(grid)).toContain('Client'));
    expect(titles(grid).filter((t) => WEEKLY_TITLES.includes(t!))).toEqual(WEEKLY_TITLES);
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.body).toEqual({ hidden: [] });
  });

  it('a failed save says so and puts the columns back', async () => {
    serveSupervision('/api/weekly-supervision');
    const { puts } = serveGridColumns(
      {},
      { fail: { status: 500, message: 'The database is not reachable' } },
    );
    renderAs(USERS.alice, <WeeklySupervisionPage />);
    const grid = await openWeekly();
    await openChooser();
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Co-management' }));
    expect(await screen.findByText('The database is not reachable')).toBeInTheDocument();
    expect(puts).toHaveLength(1);
    await waitFor(() => expect(titles(grid)).toContain('Co-management'));
    expect(screen.getByRole('menuitemcheckbox', { name: 'Co-management' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('changed on another device meanwhile (412): says so and shows the choice stored there', async () => {
    serveSupervision('/api/weekly-supervision');
    serveGridColumns();
    server.use(
      http.put('/api/me/grid-columns/:grid', () =>
        HttpResponse.json(
          {
            statusCode: 412,
            error: 'Precondition Failed',
            message: 'This record was changed by someone else meanwhile',
            current: { grid: 'weekly-supervision', hidden: ['duringTypeName'], version: 5 },
          },
          { status: 412, headers: { etag: '"5"' } },
        ),
      ),
    );
    renderAs(USERS.alice, <WeeklySupervisionPage />);
    const grid = await openWeekly();
    await openChooser();
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Internal' }));
    expect(await screen.findByText(COLUMNS_CHANGED_ELSEWHERE)).toBeInTheDocument();
    await waitFor(() => expect(titles(grid)).toContain('Internal'));
    expect(titles(grid)).not.toContain('During Type');
  });

  it('PDC Supervision has no export but has the chooser, for its own grid', async () => {
    serveSupervision('/api/pdc-supervision');
    const { puts } = serveGridColumns({ 'pdc-supervision': ['businessUnitName'] });
    renderAs(PEDRO, <PdcSupervisionPage />);
    const grid = await screen.findByRole('grid', { name: 'PDC supervision' });
    await within(grid).findByText('SV-0001');
    expect(screen.queryByRole('button', { name: 'Export Excel' })).toBeNull();
    await waitFor(() =>
      expect(
        within(grid)
          .getAllByRole('columnheader')
          .some((h) => h.textContent?.startsWith('Business Unit')),
      ).toBe(false),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Columns of PDC supervision' }));
    await screen.findByRole('menu');
    expect(screen.getAllByRole('menuitemcheckbox').map((e) => e.textContent)).toEqual([
      'Project Code',
      'Project Name',
      'Client',
      'Project Status',
      'Practice',
      'Business Unit',
      'PDC Priority',
      'OP Submitted?',
      'OP Status',
      'Environment',
    ]);
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Practice' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({
      grid: 'pdc-supervision',
      body: { hidden: ['practiceName', 'businessUnitName'] },
    });
  });
});
