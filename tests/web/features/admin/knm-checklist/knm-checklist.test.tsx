import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { CHECKLIST_DEFAULTS, type ClosureChecklistRecord, type KnmChecklistRow } from '@domain/contract';
import { SessionProvider } from '@web/api/session-context';
import KnmChecklistPage from '@web/features/admin/knm-checklist/KnmChecklistPage';
import { server } from '../../../msw-server';
import { fakeToken, renderWithProviders, USERS } from '../../../render';

const ROWS: KnmChecklistRow[] = [
  row(5, 'DEMO-CLOSURE', 'Evergreen Health', 4),
  row(6, 'DEMO-CLOSEOUT', 'Cobalt Energy', 4),
  row(7, 'DEMO-FINISHED', 'Blue River Bank', 5),
  row(40, 'GEN-0040', 'Blue River Bank', 5),
];
function row(idProject: number, projectCode: string, clientName: string, idStatus: number): KnmChecklistRow {
  return {
    idProject,
    projectCode,
    projectName: `${projectCode} name`,
    clientName,
    idStatus,
    statusName: idStatus === 4 ? 'Closure' : 'Closed',
    hasChecklist: idProject !== 40,
  };
}

function serve({ failPut = false, stale = false } = {}) {
  const state = { puts: [] as { body: unknown; ifMatch: string | null }[] };
  let record: ClosureChecklistRecord = { idProject: 5, ...CHECKLIST_DEFAULTS, checkCase: 2, version: 3 };
  server.use(
    http.get('/api/knm-checklist', () => HttpResponse.json(ROWS)),
    http.get('/api/project-closure-check/project/5', () =>
      HttpResponse.json(record, { headers: { etag: `"${record.version}"` } }),
    ),
    http.put('/api/project-closure-check/project/5', async ({ request }) => {
      const body = (await request.json()) as ClosureChecklistRecord;
      state.puts.push({ body, ifMatch: request.headers.get('if-match') });
      if (failPut) return HttpResponse.json({ statusCode: 500, message: 'boom' }, { status: 500 });
      if (stale) {
        const current = { ...record, checkReferences: 0, version: 4 };
        return HttpResponse.json(
          { statusCode: 412, message: 'This record was changed by someone else meanwhile', current },
          { status: 412 },
        );
      }
      record = { ...record, ...body, version: record.version + 1 };
      return HttpResponse.json(record);
    }),
  );
  return state;
}

function renderPage(user = USERS.kim) {
  localStorage.setItem('portal.accessToken', fakeToken(user));
  return renderWithProviders(
    <SessionProvider>
      <KnmChecklistPage />
    </SessionProvider>,
  );
}

describe('KNM Project Check List', () => {
  it('lists Project Code and Client; the search narrows the rows', async () => {
    serve();
    renderPage();
    const grid = await screen.findByRole('grid', { name: 'Project check list' });
    expect(await within(grid).findByText('DEMO-CLOSURE')).toBeInTheDocument();
    expect(within(grid).getByText('Evergreen Health')).toBeInTheDocument();
    expect(within(grid).getByRole('columnheader', { name: /Project Code/ })).toBeInTheDocument();
    expect(within(grid).getByRole('columnheader', { name: /Client/ })).toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText('Search'), 'blue river');
    await waitFor(() => expect(within(grid).queryByText('DEMO-CLOSURE')).not.toBeInTheDocument());
    expect(within(grid).getByText('DEMO-FINISHED')).toBeInTheDocument();
    expect(within(grid).getByText('GEN-0040')).toBeInTheDocument();
  });

  it("opens 'Edit Checklist' with the record, saves the whole checklist with If-Match and says 'Saved'", async () => {
    const state = serve();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit checklist of DEMO-CLOSURE' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Edit Checklist/)).toBeInTheDocument();
    const caseSelect = await within(dialog).findByRole('combobox', { name: 'Case' });
    expect(caseSelect).toHaveValue('2');
    expect(
      within(caseSelect)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Not Applicable', 'Pending', 'Done']);
    expect(within(dialog).getAllByRole('combobox')).toHaveLength(9);
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'References' }),
      'Not Applicable',
    );
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Send Warning' }), 'Yes');
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Logo Authorization' }),
      'Yes',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(state.puts).toHaveLength(1);
    expect(state.puts[0]!.ifMatch).toBe('"3"');
    expect(state.puts[0]!.body).toEqual({
      ...CHECKLIST_DEFAULTS,
      checkCase: 2,
      checkReferences: 0,
      checkSendWarning: 1,
      logoAuthorization: true,
    });
  });

  it("says 'Something went wrong...' and keeps the dialog open when the save fails", async () => {
    const state = serve({ failPut: true });
    renderPage(USERS.alice);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit checklist of DEMO-CLOSURE' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('combobox', { name: 'Case' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Something went wrong...')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(state.puts).toHaveLength(1);
  });

  it('takes the server record after a 412 and saves again with its version', async () => {
    const state = serve({ stale: true });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit checklist of DEMO-CLOSURE' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('combobox', { name: 'Case' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Something went wrong...')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'References' })).toHaveValue('0'),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(state.puts).toHaveLength(2));
    expect(state.puts[1]!.ifMatch).toBe('"4"');
  });

  it('sends nothing for a person without Admin or KNW', async () => {
    let asked = 0;
    server.use(http.get('/api/knm-checklist', () => (asked++, HttpResponse.json(ROWS))));
    renderPage(USERS.marcos);
    await screen.findByRole('grid', { name: 'Project check list' });
    expect(asked).toBe(0);
  });
});
