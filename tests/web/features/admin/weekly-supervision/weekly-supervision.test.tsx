import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import WeeklySupervisionPage from '@web/features/admin/weekly-supervision/WeeklySupervisionPage';
import { weeklySupervisionSearch } from '@web/features/admin/weekly-supervision/api/weekly-supervision';
import { supervisionSearch } from '@web/features/admin/supervision-shared/api/supervision';
import { server } from '../../../msw-server';
import { USERS } from '../../../render';
import { renderAs, serveSupervision, supervisionRow } from '../supervision-fixtures';

const counter = (label: string) =>
  within(screen.getByRole('list', { name: 'Counters' }))
    .getByText(label)
    .closest('[role="listitem"]')!;

afterEach(() => vi.restoreAllMocks());

/** More projects than 1,000: the grid pages through every one of them. */
const TOTAL = 1250;

describe('Weekly Supervision', () => {
  it('shows the §2.9 columns with their titles, dots and the five counters; Kim has no Edit', async () => {
    const { requests } = serveSupervision('/api/weekly-supervision');
    renderAs(USERS.kim, <WeeklySupervisionPage />);
    const grid = await screen.findByRole('grid', { name: 'Weekly supervision' });
    await within(grid).findByText('SV-0001');
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    for (const t of [
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
    ])
      expect(
        headers.some((h) => h?.includes(t)),
        t,
      ).toBe(true);
    expect(counter('PROJECTS')).toHaveTextContent('250');
    expect(counter('ONE-PAGE NOT SUBMITTED')).toHaveTextContent('188');
    expect(counter('RED')).toHaveTextContent('62');
    const row4 = within(grid).getByText('SV-0004').closest('[role="row"]') as HTMLElement;
    expect(within(row4).getByRole('img', { name: 'Red' })).toHaveAttribute('data-colour', 'red');
    expect(within(row4).getByRole('img', { name: 'Green' })).toHaveAttribute('data-colour', 'green');
    expect(requests[0]!.get('status')).toBe('2,3,4');
    expect(within(grid).queryByRole('button', { name: 'Edit SV-0001' })).toBeNull();
    expect(within(grid).getByRole('button', { name: 'Open Project SV-0001' })).toBeInTheDocument();
  });

  it('loads 100 rows at a time as the grid scrolls; every project is counted and reachable', async () => {
    const { requests } = serveSupervision('/api/weekly-supervision', TOTAL);
    renderAs(USERS.alice, <WeeklySupervisionPage />);
    const grid = await screen.findByRole('grid', { name: 'Weekly supervision' });
    expect(await within(grid).findByText('SV-0001')).toBeInTheDocument();
    expect(grid).toHaveAttribute('aria-rowcount', '1251');
    expect(counter('PROJECTS')).toHaveTextContent('1250');
    expect(counter('ONE-PAGE NOT SUBMITTED')).toHaveTextContent('938');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.get('skip')).toBe('0');
    expect(requests[0]!.get('take')).toBe('100');
    expect(requests[0]!.get('status')).toBe('2,3,4');

    const viewport = screen.getByTestId('grid-viewport');
    viewport.scrollTop = 44 * 95;
    fireEvent.scroll(viewport);
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]!.get('skip')).toBe('100');
    expect(await within(grid).findByText('SV-0110')).toBeInTheDocument();
    expect(within(grid).getByText('SV-0110').closest('[role="row"]')).toHaveAttribute('aria-rowindex', '111');

    // beyond the old 1,000-row cut: held at the end of the list, the grid loads page after page
    viewport.scrollTop = 44 * TOTAL;
    fireEvent.scroll(viewport);
    const last = await within(grid).findByText('SV-1250', {}, { timeout: 45_000 });
    expect(last.closest('[role="row"]')).toHaveAttribute('aria-rowindex', '1251');
    expect(requests.map((r) => Number(r.get('skip')))).toEqual([
      0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200,
    ]);
    // only a window of rows is in the document
    expect(within(grid).getAllByRole('row').length).toBeLessThan(60);
  }, 60_000);

  it('sends the search to the server (debounced) and shows its counters', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { requests } = serveSupervision('/api/weekly-supervision', TOTAL);
      renderAs(USERS.alice, <WeeklySupervisionPage />);
      const grid = await screen.findByRole('grid', { name: 'Weekly supervision' });
      await within(grid).findByText('SV-0001');
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.type(screen.getByPlaceholderText('Digite aqui para buscar'), 'sv-12');
      expect(requests).toHaveLength(1); // not one request per keystroke
      await act(() => vi.advanceTimersByTimeAsync(300));
      await waitFor(() => expect(requests).toHaveLength(2));
      expect(requests[1]!.get('search')).toBe('sv-12');
      expect(requests[1]!.get('skip')).toBe('0');
      // SV-1200 to SV-1250
      await waitFor(() => expect(grid).toHaveAttribute('aria-rowcount', '52'));
      expect(counter('PROJECTS')).toHaveTextContent('51');
      expect(within(grid).getByText('SV-1200')).toBeInTheDocument();
      expect(within(grid).queryByText('SV-0001')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('filters statuses on the server from the Status header filter', async () => {
    const { requests } = serveSupervision('/api/weekly-supervision', TOTAL);
    renderAs(USERS.alice, <WeeklySupervisionPage />);
    const grid = await screen.findByRole('grid', { name: 'Weekly supervision' });
    await within(grid).findByText('SV-0001');
    fireEvent.click(within(grid).getByRole('button', { name: 'Filter Project Status' }));
    expect(await screen.findByRole('checkbox', { name: 'During' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Draft' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Closed' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Paused' }));
    await waitFor(() => expect(requests.at(-1)!.get('status')).toBe('2,3,4,6'));
  });

  it('sends the header filters to the server', async () => {
    const { requests } = serveSupervision('/api/weekly-supervision');
    renderAs(USERS.alice, <WeeklySupervisionPage />);
    const grid = await screen.findByRole('grid', { name: 'Weekly supervision' });
    await within(grid).findByText('SV-0001');
    await userEvent.click(within(grid).getByRole('button', { name: 'Filter OP Submitted?' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Yes' }));
    await waitFor(() => expect(requests.at(-1)!.get('onePageSubmitted')).toBe('false'));
    expect(requests.at(-1)!.get('skip')).toBe('0');
  });

  it("Edit: sends only the changed fields with If-Match, says 'Saved', shows the answer and refetches the counters", async () => {
    const { requests } = serveSupervision('/api/weekly-supervision');
    const sent: { body: unknown; ifMatch: string | null; url: string }[] = [];
    server.use(
      http.patch('/api/projects/:id/priority', async ({ request, params }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push({ body, ifMatch: request.headers.get('if-match'), url: request.url });
        return HttpResponse.json(
          supervisionRow(Number(params.id), {
            priority: true,
            onePageSubmitted: true,
            onePageProblemLevel: 2,
            version: 8,
          }),
        );
      }),
    );
    renderAs(USERS.alice, <WeeklySupervisionPage />);
    const grid = await screen.findByRole('grid', { name: 'Weekly supervision' });
    await within(grid).findByText('SV-0001');
    await userEvent.click(within(grid).getByRole('button', { name: 'Edit SV-0001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit SV-0001' });
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Priority' }));
    await userEvent.click(within(dialog).getByRole('switch', { name: 'OP Submitted?' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // submitted needs a level: nothing is sent
    expect(
      await within(dialog).findByText('A submitted one-page needs an OP Status: Green, Yellow or Red'),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'OP Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Yellow' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url).toMatch(/\/api\/projects\/1\/priority$/);
    expect(sent[0]!.body).toEqual({ priority: true, onePageProblemLevel: 2, isSubmitted: true });
    expect(sent[0]!.ifMatch).toBe('"7"');
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = within(grid).getByText('SV-0001').closest('[role="row"]') as HTMLElement;
    expect(within(row).getByRole('img', { name: 'Yellow' })).toBeInTheDocument();
    await waitFor(() => expect(requests.some((q) => q.get('take') === '1')).toBe(true));
  });

  it('an edit that takes the row out of the header filter reloads the rows with the counters', async () => {
    const { rows, requests } = serveSupervision('/api/weekly-supervision', 3);
    server.use(
      http.get('/api/weekly-supervision', ({ request }) => {
        const q = new URL(request.url).searchParams;
        requests.push(q);
        const shown = rows.filter((r) => q.get('onePageSubmitted') !== 'false' || !r.onePageSubmitted);
        return HttpResponse.json(shown, {
          headers: {
            'x-total': String(shown.length),
            'x-total-green': '0',
            'x-total-yellow': '0',
            'x-total-red': '0',
            'x-total-notsubmitted': String(shown.filter((r) => !r.onePageSubmitted).length),
          },
        });
      }),
      http.patch('/api/projects/:id/priority', ({ params }) => {
        const i = rows.findIndex((r) => r.idProject === Number(params.id));
        rows[i] = { ...rows[i]!, onePageSubmitted: true, onePageProblemLevel: 1, version: 8 };
        return HttpResponse.json(rows[i]);
      }),
    );
    renderAs(USERS.alice, <WeeklySupervisionPage />);
    const grid = await screen.findByRole('grid', { name: 'Weekly supervision' });
    await within(grid).findByText('SV-0001');
    await userEvent.click(within(grid).getByRole('button', { name: 'Filter OP Submitted?' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Yes' }));
    await waitFor(() => expect(requests.at(-1)!.get('onePageSubmitted')).toBe('false'));
    await userEvent.keyboard('{Escape}');
    const before = rows.filter((r) => !r.onePageSubmitted).length;
    expect(before).toBeGreaterThan(0);
    const target = rows.find((r) => !r.onePageSubmitted)!;
    await within(grid).findByText(target.projectCode);
    await userEvent.click(within(grid).getByRole('button', { name: `Edit ${target.projectCode}` }));
    const dialog = await screen.findByRole('dialog', { name: `Edit ${target.projectCode}` });
    await userEvent.click(within(dialog).getByRole('switch', { name: 'OP Submitted?' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'OP Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Green' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // the submitted row leaves the "not submitted" grid, and the page of rows comes with its counters
    await waitFor(() => expect(within(grid).queryByText(target.projectCode)).toBeNull());
    const reload = requests.at(-1)!;
    expect(reload.get('onePageSubmitted')).toBe('false');
    expect(reload.get('take')).toBe('100');
  });

  it("a refused edit keeps the dialog open with the server's message and says 'Something went wrong'", async () => {
    serveSupervision('/api/weekly-supervision');
    server.use(
      http.patch('/api/projects/:id/priority', () =>
        HttpResponse.json(
          { statusCode: 409, error: 'Conflict', message: 'This project has no one-page this week' },
          { status: 409 },
        ),
      ),
    );
    renderAs(USERS.alice, <WeeklySupervisionPage />);
    const grid = await screen.findByRole('grid', { name: 'Weekly supervision' });
    await within(grid).findByText('SV-0002');
    await userEvent.click(within(grid).getByRole('button', { name: 'Edit SV-0002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit SV-0002' });
    // no one-page this week: its fields are read-only
    expect(within(dialog).getByText('This project has no one-page this week.')).toBeInTheDocument();
    expect(within(dialog).getByRole('switch', { name: 'OP Submitted?' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Internal' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(within(dialog).getByText(/no one-page this week$/)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit SV-0002' })).toBeInTheDocument();
  });

  it('Open Project opens the Dashboard Archive in a new window', async () => {
    serveSupervision('/api/weekly-supervision');
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderAs(USERS.alice, <WeeklySupervisionPage />);
    const grid = await screen.findByRole('grid', { name: 'Weekly supervision' });
    await within(grid).findByText('SV-0003');
    await userEvent.click(within(grid).getByRole('button', { name: 'Open Project SV-0003' }));
    expect(open).toHaveBeenCalledWith('/project/3/during/dashboard-archive', '_blank', 'noopener,noreferrer');
  });

  it('Export Excel downloads the filtered file with the §8 messages, and says so when it fails', async () => {
    serveSupervision('/api/weekly-supervision');
    const exports: URLSearchParams[] = [];
    let fail = false;
    server.use(
      http.get('/api/weekly-supervision/export', ({ request }) => {
        exports.push(new URL(request.url).searchParams);
        return fail
          ? HttpResponse.json({ statusCode: 500, error: 'x', message: 'x' }, { status: 500 })
          : new HttpResponse(new Uint8Array([80, 75]), {
              headers: { 'x-file-name': 'report-all-weekly-supervisions.xlsx' },
            });
      }),
    );
    const createObjectURL = vi.fn((_b: Blob) => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    renderAs(USERS.alice, <WeeklySupervisionPage />);
    const grid = await screen.findByRole('grid', { name: 'Weekly supervision' });
    await within(grid).findByText('SV-0001');
    await userEvent.click(screen.getByRole('button', { name: 'Export Excel' }));
    expect(
      await screen.findByText('We are generating your report. It could take a while'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Report generated successfully. Open or save it.')).toBeInTheDocument();
    expect(exports[0]!.get('status')).toBe('2,3,4');
    expect(createObjectURL).toHaveBeenCalled();
    fail = true;
    await userEvent.click(screen.getByRole('button', { name: 'Export Excel' }));
    expect(
      await screen.findByText('Something went wrong with your report. Try again please.'),
    ).toBeInTheDocument();
  });

  it('builds the page query with skip, take 100, search and status', () => {
    expect(weeklySupervisionSearch({}, 0)).toBe('skip=0&take=100');
    expect(weeklySupervisionSearch({ search: ' São ', status: [4, 2] }, 200)).toBe(
      'skip=200&take=100&search=S%C3%A3o&status=2%2C4',
    );
  });

  it('builds the page query with skip, take 100 and every filter that is set', () => {
    expect(supervisionSearch({}, 0)).toBe('skip=0&take=100');
    expect(
      supervisionSearch(
        { search: ' São ', status: [4, 2], onePageSubmitted: false, problemLevel: [3, 1] },
        200,
      ),
    ).toBe('skip=200&take=100&search=S%C3%A3o&status=2%2C4&onePageSubmitted=false&problemLevel=1%2C3');
  });
});
