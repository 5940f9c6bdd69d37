import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { QueryClient } from '@tanstack/react-query';
import { masterKeys } from '@web/api/keys';
import { announceMasterChange, offered } from '@web/api/master';
import type { MasterItem, MasterListSummary } from '@domain/contract/master-admin';
import { MASTER_LIST_KEYS, MASTER_LISTS } from '@domain/rules/master-lists';
import MasterDataPage from '@web/features/admin/master-data/MasterDataPage';
import { CONFLICT_MESSAGE } from '@web/features/admin/master-data/ItemDialog';
import { server } from '../../../msw-server';
import { fakeToken, renderWithProviders, USERS } from '../../../render';

const OVERVIEW: { lists: MasterListSummary[] } = {
  lists: MASTER_LIST_KEYS.map((key) => ({
    key,
    label: MASTER_LISTS[key].label,
    group: MASTER_LISTS[key].group,
    active: key === 'offices' ? 2 : 3,
    inactive: 0,
    version: 1,
    renameOnly: key === 'allocation-statuses',
  })),
};

const office = (id: number, name: string, extra: Partial<MasterItem> = {}): MasterItem => ({
  id,
  name,
  timeZone: 'Europe/London',
  label: name,
  active: true,
  deactivatedAt: null,
  inUse: 0,
  display: { name, timeZone: 'Europe/London' },
  version: 1,
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...extra,
});

/** Serves the overview and the offices; records the writes. */
function serve(offices: MasterItem[]) {
  const writes: { method: string; url: string; body: unknown; ifMatch: string | null }[] = [];
  const record = async (request: Request) => {
    const text = await request.text();
    writes.push({
      method: request.method,
      url: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : undefined,
      ifMatch: request.headers.get('if-match'),
    });
  };
  server.use(
    http.get('/api/admin/master-data', () => HttpResponse.json(OVERVIEW)),
    http.get('/api/admin/master-data/offices', () =>
      HttpResponse.json({ items: offices, total: offices.length }),
    ),
    http.post('/api/admin/master-data/offices', async ({ request }) => {
      await record(request);
      const body = writes.at(-1)!.body as { name: string };
      if (body.name.toLowerCase() === 'london')
        return HttpResponse.json(
          { statusCode: 409, error: 'Conflict', message: 'An office named “london” already exists' },
          { status: 409 },
        );
      return HttpResponse.json(office(9, body.name), { status: 201 });
    }),
    http.put('/api/admin/master-data/offices/:id', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ ...offices[0]!, ...(writes.at(-1)!.body as object), version: 2 });
    }),
    http.post('/api/admin/master-data/offices/:id/deactivate', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ ...offices[1]!, active: false, version: 2 });
    }),
    http.delete('/api/admin/master-data/offices/:id', async ({ request }) => {
      await record(request);
      return HttpResponse.json(
        { statusCode: 409, error: 'Conflict', message: 'In use by 12 projects: deactivate it instead' },
        { status: 409 },
      );
    }),
  );
  return writes;
}

const signIn = () => localStorage.setItem('portal.accessToken', fakeToken(USERS.alice));

async function openOffices() {
  renderWithProviders(<MasterDataPage />, { path: '/admin/master-data' });
  await userEvent.click(await screen.findByRole('tab', { name: /Offices/ }));
  return screen.findByRole('grid', { name: 'Offices' });
}

describe('Admin › Master data', () => {
  it('lists the lists by group with their counts and shows a list’s items', async () => {
    signIn();
    serve([office(1, 'São Paulo', { inUse: 12 }), office(2, 'London')]);
    server.use(
      http.get('/api/admin/master-data/practices', () => HttpResponse.json({ items: [], total: 0 })),
    );
    renderWithProviders(<MasterDataPage />, { path: '/admin/master-data' });
    expect(await screen.findByRole('tab', { name: 'Offices (2)' })).toBeInTheDocument();
    expect(screen.getByRole('tablist', { name: 'CRM' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: /Offices/ }));
    const grid = await screen.findByRole('grid', { name: 'Offices' });
    expect(await within(grid).findByText('São Paulo')).toBeInTheDocument();
    expect(within(grid).getByText('12')).toBeInTheDocument();
    // an item in use cannot be deleted
    expect(within(grid).getByRole('button', { name: 'Delete São Paulo' })).toBeDisabled();
    expect(within(grid).getByRole('button', { name: 'Delete London' })).toBeEnabled();
  });

  it('adds an item with its fields (the POST body) and shows the server’s 409 message', async () => {
    signIn();
    const writes = serve([office(1, 'São Paulo'), office(2, 'London')]);
    server.use(
      http.get('/api/admin/master-data/practices', () => HttpResponse.json({ items: [], total: 0 })),
    );
    await openOffices();
    await userEvent.click(screen.getByRole('button', { name: 'Add office' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add office' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'london');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('An office named “london” already exists')).toBeInTheDocument();

    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Porto');
    const zone = within(dialog).getByRole('combobox', { name: /Time zone/ });
    await userEvent.type(zone, 'Europe/Lis');
    await userEvent.click(await screen.findByRole('option', { name: 'Europe/Lisbon' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add office' })).not.toBeInTheDocument());
    expect(writes.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/admin/master-data/offices',
      body: { name: 'Porto', timeZone: 'Europe/Lisbon' },
    });
  });

  it('edits with the item’s version, deactivates, and shows why an item in use is not deleted', async () => {
    signIn();
    const writes = serve([office(1, 'São Paulo'), office(2, 'London')]);
    server.use(
      http.get('/api/admin/master-data/practices', () => HttpResponse.json({ items: [], total: 0 })),
    );
    const grid = await openOffices();
    await userEvent.click(await within(grid).findByRole('button', { name: 'Edit São Paulo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit office' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Sao Paulo HQ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes.some((w) => w.method === 'PUT')).toBe(true));
    expect(writes.find((w) => w.method === 'PUT')).toMatchObject({
      url: '/api/admin/master-data/offices/1',
      ifMatch: '"1"',
      body: expect.objectContaining({ id: 1, name: 'Sao Paulo HQ', timeZone: 'Europe/London' }),
    });

    await userEvent.click(within(grid).getByRole('button', { name: 'Deactivate London' }));
    await waitFor(() =>
      expect(writes.at(-1)).toMatchObject({
        method: 'POST',
        url: '/api/admin/master-data/offices/2/deactivate',
        ifMatch: '"1"',
      }),
    );
    expect(await screen.findByText('London deactivated')).toBeInTheDocument();

    await userEvent.click(within(grid).getByRole('button', { name: 'Delete London' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete office' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(
      await within(confirm).findByText('In use by 12 projects: deactivate it instead'),
    ).toBeInTheDocument();
  });

  it('shows the saved item when someone else changed it meanwhile (412)', async () => {
    signIn();
    serve([office(1, 'São Paulo'), office(2, 'London')]);
    server.use(
      http.get('/api/admin/master-data/practices', () => HttpResponse.json({ items: [], total: 0 })),
      http.put('/api/admin/master-data/offices/:id', () =>
        HttpResponse.json(
          {
            statusCode: 412,
            error: 'Precondition Failed',
            message: 'This record was changed by someone else meanwhile',
            current: office(1, 'São Paulo Centro', { version: 3 }),
          },
          { status: 412 },
        ),
      ),
    );
    const grid = await openOffices();
    await userEvent.click(await within(grid).findByRole('button', { name: 'Edit São Paulo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit office' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), ' X');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(CONFLICT_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('São Paulo Centro');
  });
});

describe('master lists everywhere', () => {
  it('pickers offer active items and the ones a record holds, never another deactivated one', () => {
    const list = [
      { ID: 1, Name: 'Strategy' },
      { ID: 2, Name: 'Retired', IsActive: false as const },
      { ID: 3, Name: 'Old', IsActive: false as const },
    ];
    expect(offered(list, [3]).map((i) => i.ID)).toEqual([1, 3]);
    expect(offered(list).map((i) => i.ID)).toEqual([1]);
  });

  it('a change marks every cached master list stale in this tab', async () => {
    const client = new QueryClient();
    client.setQueryData(masterKeys.list('practices'), [{ ID: 1, Name: 'Strategy' }]);
    client.setQueryData(['admin-projects', 'toolkits'], []);
    client.setQueryData(['projects', 'list'], []);
    announceMasterChange(client, 'practices');
    await waitFor(() => expect(client.getQueryState(masterKeys.list('practices'))?.isInvalidated).toBe(true));
    expect(client.getQueryState(['admin-projects', 'toolkits'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['projects', 'list'])?.isInvalidated).toBe(false);
  });
});
