import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { server } from '../../../msw-server';
import { renderWithProviders } from '../../../render';
import ToolkitsPage from '@web/features/setup/toolkits/ToolkitsPage';

const ROWS = [
  { id: 11, idToolkit: 1, idStatus: 0 },
  { id: 12, idToolkit: 2, idStatus: 1 },
  { id: 13, idToolkit: 4, idStatus: 2 },
  { id: 14, idToolkit: 5, idStatus: 3 },
];
const MASTER = [
  { ID: 1, Name: 'Strategy Canvas', IsActive: true, Methodology: { IDPractice: 1 } },
  { ID: 2, Name: 'Market Sizing', IsActive: true, Methodology: { IDPractice: 1 } },
  { ID: 3, Name: 'Old Deck', IsActive: false, Methodology: { IDPractice: 1 } },
  { ID: 4, Name: 'Value Stream Map', IsActive: true, Methodology: { IDPractice: 2 } },
  { ID: 5, Name: 'Kaizen Kit', IsActive: true, Methodology: { IDPractice: 2 } },
];

/** The options of the open Fluent listbox (the grid's native "Rows per page" select has options too). */
const listed = () =>
  within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((o) => o.textContent);

/** Waits until every query of the screen has answered (names resolved through the master toolkits). */
const settled = async () => {
  await screen.findByText('Strategy Strategy Canvas');
  await screen.findByText('Operations Kaizen Kit');
};

function setup(
  perms: { canEdit: boolean; options: number[] },
  overrides: Parameters<typeof server.use> = [],
) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  server.use(
    http.get('/api/project/3/toolkits', () => HttpResponse.json(ROWS)),
    http.get('/api/project/3/toolkits/permissions', () => HttpResponse.json(perms)),
    http.get('/master/toolkits', () => HttpResponse.json(MASTER)),
    http.get('/master/practices', () =>
      HttpResponse.json([
        { ID: 1, Name: 'Strategy' },
        { ID: 2, Name: 'Operations' },
      ]),
    ),
    ...overrides,
    http.all('/api/project/3/toolkits/*', async ({ request }) => {
      calls.push({
        method: request.method,
        url: new URL(request.url).pathname,
        body: request.method === 'PUT' || request.method === 'POST' ? await request.text() : undefined,
      });
      return HttpResponse.json({});
    }),
    http.post('/api/project/3/toolkits', async ({ request }) => {
      calls.push({ method: 'POST', url: '/api/project/3/toolkits', body: await request.json() });
      return HttpResponse.json({}, { status: 201 });
    }),
  );
  renderWithProviders(
    <Routes>
      <Route path="/project/:id/setup/toolkit" element={<ToolkitsPage />} />
    </Routes>,
    { path: '/project/3/setup/toolkit' },
  );
  return calls;
}

describe('Toolkits screen', () => {
  it('shows SETUP / Toolkits, the names with practice and the status dots', async () => {
    setup({ canEdit: false, options: [] });
    expect(await screen.findByText('SETUP')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Toolkits' })).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'Toolkits' });
    expect(await within(grid).findByText('Strategy Strategy Canvas')).toBeInTheDocument();
    for (const label of ['Draft', 'Request', 'Approved', 'Not Approved'])
      expect(within(grid).getByRole('img', { name: label })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add toolkit' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Change status of/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change all' })).toBeNull();
  });

  it('hides CHANGE for Approved and Not Approved rows; the manager may only Request, with the notice', async () => {
    setup({ canEdit: true, options: [1] });
    await settled();
    const changes = await screen.findAllByRole('button', { name: /Change status of/ });
    expect(changes).toHaveLength(2);
    fireEvent.click(changes[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Change Toolkit Status' });
    expect(
      await within(dialog).findByText('Which status would you like to change this toolkit to?'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'If you change the status to request, an e-mail message will be sent to project partner',
      ),
    ).toBeInTheDocument();
    expect(await within(dialog).findByRole('button', { name: 'Confirm' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('combobox'));
    expect(listed()).toEqual(['Request']);
  });

  it('changes a status and reloads; a failure is shown and the dialog stays usable (no endless spinner)', async () => {
    const calls = setup({ canEdit: true, options: [2, 3] }, [
      http.put('/api/project/3/toolkits/11/change/3', () =>
        HttpResponse.json(
          { message: 'Approved and Not Approved toolkits cannot be changed' },
          { status: 409 },
        ),
      ),
    ]);
    await settled();
    fireEvent.click((await screen.findAllByRole('button', { name: /Change status of/ }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Change Toolkit Status' });
    await userEvent.click(await within(dialog).findByRole('combobox'));
    expect(within(dialog).queryByText(/If you change the status to request/)).toBeNull();
    await userEvent.click(screen.getByRole('option', { name: 'Not Approved' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(dialog).findByText('Approved and Not Approved toolkits cannot be changed'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('combobox'));
    await userEvent.click(screen.getByRole('option', { name: 'Approved' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/project/3/toolkits/11/change/2')).toBe(
      true,
    );
  });

  it('adds from the active master toolkits, sorted by practice, with idStatus 0 and "Added with success."', async () => {
    const calls = setup({ canEdit: true, options: [0, 1, 2, 3] });
    await settled();
    fireEvent.click(await screen.findByRole('button', { name: 'Add toolkit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Toolkit' });
    await userEvent.click(await within(dialog).findByRole('combobox'));
    const opts = listed();
    expect(opts).toEqual([
      'Strategy Market Sizing',
      'Strategy Strategy Canvas',
      'Operations Kaizen Kit',
      'Operations Value Stream Map',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Operations Kaizen Kit' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ idToolkit: 5, idStatus: 0 }),
    );
    expect((await screen.findAllByText('Added with success.')).length).toBeGreaterThan(0);
  });

  it('edit offers every master toolkit and Pending / Approved / Not Approved', async () => {
    setup({ canEdit: true, options: [0, 1, 2, 3] });
    await settled();
    fireEvent.click((await screen.findAllByRole('button', { name: 'Edit' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Toolkit' });
    const [toolkit, status] = await within(dialog).findAllByRole('combobox');
    await userEvent.click(toolkit!);
    expect(listed()).toContain('Strategy Old Deck');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(status!);
    expect(listed()).toEqual(['Pending', 'Approved', 'Not Approved']);
  });
  it('offers Edit and Delete only on rows that are not final (Approved, Not Approved) for a non-admin', async () => {
    setup({ canEdit: true, options: [1] });
    await settled();
    const grid = await screen.findByRole('grid', { name: 'Toolkits' });
    expect(within(grid).getAllByRole('button', { name: 'Edit' })).toHaveLength(2);
    expect(within(grid).getAllByRole('button', { name: 'Delete' })).toHaveLength(2);
  });

  it('the toolkit select searches as one types; edit sends the loaded row with the changes and says "Added with success."', async () => {
    const calls = setup({ canEdit: true, options: [0, 1, 2, 3] });
    await settled();
    fireEvent.click((await screen.findAllByRole('button', { name: 'Edit' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Toolkit' });
    const [toolkit, status] = await within(dialog).findAllByRole('combobox');
    await userEvent.clear(toolkit!);
    await userEvent.type(toolkit!, 'kai');
    expect(listed()).toEqual(['Operations Kaizen Kit']);
    await userEvent.click(screen.getByRole('option', { name: 'Operations Kaizen Kit' }));
    await userEvent.click(status!);
    await userEvent.click(screen.getByRole('option', { name: 'Approved' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/project/3/toolkits/11',
      body: JSON.stringify({ id: 11, idToolkit: 5, idStatus: 2 }),
    });
    expect((await screen.findAllByText('Added with success.')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a failed add says "Something went wrong..." and the dialog closes either way', async () => {
    setup({ canEdit: true, options: [0, 1, 2, 3] }, [
      http.post('/api/project/3/toolkits', () =>
        HttpResponse.json(
          { statusCode: 400, error: 'Bad Request', message: 'idToolkit: required' },
          { status: 400 },
        ),
      ),
    ]);
    await settled();
    fireEvent.click(await screen.findByRole('button', { name: 'Add toolkit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Toolkit' });
    // spec 000 §5: no validation on add, whatever is selected (here nothing) is sent
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Something went wrong...')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Change all asks about "the toolkits" and sends the chosen status for every row', async () => {
    const calls = setup({ canEdit: true, options: [2, 3] });
    await settled();
    await userEvent.click(await screen.findByRole('button', { name: 'Change all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change All Toolkits Status' });
    expect(
      within(dialog).getByText('Which status would you like to change the toolkits to?'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('combobox'));
    await userEvent.click(screen.getByRole('option', { name: 'Approved' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/project/3/toolkits/change-all/2')).toBe(
      true,
    );
  });
});
