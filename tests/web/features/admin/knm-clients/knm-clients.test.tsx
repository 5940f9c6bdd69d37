import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Client, ClientRecord } from '@domain/contract';
import { SessionProvider } from '@web/api/session-context';
import KnmClientsPage, { segmentsSummary } from '@web/features/admin/knm-clients/KnmClientsPage';
import { segmentsProblem } from '@web/features/admin/knm-clients/EditClientDialog';
import { server } from '../../../msw-server';
import { fakeToken, renderWithProviders, USERS } from '../../../render';

const SEGMENTS = [
  { ID: 1, Name: 'Consumer Goods' },
  { ID: 3, Name: 'Financial Services' },
  { ID: 4, Name: 'Energy' },
];
const CLIENTS: Client[] = [
  {
    ID: 11,
    Name: 'Blue River Bank',
    ClientSegments: [
      { Segment: { ID: 4, Name: 'Energy' }, SegmentLevel: 2 },
      { Segment: { ID: 3, Name: 'Financial Services' }, SegmentLevel: 1 },
    ],
  },
  { ID: 12, Name: 'Cobalt Energy', ClientSegments: [] },
];

type Call = { method: string; url: string; body: unknown; ifMatch: string | null };
function serve({ failPost = false, failList = false } = {}) {
  const calls: Call[] = [];
  let record: ClientRecord = { ...CLIENTS[0]!, version: 7 };
  const log = async (request: Request) => {
    const text = await request.text();
    calls.push({
      method: request.method,
      url: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : undefined,
      ifMatch: request.headers.get('if-match'),
    });
  };
  server.use(
    http.get('/master/clients', () =>
      failList ? HttpResponse.json({ message: 'down' }, { status: 500 }) : HttpResponse.json(CLIENTS),
    ),
    http.get('/master/segments', () => HttpResponse.json(SEGMENTS)),
    http.get('/master/clients/11', () => HttpResponse.json(record)),
    http.put('/master/clients/11', async ({ request }) => {
      await log(request);
      record = { ...record, Name: (calls.at(-1)!.body as Client).Name, version: 8 };
      return HttpResponse.json(record);
    }),
    http.delete('/master/clients/11/segments', async ({ request }) => {
      await log(request);
      record = { ...record, ClientSegments: [], version: 9 };
      return HttpResponse.json(record);
    }),
    http.post('/master/clients/11/segments', async ({ request }) => {
      await log(request);
      if (failPost) return HttpResponse.json({ message: 'boom' }, { status: 500 });
      const body = calls.at(-1)!.body as { Segment: number; SegmentLevel: 1 | 2 }[];
      record = {
        ...record,
        ClientSegments: body.map((s) => ({
          Segment: SEGMENTS.find((x) => x.ID === s.Segment)!,
          SegmentLevel: s.SegmentLevel,
        })),
        version: 10,
      };
      return HttpResponse.json(record);
    }),
  );
  return calls;
}

function renderPage(user = USERS.kim) {
  localStorage.setItem('portal.accessToken', fakeToken(user));
  return renderWithProviders(
    <SessionProvider>
      <KnmClientsPage />
    </SessionProvider>,
  );
}

describe('KNM Project Client', () => {
  it('lists client names with their segments, primary first', async () => {
    serve();
    renderPage();
    const grid = await screen.findByRole('grid', { name: 'Clients' });
    expect(await within(grid).findByText('Blue River Bank')).toBeInTheDocument();
    expect(within(grid).getByText('Financial Services (primary), Energy')).toBeInTheDocument();
    expect(within(grid).getByText('Cobalt Energy')).toBeInTheDocument();
    expect(segmentsSummary(CLIENTS[1]!)).toBe('');
  });

  it("says 'Failed to fetch clients.' when the list fails", async () => {
    serve({ failList: true });
    renderPage();
    expect(await screen.findByText('Failed to fetch clients.')).toBeInTheDocument();
  });

  it("edits the name and segments: PUT name, DELETE then POST segments with chained If-Match; 'Saved'", async () => {
    const calls = serve();
    renderPage(USERS.alice);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit client Blue River Bank' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Edit Client')).toBeInTheDocument();
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Segment 1' })).toHaveValue('4'));
    expect(within(dialog).getByRole('combobox', { name: 'Segment Level 2' })).toHaveValue('1');
    await userEvent.clear(name);
    await userEvent.type(name, 'Blue River Bank SA');
    // remove Energy, add Consumer Goods as secondary
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove segment 1' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add segment' }));
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Segment 2' }),
      'Consumer Goods',
    );
    expect(within(dialog).getByRole('combobox', { name: 'Segment Level 2' })).toHaveValue('2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.map((c) => `${c.method} ${c.url} ${c.ifMatch}`)).toEqual([
      'PUT /master/clients/11 "7"',
      'DELETE /master/clients/11/segments "8"',
      'POST /master/clients/11/segments "9"',
    ]);
    expect(calls[0]!.body).toEqual({ ID: 11, Name: 'Blue River Bank SA' });
    expect(calls[2]!.body).toEqual([
      { Segment: 3, SegmentLevel: 1 },
      { Segment: 1, SegmentLevel: 2 },
    ]);
    const grid = screen.getByRole('grid', { name: 'Clients' });
    expect(await within(grid).findByText('Blue River Bank SA')).toBeInTheDocument();
    expect(within(grid).getByText('Financial Services (primary), Consumer Goods')).toBeInTheDocument();
  });

  it('does not save a second primary or a segment twice', async () => {
    const calls = serve();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit client Blue River Bank' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Segment 1' })).toHaveValue('4'));
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Segment Level 1' }),
      'Primary',
    );
    expect(within(dialog).getByText('A client has at most one primary segment')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(calls).toHaveLength(0);
    expect(
      segmentsProblem([
        { key: 1, segment: 3, level: 2 },
        { key: 2, segment: 3, level: 2 },
      ]),
    ).toBe('A segment can be listed only once');
  });

  it("says 'Something went wrong...' and keeps the dialog when a call fails", async () => {
    const calls = serve({ failPost: true });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit client Blue River Bank' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Segment 1' })).toHaveValue('4'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Something went wrong...')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(calls.map((c) => c.method)).toEqual(['PUT', 'DELETE', 'POST']);
  });
});
