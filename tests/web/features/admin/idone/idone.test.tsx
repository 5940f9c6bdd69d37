import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import type { IdOneCentrePeople, IdOneCentreRow } from '@domain/contract';
import IdOneCentrePage from '@web/features/admin/idone/IdOneCentrePage';
import {
  idOneCentreInfiniteQueryOptions,
  prefetchIdOneCentre,
  type IdOneCentrePage as CentrePage,
} from '@web/features/admin/idone/api/id-one-centre';
import { idOneReportPath } from '@web/features/admin/idone/api/id-one-report';
import { server } from '../../../msw-server';
import { fakeToken, renderWithProviders, USERS } from '../../../render';

const IDA = {
  ...USERS.kim,
  userName: 'Ida Ikeda',
  email: 'ida.idone@example.com',
  login: 'ida.idone',
  professionalId: 4,
  scopes: ['API.Portal.IDOne'],
};

const PAULA = { id: 7, name: 'Paula Pereira' };
const JOAO = { id: 40, name: 'João Évora' };
const MARCOS = { id: 6, name: 'Marcos Moura' };
const LIA = { id: 12, name: 'Lia Lopes' };
const PEOPLE: IdOneCentrePeople = { responsible: [JOAO, PAULA], projectManager: [LIA, MARCOS] };

/** Project i (1…): partner Paula (João every 10th), manager Marcos (Lia every 3rd), ID One records every 4th. */
const row = (i: number): IdOneCentreRow => ({
  idProject: i,
  projectCode: `ID-${String(i).padStart(4, '0')}`,
  responsible: i % 10 === 0 ? JOAO.name : PAULA.name,
  projectManager: i % 3 === 0 ? LIA.name : MARCOS.name,
  hasIDOne: i % 4 === 0,
});
const partnerOf = (r: IdOneCentreRow) => (r.responsible === JOAO.name ? JOAO.id : PAULA.id);
const managerOf = (r: IdOneCentreRow) => (r.projectManager === LIA.name ? LIA.id : MARCOS.id);
const fold = (t: string) => t.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The centre's server: `count` rows, filtered and paged as the real one does, x-total; records every call. */
function serve({ count = 250, report = 'ok' }: { count?: number; report?: 'ok' | 'fail' } = {}) {
  const rows = Array.from({ length: count }, (_, i) => row(i + 1));
  const calls = { centre: [] as URLSearchParams[], people: 0, reports: [] as URLSearchParams[] };
  server.use(
    http.get('/api/id-one-centre', ({ request }) => {
      const q = new URL(request.url).searchParams;
      calls.centre.push(q);
      const ids = (k: string) => q.get(k)?.split(',').map(Number);
      const words = fold(q.get('search') ?? '')
        .split(/\s+/)
        .filter(Boolean);
      const shown = rows.filter(
        (r) =>
          (!q.has('hasIDOne') || String(r.hasIDOne) === q.get('hasIDOne')) &&
          (!q.has('responsible') || ids('responsible')!.includes(partnerOf(r))) &&
          (!q.has('projectManager') || ids('projectManager')!.includes(managerOf(r))) &&
          words.every((w) => fold(`${r.projectCode} ${r.responsible} ${r.projectManager}`).includes(w)),
      );
      const skip = Number(q.get('skip') ?? 0);
      const take = Number(q.get('take') ?? 100);
      return HttpResponse.json(shown.slice(skip, skip + take), {
        headers: { 'x-total': String(shown.length) },
      });
    }),
    http.get('/api/id-one-centre/people', () => {
      calls.people++;
      return HttpResponse.json(PEOPLE);
    }),
    http.get('/api/reports/idone', ({ request }) => {
      calls.reports.push(new URL(request.url).searchParams);
      if (report === 'fail')
        return HttpResponse.json({ statusCode: 500, error: 'Internal', message: 'boom' }, { status: 500 });
      return new HttpResponse('xlsx', {
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'x-file-name': 'id-one.xlsx',
        },
      });
    }),
  );
  return calls;
}

const grid = () => screen.getByRole('grid', { name: 'ID One Accredited Centre' });
const codes = () =>
  within(grid())
    .queryAllByRole('row')
    .slice(1)
    .map((r) => within(r).queryAllByRole('gridcell')[0]?.textContent)
    .filter((c) => c?.startsWith('ID-'));
/** The PROJECTS counter's number. */
const projects = () =>
  within(screen.getByRole('list', { name: 'Counters' }))
    .getByText('PROJECTS')
    .closest('[role="listitem"]')!
    .textContent!.replace('PROJECTS', '');

async function open(user = IDA) {
  localStorage.setItem('portal.accessToken', fakeToken(user));
  renderWithProviders(<IdOneCentrePage />);
  await within(await screen.findByRole('grid', { name: 'ID One Accredited Centre' })).findByText('ID-0001');
}

/** Opens a column's header filter and clicks its options (by label) in order. */
async function pick(column: string, ...labels: string[]) {
  fireEvent.click(within(grid()).getByRole('button', { name: `Filter ${column}` }));
  for (const label of labels) await userEvent.click(await screen.findByRole('checkbox', { name: label }));
  await userEvent.keyboard('{Escape}');
}

describe('ID One Accredited Centre (002 §2.9): a server-paged grid', () => {
  it('shows the first server page by code with the count of every project, and the next page on scroll', async () => {
    const calls = serve();
    await open();
    expect(screen.getByRole('heading', { name: 'ID One Accredited Centre' })).toBeInTheDocument();
    const headers = within(grid())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(0, 4).map((h) => h!.replace(/Filter.*$/, '').trim())).toEqual([
      'Project Code',
      'Responsible',
      'Project Manager',
      'Has IDOne',
    ]);
    // header filters on Responsible, Project Manager and Has IDOne only
    for (const title of ['Responsible', 'Project Manager', 'Has IDOne'])
      expect(within(grid()).getByRole('button', { name: `Filter ${title}` })).toBeInTheDocument();
    expect(within(grid()).queryByRole('button', { name: 'Filter Project Code' })).toBeNull();
    expect(projects()).toBe('250');
    expect(grid()).toHaveAttribute('aria-rowcount', '251');
    expect(codes()[0]).toBe('ID-0001');
    const fourth = within(grid()).getByText('ID-0004').closest('[role="row"]') as HTMLElement;
    expect(within(fourth).getByText('Yes')).toBeInTheDocument();
    expect(within(fourth).getByText('Paula Pereira')).toBeInTheDocument();
    const third = within(grid()).getByText('ID-0003').closest('[role="row"]') as HTMLElement;
    expect(within(third).getByText('No')).toBeInTheDocument();
    expect(within(third).getByText('Lia Lopes')).toBeInTheDocument();
    expect(calls.centre).toHaveLength(1);
    expect(calls.centre[0]!.get('skip')).toBe('0');
    expect(calls.centre[0]!.get('take')).toBe('100');
    expect([...calls.centre[0]!.keys()].sort()).toEqual(['skip', 'take']);
    await waitFor(() => expect(calls.people).toBe(1));

    const viewport = screen.getByTestId('grid-viewport');
    viewport.scrollTop = 44 * 95;
    fireEvent.scroll(viewport);
    await waitFor(() => expect(calls.centre.map((q) => q.get('skip'))).toContain('100'));
    expect(await within(grid()).findByText('ID-0110')).toBeInTheDocument();
    expect(within(grid()).getByText('ID-0110').closest('[role="row"]')).toHaveAttribute(
      'aria-rowindex',
      '111',
    );
  });

  it('sends the search to the server, debounced, and shows its rows and count', async () => {
    const calls = serve();
    await open();
    await userEvent.type(screen.getByPlaceholderText('Digite aqui para buscar'), 'joao evora');
    await waitFor(() => expect(calls.centre.at(-1)!.get('search')).toBe('joao evora'));
    // typed letter by letter, asked once the typing pauses
    expect(calls.centre.filter((q) => q.has('search')).length).toBeLessThan(4);
    await waitFor(() => expect(projects()).toBe('25'));
    expect(codes()[0]).toBe('ID-0010');
    expect(calls.centre.at(-1)!.get('skip')).toBe('0');
    await userEvent.clear(screen.getByPlaceholderText('Digite aqui para buscar'));
    await waitFor(() => expect(projects()).toBe('250'));
  });

  it('sends the header filters as query parameters: Has IDOne, Responsible and Project Manager (facet options)', async () => {
    const calls = serve();
    await open();
    // Has IDOne: unticking No leaves Yes
    await pick('Has IDOne', 'No');
    await waitFor(() => expect(calls.centre.at(-1)!.get('hasIDOne')).toBe('true'));
    await waitFor(() => expect(projects()).toBe('62'));
    expect(codes()[0]).toBe('ID-0004');

    // Responsible: the people of GET /api/id-one-centre/people, by name; only João
    fireEvent.click(within(grid()).getByRole('button', { name: 'Filter Responsible' }));
    expect(await screen.findByRole('checkbox', { name: 'João Évora' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Paula Pereira' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(calls.centre.at(-1)!.get('responsible')).toBe(String(JOAO.id)));
    expect(calls.centre.at(-1)!.get('hasIDOne')).toBe('true');
    await waitFor(() => expect(projects()).toBe('12'));
    expect(codes()).toEqual(
      Array.from({ length: 12 }, (_, i) => `ID-${String(20 * (i + 1)).padStart(4, '0')}`),
    );

    // Project Manager: only Lia
    await pick('Project Manager', 'Marcos Moura');
    await waitFor(() => expect(calls.centre.at(-1)!.get('projectManager')).toBe(String(LIA.id)));
    await waitFor(() => expect(codes()).toEqual(['ID-0060', 'ID-0120', 'ID-0180', 'ID-0240']));
    expect(calls.centre.at(-1)!.get('skip')).toBe('0');
  });

  it('a header filter with nothing chosen empties the grid without asking the server', async () => {
    const calls = serve();
    await open();
    const before = calls.centre.length;
    await pick('Has IDOne', '(Select all)');
    await waitFor(() => expect(codes()).toEqual([]));
    expect(projects()).toBe('0');
    expect(calls.centre).toHaveLength(before);
    expect(screen.getByRole('button', { name: 'Export Excel' })).toBeDisabled();
  });

  it("exports id-one.xlsx with the grid's search and filters and the spec's messages", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const createObjectURL = vi.fn(() => 'blob:x');
      Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
      const calls = serve();
      await open(USERS.alice);
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.type(screen.getByPlaceholderText('Digite aqui para buscar'), 'Pereira');
      await act(() => vi.advanceTimersByTimeAsync(400));
      await pick('Has IDOne', 'Yes');
      await pick('Project Manager', 'Lia Lopes');
      await waitFor(() => expect(calls.centre.at(-1)!.get('projectManager')).toBe(String(MARCOS.id)));
      await user.click(screen.getByRole('button', { name: 'Export Excel' }));
      expect(
        await screen.findByText('We are generating your report. It could take a while'),
      ).toBeInTheDocument();
      expect(await screen.findByText('Download finished')).toBeInTheDocument();
      expect(calls.reports).toHaveLength(1);
      const sent = calls.reports[0]!;
      expect(Object.fromEntries(sent)).toEqual({
        search: 'Pereira',
        hasIDOne: 'false',
        projectManager: String(MARCOS.id),
      });
      // the grid asked the server for the same filters
      const last = calls.centre.at(-1)!;
      for (const k of ['search', 'hasIDOne', 'projectManager']) expect(last.get(k)).toBe(sent.get(k));
      expect(createObjectURL).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it("says 'Something were wrong. Try again please.' when the export fails", async () => {
    const calls = serve({ report: 'fail' });
    await open(USERS.alice);
    await userEvent.click(screen.getByRole('button', { name: 'Export Excel' }));
    expect(await screen.findByText('Something were wrong. Try again please.')).toBeInTheDocument();
    expect(screen.queryByText('Download finished')).toBeNull();
    expect(calls.reports).toHaveLength(1);
    expect([...calls.reports[0]!.keys()]).toEqual([]);
    expect(screen.getByRole('button', { name: 'Export Excel' })).toBeEnabled();
  });

  it('never calls the centre for people without Admin or IDOne (page and prefetch); the prefetch reads the first page', async () => {
    localStorage.setItem('portal.accessToken', fakeToken(USERS.kim));
    const calls = serve();
    renderWithProviders(<IdOneCentrePage />);
    expect(await screen.findByRole('grid')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export Excel' })).toBeDisabled();
    const client = new QueryClient();
    const key = idOneCentreInfiniteQueryOptions().queryKey;
    prefetchIdOneCentre(client);
    await new Promise((r) => setTimeout(r, 50));
    expect(client.getQueryState(key)).toBeUndefined();
    expect(calls.centre).toHaveLength(0);
    expect(calls.people).toBe(0);

    localStorage.setItem('portal.accessToken', fakeToken(IDA));
    prefetchIdOneCentre(client);
    await waitFor(() => expect(client.getQueryData(key)).toBeDefined());
    const data = client.getQueryData<InfiniteData<CentrePage, number>>(key)!;
    expect(data.pages).toHaveLength(1);
    expect(data.pages[0]!.total).toBe(250);
    expect(data.pages[0]!.rows.map((r) => r.projectCode).slice(0, 2)).toEqual(['ID-0001', 'ID-0002']);
    expect(calls.centre).toHaveLength(1);
    expect(calls.centre[0]!.get('take')).toBe('100');
  });

  it('builds the report path with the filters that are set only', () => {
    expect(idOneReportPath({})).toBe('/api/reports/idone');
    expect(idOneReportPath({ search: '  ' })).toBe('/api/reports/idone');
    expect(idOneReportPath({ search: ' São Paulo ' })).toBe('/api/reports/idone?search=S%C3%A3o+Paulo');
    expect(idOneReportPath({ search: 'x', hasIDOne: false, responsible: [9, 3], projectManager: [] })).toBe(
      '/api/reports/idone?search=x&hasIDOne=false&responsible=3%2C9',
    );
  });
});
