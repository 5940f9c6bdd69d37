import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import PdcSupervisionPage from '@web/features/admin/pdc-supervision/PdcSupervisionPage';
import { server } from '../../../msw-server';
import { USERS } from '../../../render';
import { PEDRO, renderAs, serveSupervision } from '../supervision-fixtures';

afterEach(() => vi.restoreAllMocks());

describe('PDC Supervision', () => {
  it('shows the §2.9 columns (Project Status, OP Status), no export; Kim sees the priority read-only', async () => {
    serveSupervision('/api/pdc-supervision');
    renderAs(USERS.kim, <PdcSupervisionPage />);
    const grid = await screen.findByRole('grid', { name: 'PDC supervision' });
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
      'Business Unit',
      'PDC Priority',
      'OP Submitted?',
      'OP Status',
      'Environment',
    ])
      expect(
        headers.some((h) => h?.includes(t)),
        t,
      ).toBe(true);
    expect(screen.queryByRole('button', { name: 'Export Excel' })).toBeNull();
    expect(within(grid).getByRole('switch', { name: 'PDC Priority SV-0001' })).toBeDisabled();
  });

  it("Pedro switches the PDC priority: PATCH /api/projects/{id} with pdcPriority alone, 'Saved', the row follows", async () => {
    const { requests } = serveSupervision('/api/pdc-supervision');
    const sent: { body: unknown; ifMatch: string | null; url: string }[] = [];
    server.use(
      http.patch('/api/projects/:id', async ({ request, params }) => {
        sent.push({ body: await request.json(), ifMatch: request.headers.get('if-match'), url: request.url });
        return HttpResponse.json({ id: Number(params.id), code: 'SV-0003', pdcPriority: true, version: 8 });
      }),
    );
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderAs(PEDRO, <PdcSupervisionPage />);
    const grid = await screen.findByRole('grid', { name: 'PDC supervision' });
    await within(grid).findByText('SV-0003');
    const sw = within(grid).getByRole('switch', { name: 'PDC Priority SV-0003' });
    expect(sw).not.toBeChecked();
    await userEvent.click(sw);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ body: { pdcPriority: true }, ifMatch: '"7"' });
    expect(sent[0]!.url).toMatch(/\/api\/projects\/3$/);
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(grid).getByRole('switch', { name: 'PDC Priority SV-0003' })).toBeChecked(),
    );
    await waitFor(() => expect(requests.some((q) => q.get('take') === '1')).toBe(true));
    await userEvent.click(within(grid).getByRole('button', { name: 'Open Project SV-0003' }));
    expect(open).toHaveBeenCalledWith('/project/3/home', '_blank', 'noopener,noreferrer');
  });

  it("a refused priority says 'Something went wrong' and the switch stays off", async () => {
    serveSupervision('/api/pdc-supervision');
    server.use(
      http.patch('/api/projects/:id', () =>
        HttpResponse.json({ statusCode: 409, error: 'Conflict', message: 'no' }, { status: 409 }),
      ),
    );
    renderAs(USERS.alice, <PdcSupervisionPage />);
    const grid = await screen.findByRole('grid', { name: 'PDC supervision' });
    await within(grid).findByText('SV-0001');
    await userEvent.click(within(grid).getByRole('switch', { name: 'PDC Priority SV-0001' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(within(grid).getByRole('switch', { name: 'PDC Priority SV-0001' })).not.toBeChecked();
  });
});
