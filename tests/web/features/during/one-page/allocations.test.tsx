/**
 * STAFFING — the allocation suggestions of a one-page (spec 001 §3, §4, §7, §8, §9; 002 §2.5): this week, next
 * week, two weeks ahead with the practice's day choices, feedback autosaved after 1 s, approve, Approve All,
 * add, delete, the infoMessage and the §8 messages.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { SUBMITTED_PAGE, SUGGESTIONS, fail, renderOnePage, type Call } from './fixtures';

const table = () => screen.findByRole('table', { name: 'Governance Allocations' });
const rowOf = async (name: string) =>
  (await within(await table()).findByRole('cell', { name })).closest('tr') as HTMLElement;
const writes = (calls: Call[]) =>
  calls.filter((c) => c.method !== 'GET' && c.url.startsWith('/api/project-allocation-suggestions'));
const options = async (combo: HTMLElement) => {
  await userEvent.click(combo);
  const list = await screen.findByRole('listbox');
  return within(list)
    .getAllByRole('option')
    .map((o) => o.textContent);
};

describe('Allocation table', () => {
  it('lists the suggestions under the info message: this week, next week, two weeks ahead, feedback, approved', async () => {
    renderOnePage({ query: '?open=110' });
    const t = await table();
    expect(screen.getByText(SUGGESTIONS.infoMessage)).toBeInTheDocument();
    expect(
      within(t)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Professional', 'This week', 'Next week', 'Two weeks ahead', 'Feedback', 'Approved', '']);
    const carla = await rowOf('Carla Costa');
    expect(within(carla).getByRole('combobox', { name: 'This week for Carla Costa' })).toHaveTextContent(
      '2.5',
    );
    expect(within(carla).getByRole('combobox', { name: 'Next week for Carla Costa' })).toHaveTextContent('3');
    expect(
      within(carla).getByRole('combobox', { name: 'Two weeks ahead for Carla Costa' }),
    ).toHaveTextContent('1.25');
    expect(within(carla).getByRole('textbox', { name: 'Feedback for Carla Costa' })).toHaveValue('Good pace');
    expect(within(carla).getByRole('checkbox', { name: 'Approve Carla Costa' })).not.toBeChecked();
    const ivan = await rowOf('Ivan Ito');
    expect(within(ivan).getByRole('checkbox', { name: 'Approve Ivan Ito' })).toBeChecked();
    expect(within(ivan).getByRole('combobox', { name: 'Two weeks ahead for Ivan Ito' })).toHaveTextContent(
      '4.5',
    );
  });

  it('offers 0 to 5 in steps of 0.25 for practice 7 and of 0.5 for the others', async () => {
    renderOnePage({ query: '?open=110' });
    const carla = await options(await screen.findByRole('combobox', { name: 'This week for Carla Costa' }));
    expect(carla).toHaveLength(21);
    expect(carla.slice(0, 4)).toEqual(['0', '0.25', '0.5', '0.75']);
    expect(carla.at(-1)).toBe('5');
    await userEvent.keyboard('{Escape}');
    const ivan = await options(screen.getByRole('combobox', { name: 'Next week for Ivan Ito' }));
    expect(ivan).toEqual(['0', '0.5', '1', '1.5', '2', '2.5', '3', '3.5', '4', '4.5', '5']);
  });

  it('this week is a PATCH { totalDays }; the next weeks and approve PUT the whole suggestion', async () => {
    const { calls } = renderOnePage({ query: '?open=110' });
    await options(await screen.findByRole('combobox', { name: 'This week for Carla Costa' }));
    await userEvent.click(screen.getByRole('option', { name: '3.75' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toEqual({
      method: 'PATCH',
      url: '/api/project-allocation-suggestions/501',
      body: { totalDays: 3.75 },
      ifMatch: '"1"',
    });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'This week for Carla Costa' })).toHaveTextContent('3.75'),
    );

    await options(screen.getByRole('combobox', { name: 'Two weeks ahead for Ivan Ito' }));
    await userEvent.click(screen.getByRole('option', { name: '2' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]).toMatchObject({
      method: 'PUT',
      url: '/api/project-allocation-suggestions/502',
      body: {
        id: 502,
        idProfessional: 10,
        totalDays: 5,
        isApproved: true,
        nextAllocations: [{ totalDays: 5 }, { totalDays: 2 }],
      },
      ifMatch: '"1"',
    });

    await userEvent.click(screen.getByRole('checkbox', { name: 'Approve Carla Costa' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(3));
    expect(writes(calls)[2]).toMatchObject({
      method: 'PUT',
      url: '/api/project-allocation-suggestions/501',
      body: { isApproved: true, totalDays: 3.75, feedback: 'Good pace' },
      ifMatch: '"2"',
    });
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Approve Carla Costa' })).toBeChecked());
  });

  it('a refused allocation change: "Error updating allocation" and the table read again', async () => {
    renderOnePage({
      query: '?open=110',
      handlers: [
        http.patch('/api/project-allocation-suggestions/:id', () =>
          fail(400, 'Allocation days go from 0 to 5 in steps of 0.5'),
        ),
      ],
    });
    await options(await screen.findByRole('combobox', { name: 'This week for Ivan Ito' }));
    await userEvent.click(screen.getByRole('option', { name: '1' }));
    expect(await screen.findByText('Error updating allocation')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong while updating the allocation.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'This week for Ivan Ito' })).toHaveTextContent('5'),
    );
  });

  it('feedback saves 1 s after typing stops: "Feedback saved"; a failure says so', async () => {
    let failures = 0;
    const { calls } = renderOnePage({
      query: '?open=110',
      handlers: [
        http.patch('/api/project-allocation-suggestions/:id', () =>
          failures-- > 0 ? fail(400, 'Invalid request') : undefined,
        ),
      ],
    });
    const box = await screen.findByRole('textbox', { name: 'Feedback for Ivan Ito' });
    await userEvent.type(box, 'Needs a mentor');
    expect(writes(calls)).toHaveLength(0);
    expect(await screen.findByText('Feedback saved', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      {
        method: 'PATCH',
        url: '/api/project-allocation-suggestions/502',
        body: { feedback: 'Needs a mentor' },
        ifMatch: '"1"',
      },
    ]);
    failures = 1;
    await userEvent.type(box, '!');
    expect(await screen.findByText('Error updating feedback', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText('Something went wrong while updating the feedback.')).toBeInTheDocument();
    // the value stays; the next change saves it
    expect(box).toHaveValue('Needs a mentor!');
    await userEvent.type(box, '?');
    await waitFor(() => expect(writes(calls)).toHaveLength(2), { timeout: 3000 });
    expect(writes(calls)[1]).toMatchObject({ body: { feedback: 'Needs a mentor!?' }, ifMatch: '"2"' });
  });

  it('Approve All approves every suggestion: "All Governance Allocations approved"', async () => {
    const { calls } = renderOnePage({ query: '?open=110' });
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Approve All' }));
    expect(await screen.findByText('All Governance Allocations approved')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      {
        method: 'PATCH',
        url: '/api/project-allocation-suggestions/one-page/110/approve-all',
        body: undefined,
        ifMatch: null,
      },
    ]);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Approve Carla Costa' })).toBeChecked());
    expect(screen.getByRole('button', { name: 'Approve All' })).toBeDisabled();
  });

  it('adds a team member not yet listed, and deletes after confirmation', async () => {
    const { calls } = renderOnePage({ query: '?open=110' });
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add allocation' });
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeDisabled();
    const who = await options(within(dialog).getByRole('combobox', { name: /Professional/ }));
    // the team minus Carla and Ivan (already listed)
    expect(who).toEqual(['Dora Duarte', 'Marcos Moura', 'Paula Pereira']);
    await userEvent.click(screen.getByRole('option', { name: 'Dora Duarte' }));
    await options(within(dialog).getByRole('combobox', { name: 'This week' }));
    await userEvent.click(screen.getByRole('option', { name: '2.5' }));
    await options(within(dialog).getByRole('combobox', { name: 'Two weeks ahead' }));
    await userEvent.click(screen.getByRole('option', { name: '1' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Added with success.')).toBeInTheDocument();
    expect(writes(calls)[0]).toMatchObject({
      method: 'POST',
      url: '/api/project-allocation-suggestions/one-page/110',
      body: { idProfessional: 8, totalDays: 2.5, nextAllocations: [{ totalDays: 0 }, { totalDays: 1 }] },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const dora = await rowOf('Dora Duarte');

    await userEvent.click(within(dora).getByRole('button', { name: 'Delete Dora Duarte' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete' });
    expect(
      within(confirm).getByText('Are you sure you want to delete the allocation of Dora Duarte?'),
    ).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(writes(calls)[1]).toMatchObject({
        method: 'DELETE',
        url: '/api/project-allocation-suggestions/503',
      }),
    );
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText('Dora Duarte')).toBeNull());
  });

  it('a refused add stays in the dialog with the server’s message', async () => {
    renderOnePage({
      query: '?open=110',
      handlers: [
        http.post('/api/project-allocation-suggestions/one-page/:id', () =>
          fail(409, 'Dora Duarte already has an allocation on this One Page'),
        ),
      ],
    });
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add allocation' });
    await options(within(dialog).getByRole('combobox', { name: /Professional/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Dora Duarte' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await within(dialog).findByText('Dora Duarte already has an allocation on this One Page'),
    ).toBeInTheDocument();
  });

  it('read-only once submitted: no Add, Approve All or Delete; days, feedback and approve disabled', async () => {
    const { calls } = renderOnePage({ query: '?open=109', pages: { 109: SUBMITTED_PAGE } });
    const t = await table();
    await within(t).findByText('Carla Costa');
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve All' })).toBeNull();
    expect(within(t).queryByRole('button', { name: /^Delete/ })).toBeNull();
    for (const c of within(t).getAllByRole('combobox')) expect(c).toBeDisabled();
    for (const c of within(t).getAllByRole('checkbox')) expect(c).toBeDisabled();
    const ivan = within(t).getByRole('textbox', { name: 'Feedback for Ivan Ito' });
    expect(ivan).toHaveAttribute('readonly');
    expect(ivan).toHaveAttribute('placeholder', 'No feedback available');
    expect(writes(calls)).toEqual([]);
  });
});
