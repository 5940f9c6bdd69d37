import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import AllocationSupervisionPage from '@web/features/admin/allocation-supervision/AllocationSupervisionPage';
import { server } from '../../../msw-server';
import { USERS } from '../../../render';
import { PEDRO, renderAs, serveSupervision, supervisionRow } from '../supervision-fixtures';

afterEach(() => vi.restoreAllMocks());

describe('Allocation Supervision', () => {
  it('shows the §2.9 columns, counters, and loads the next server page on scroll', async () => {
    const { requests } = serveSupervision('/api/allocation-supervision', 250);
    renderAs(PEDRO, <AllocationSupervisionPage />);
    const grid = await screen.findByRole('grid', { name: 'Allocation supervision' });
    await within(grid).findByText('SV-0001');
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    for (const t of [
      'Project Code',
      'Project Name',
      'Client',
      'Project Status',
      'Practice',
      'OP Submitted?',
      'During Type',
      'Has Allocation',
      'Has Governance Action',
      'Allocation Status',
      'Environment',
    ])
      expect(
        headers.some((h) => h?.includes(t)),
        t,
      ).toBe(true);
    expect(grid).toHaveAttribute('aria-rowcount', '251');
    expect(within(grid).queryByRole('button', { name: 'Edit SV-0001' })).toBeNull(); // PDC: read only
    const viewport = screen.getByTestId('grid-viewport');
    viewport.scrollTop = 44 * 95;
    fireEvent.scroll(viewport);
    await waitFor(() => expect(requests.map((q) => q.get('skip'))).toContain('100'));
  });

  it("Edit sets the allocation status with If-Match, says 'Saved' and shows the answer", async () => {
    serveSupervision('/api/allocation-supervision');
    const sent: { body: unknown; ifMatch: string | null }[] = [];
    server.use(
      http.patch('/api/projects/:id/allocation-status', async ({ request, params }) => {
        const body = (await request.json()) as { idAllocationStatus: number };
        sent.push({ body, ifMatch: request.headers.get('if-match') });
        return HttpResponse.json(
          supervisionRow(Number(params.id), {
            idAllocationStatus: 3,
            allocationStatusName: 'Considered',
            version: 8,
          }),
        );
      }),
    );
    renderAs(USERS.alice, <AllocationSupervisionPage />);
    const grid = await screen.findByRole('grid', { name: 'Allocation supervision' });
    await within(grid).findByText('SV-0005');
    await userEvent.click(within(grid).getByRole('button', { name: 'Edit SV-0005' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit SV-0005' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Allocation Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Considered' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual([{ body: { idAllocationStatus: 3 }, ifMatch: '"7"' }]));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const row = within(grid).getByText('SV-0005').closest('[role="row"]') as HTMLElement;
    await waitFor(() => expect(within(row).getByText('Considered')).toBeInTheDocument());
  });

  it("a failed save says 'Something went wrong'; Open Project opens the project's home; Export names the file", async () => {
    serveSupervision('/api/allocation-supervision');
    server.use(
      http.patch('/api/projects/:id/allocation-status', () =>
        HttpResponse.json({ statusCode: 500, error: 'x', message: 'boom' }, { status: 500 }),
      ),
      http.get(
        '/api/allocation-supervision/export',
        () =>
          new HttpResponse(new Uint8Array([80, 75]), {
            headers: { 'x-file-name': 'report-all-allocations.xlsx' },
          }),
      ),
    );
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const createObjectURL = vi.fn((_b: Blob) => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    renderAs(USERS.alice, <AllocationSupervisionPage />);
    const grid = await screen.findByRole('grid', { name: 'Allocation supervision' });
    await within(grid).findByText('SV-0001');
    await userEvent.click(within(grid).getByRole('button', { name: 'Edit SV-0001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit SV-0001' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await userEvent.click(within(grid).getByRole('button', { name: 'Open Project SV-0001' }));
    expect(open).toHaveBeenCalledWith('/project/1/home', '_blank', 'noopener,noreferrer');
    await userEvent.click(screen.getByRole('button', { name: 'Export Excel' }));
    expect(await screen.findByText('Report generated successfully. Open or save it.')).toBeInTheDocument();
    const link = createObjectURL.mock.calls.length;
    expect(link).toBe(1);
  });
});
