import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { QueryClient } from '@tanstack/react-query';
import type { IdOneCentreRow } from '@domain/contract';
import IdOneCentrePage from '@web/features/admin/idone/IdOneCentrePage';
import { idOneCentreQueryOptions, prefetchIdOneCentre } from '@web/features/admin/idone/api/id-one-centre';
import { idOneReportPath } from '@web/features/admin/idone/api/id-one-report';
import { server } from '../msw-server';
import { fakeToken, renderWithProviders, USERS } from '../render';

const IDA = {
  ...USERS.kim,
  userName: 'Ida Ikeda',
  email: 'ida.idone@example.com',
  login: 'ida.idone',
  professionalId: 4,
  scopes: ['API.Portal.IDOne'],
};

const ROWS: IdOneCentreRow[] = [
  {
    idProject: 9,
    projectCode: 'DEMO-BRAZIL',
    responsible: 'Paula Pereira',
    projectManager: 'Marcos Moura',
    hasIDOne: true,
  },
  {
    idProject: 3,
    projectCode: 'DEMO-DURING',
    responsible: 'Paula Pereira',
    projectManager: 'Marcos Moura',
    hasIDOne: false,
  },
  {
    idProject: 40,
    projectCode: 'PRJ-00001',
    responsible: 'João Évora',
    projectManager: 'Lia Lopes',
    hasIDOne: false,
  },
];

function serve(report: 'ok' | 'fail' = 'ok') {
  const calls = { centre: 0, reports: [] as URLSearchParams[] };
  server.use(
    http.get('/api/id-one-centre', () => {
      calls.centre++;
      return HttpResponse.json(ROWS);
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
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('gridcell')[0]!.textContent);

describe('ID One Accredited Centre (002 §2.9)', () => {
  it('lists Project Code, Responsible, Project Manager and Has IDOne, searches and filters', async () => {
    localStorage.setItem('portal.accessToken', fakeToken(IDA));
    const calls = serve();
    renderWithProviders(<IdOneCentrePage />);
    expect(await screen.findByRole('heading', { name: 'ID One Accredited Centre' })).toBeInTheDocument();
    await within(await screen.findByRole('grid', { name: 'ID One Accredited Centre' })).findByText(
      'DEMO-BRAZIL',
    );
    const headers = within(grid())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(0, 4).map((h) => h!.replace(/Filter.*$/, '').trim())).toEqual([
      'Project Code',
      'Responsible',
      'Project Manager',
      'Has IDOne',
    ]);
    expect(codes()).toEqual(['DEMO-BRAZIL', 'DEMO-DURING', 'PRJ-00001']);
    const brazil = within(grid()).getByText('DEMO-BRAZIL').closest('[role="row"]') as HTMLElement;
    expect(within(brazil).getByText('Yes')).toBeInTheDocument();
    expect(within(brazil).getByText('Paula Pereira')).toBeInTheDocument();
    const during = within(grid()).getByText('DEMO-DURING').closest('[role="row"]') as HTMLElement;
    expect(within(during).getByText('No')).toBeInTheDocument();

    // search: accents and case ignored
    await userEvent.type(screen.getByPlaceholderText('Digite aqui para buscar'), 'joao evora');
    await waitFor(() => expect(codes()).toEqual(['PRJ-00001']));
    await userEvent.clear(screen.getByPlaceholderText('Digite aqui para buscar'));
    await waitFor(() => expect(codes()).toHaveLength(3));

    // the header filter of Has IDOne
    fireEvent.click(screen.getByRole('button', { name: 'Filter Has IDOne' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: '(Select all)' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Yes' }));
    await waitFor(() => expect(codes()).toEqual(['DEMO-BRAZIL']));
    expect(calls.centre).toBe(1);
  });

  it("exports id-one.xlsx with the grid's search and the spec's messages", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const createObjectURL = vi.fn(() => 'blob:x');
      Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
      localStorage.setItem('portal.accessToken', fakeToken(USERS.alice));
      const calls = serve();
      renderWithProviders(<IdOneCentrePage />);
      await within(await screen.findByRole('grid')).findByText('DEMO-BRAZIL');
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.type(screen.getByPlaceholderText('Digite aqui para buscar'), 'Pereira');
      await act(() => vi.advanceTimersByTimeAsync(400));
      await user.click(screen.getByRole('button', { name: 'Export Excel' }));
      expect(
        await screen.findByText('We are generating your report. It could take a while'),
      ).toBeInTheDocument();
      expect(await screen.findByText('Download finished')).toBeInTheDocument();
      expect(calls.reports).toHaveLength(1);
      expect(calls.reports[0]!.get('search')).toBe('Pereira');
      expect(createObjectURL).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it("says 'Something were wrong. Try again please.' when the export fails", async () => {
    localStorage.setItem('portal.accessToken', fakeToken(USERS.alice));
    const calls = serve('fail');
    renderWithProviders(<IdOneCentrePage />);
    await within(await screen.findByRole('grid')).findByText('DEMO-BRAZIL');
    await userEvent.click(screen.getByRole('button', { name: 'Export Excel' }));
    expect(await screen.findByText('Something were wrong. Try again please.')).toBeInTheDocument();
    expect(screen.queryByText('Download finished')).toBeNull();
    expect(calls.reports).toHaveLength(1);
    expect(calls.reports[0]!.get('search')).toBeNull();
    expect(screen.getByRole('button', { name: 'Export Excel' })).toBeEnabled();
  });

  it('never calls the centre for people without Admin or IDOne (page and prefetch)', async () => {
    localStorage.setItem('portal.accessToken', fakeToken(USERS.kim));
    const calls = serve();
    renderWithProviders(<IdOneCentrePage />);
    expect(await screen.findByRole('grid')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export Excel' })).toBeDisabled();
    const client = new QueryClient();
    prefetchIdOneCentre(client);
    await new Promise((r) => setTimeout(r, 50));
    expect(client.getQueryState(idOneCentreQueryOptions().queryKey)).toBeUndefined();
    expect(calls.centre).toBe(0);

    localStorage.setItem('portal.accessToken', fakeToken(IDA));
    prefetchIdOneCentre(client);
    await waitFor(() => expect(client.getQueryData(idOneCentreQueryOptions().queryKey)).toEqual(ROWS));
    expect(calls.centre).toBe(1);
  });

  it('builds the report path with the search only when there is one', () => {
    expect(idOneReportPath('')).toBe('/api/reports/idone');
    expect(idOneReportPath('  ')).toBe('/api/reports/idone');
    expect(idOneReportPath(' São Paulo ')).toBe('/api/reports/idone?search=S%C3%A3o+Paulo');
  });
});
