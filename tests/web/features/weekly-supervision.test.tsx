import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { SupervisionRow } from '@domain/contract';
import { server } from '../msw-server';
import { renderWithProviders, fakeToken, USERS } from '../render';
import WeeklySupervisionPage from '@web/features/admin/weekly-supervision/WeeklySupervisionPage';
import MailOutboxPage from '@web/features/admin/mail-outbox/MailOutboxPage';
import { weeklySupervisionSearch } from '@web/features/admin/weekly-supervision/api/weekly-supervision';
import { serveGridColumns } from './supervision-fixtures';

const TOTAL = 1250;
const row = (i: number): SupervisionRow => ({
  idProject: i,
  projectCode: `WS-${String(i).padStart(4, '0')}`,
  projectName: i % 2 ? `São Project ${i}` : `Other ${i}`,
  clientName: 'Cobalt Energy',
  statusName: 'During',
  idStatus: 3,
  practiceName: null,
  businessUnitName: null,
  coManagementName: 'North',
  duringTypeName: null,
  idDuringType: null,
  allocationStatusName: null,
  idAllocationStatus: 0,
  hasAllocation: false,
  hasGovernanceAction: false,
  pdcPriority: false,
  priority: i % 3 === 0,
  internal: false,
  onePageSubmitted: i % 4 === 0,
  onePageProblemLevel: i % 4 === 0 ? 1 : 0,
  environmentStatus: null,
});
const ALL = Array.from({ length: TOTAL }, (_, i) => row(i + 1));

/** The server: 1,250 projects, 100 a page, searched by code or name; counters of the whole filtered set. */
function serve() {
  const requests: URLSearchParams[] = [];
  serveGridColumns();
  server.use(
    http.get('/api/weekly-supervision', ({ request }) => {
      const q = new URL(request.url).searchParams;
      requests.push(q);
      const search = (q.get('search') ?? '').toLowerCase();
      const matching = search
        ? ALL.filter((r) => `${r.projectCode} ${r.projectName}`.toLowerCase().includes(search))
        : ALL;
      const skip = Number(q.get('skip') ?? 0);
      const take = Number(q.get('take') ?? 100);
      return HttpResponse.json(matching.slice(skip, skip + take), {
        headers: {
          'x-total': String(matching.length),
          'x-total-green': String(matching.filter((r) => r.onePageProblemLevel === 1).length),
          'x-total-yellow': '0',
          'x-total-red': '0',
          'x-total-notsubmitted': String(matching.filter((r) => !r.onePageSubmitted).length),
        },
      });
    }),
  );
  return requests;
}

const counter = (label: string) =>
  within(screen.getByRole('list', { name: 'Counters' }))
    .getByText(label)
    .closest('[role="listitem"]')!;

describe('Weekly Supervision (server-paged grid)', () => {
  it('loads 100 rows at a time as the grid scrolls; every project is counted and reachable', async () => {
    localStorage.setItem('portal.accessToken', fakeToken(USERS.alice));
    const requests = serve();
    renderWithProviders(<WeeklySupervisionPage />);
    const grid = await screen.findByRole('grid', { name: 'Weekly supervision' });
    expect(await within(grid).findByText('WS-0001')).toBeInTheDocument();
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
    expect(await within(grid).findByText('WS-0110')).toBeInTheDocument();
    expect(within(grid).getByText('WS-0110').closest('[role="row"]')).toHaveAttribute('aria-rowindex', '111');

    // beyond the old 1,000-row cut: held at the end of the list, the grid loads page after page
    viewport.scrollTop = 44 * TOTAL;
    fireEvent.scroll(viewport);
    const last = await within(grid).findByText('WS-1250', {}, { timeout: 45_000 });
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
      localStorage.setItem('portal.accessToken', fakeToken(USERS.alice));
      const requests = serve();
      renderWithProviders(<WeeklySupervisionPage />);
      const grid = await screen.findByRole('grid', { name: 'Weekly supervision' });
      await within(grid).findByText('WS-0001');
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.type(screen.getByPlaceholderText('Digite aqui para buscar'), 'ws-12');
      expect(requests).toHaveLength(1); // not one request per keystroke
      await act(() => vi.advanceTimersByTimeAsync(300));
      await waitFor(() => expect(requests).toHaveLength(2));
      expect(requests[1]!.get('search')).toBe('ws-12');
      expect(requests[1]!.get('skip')).toBe('0');
      // WS-1200 to WS-1250
      await waitFor(() => expect(grid).toHaveAttribute('aria-rowcount', '52'));
      expect(counter('PROJECTS')).toHaveTextContent('51');
      expect(within(grid).getByText('WS-1200')).toBeInTheDocument();
      expect(within(grid).queryByText('WS-0001')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('filters statuses on the server from the Status header filter', async () => {
    localStorage.setItem('portal.accessToken', fakeToken(USERS.alice));
    const requests = serve();
    renderWithProviders(<WeeklySupervisionPage />);
    const grid = await screen.findByRole('grid', { name: 'Weekly supervision' });
    await within(grid).findByText('WS-0001');
    fireEvent.click(within(grid).getByRole('button', { name: 'Filter Project Status' }));
    expect(await screen.findByRole('checkbox', { name: 'During' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Draft' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Closed' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Paused' }));
    await waitFor(() => expect(requests.at(-1)!.get('status')).toBe('2,3,4,6'));
  });

  it('builds the page query with skip, take 100, search and status', () => {
    expect(weeklySupervisionSearch({}, 0)).toBe('skip=0&take=100');
    expect(weeklySupervisionSearch({ search: ' São ', status: [4, 2] }, 200)).toBe(
      'skip=200&take=100&search=S%C3%A3o&status=2%2C4',
    );
  });
});

describe('Mail Outbox', () => {
  it('still lists the queued e-mails with search and paging', async () => {
    localStorage.setItem('portal.accessToken', fakeToken(USERS.alice));
    server.use(
      http.get('/api/mail-outbox', () =>
        HttpResponse.json(
          Array.from({ length: 60 }, (_, i) => ({
            id: i + 1,
            to: i === 7 ? 'joão@example.com' : `person${i + 1}@example.com`,
            subject: `Subject ${i + 1}`,
            body: '',
            createdAt: '2026-11-20T10:00:00Z',
            sentAt: i % 2 ? '2026-11-20T10:05:00Z' : null,
            error: null,
            attempts: 1,
          })),
        ),
      ),
    );
    renderWithProviders(<MailOutboxPage />);
    const grid = await screen.findByRole('grid', { name: 'Mail outbox' });
    expect(await within(grid).findByText('Subject 1')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox'), 'JOAO');
    expect(within(grid).getByText('Subject 8')).toBeInTheDocument();
    expect(within(grid).queryByText('Subject 1')).toBeNull();
  });
});
