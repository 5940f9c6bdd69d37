import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import type { WeeklyStatus } from '@domain/contract';
import { getHost, setHost, type Host } from '@web/host';
import { SessionProvider } from '@web/api/session-context';
import WeeklyStatusPage from '@web/features/during/weekly-status/WeeklyStatusPage';
import { prefetchWeeklyStatus } from '@web/features/during/weekly-status/api/weekly-statuses';
import { QueryClient } from '@tanstack/react-query';
import { server } from '../../../msw-server';
import { fakeToken, renderWithProviders } from '../../../render';
import { COMPLETED, PROJECT, ws } from './fixtures';

// dialogs with wizards: room for the queries on a busy machine
beforeAll(() => configure({ asyncUtilTimeout: 10_000 }));
afterAll(() => configure({ asyncUtilTimeout: 5000 }));

const person = (login: string, professionalId: number, scopes: string[] = []) => ({
  userName: login,
  email: `${login}@example.com`,
  login,
  professionalId,
  scopes,
  comanagementId: null,
  practiceId: 1,
  businessUnits: [],
});
const MARCOS = person('marcos.manager', 6);
const OSCAR = person('oscar.outsider', 50);
const ALICE = person('alice.admin', 1, ['API.Portal.Admin']);

const SENT = ws(12, {
  createdAt: '2026-02-16T10:00:00.000Z',
  submittedAt: '2026-02-18T09:00:00.000Z',
  isSubmitted: true,
  signedStatus: 'sent',
  signedType: 2,
  unSignatureFilename: 'own.pdf',
});
const DECLINED = ws(13, {
  createdAt: '2026-02-23T10:00:00.000Z',
  submittedAt: '2026-02-24T09:00:00.000Z',
  isSubmitted: true,
  signedStatus: 'declined',
  signedType: 2,
  unSignatureFilename: 'own.pdf',
});
const DRAFT = ws(14, { createdAt: '2026-03-02T10:00:00.000Z', signedType: 1, version: 3 });
const LIST = [COMPLETED, SENT, DECLINED, DRAFT];

type Call = {
  method: string;
  url: string;
  body?: unknown;
  ifMatch?: string | null;
  /** A multipart body was sent (its parts are seen through the FormData spy: reading it back breaks msw). */
  multipart?: boolean;
};
async function record(calls: Call[], request: Request) {
  const url = new URL(request.url);
  const call: Call = {
    method: request.method,
    url: url.pathname + url.search,
    ifMatch: request.headers.get('if-match'),
  };
  if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) call.multipart = true;
  else {
    const text = await request.text();
    call.body = text ? JSON.parse(text) : undefined;
  }
  calls.push(call);
}

/** The files appended to a FormData (the submit's `file` field). */
function spyFormFiles() {
  const append = vi.spyOn(FormData.prototype, 'append');
  return () => append.mock.calls.filter((c) => c[0] === 'file').map((c) => (c[1] as File).name);
}
afterEach(() => vi.restoreAllMocks());

let restoreHost: (() => void) | undefined;
afterEach(() => restoreHost?.());
function fakeDownloads() {
  const prev = getHost();
  const download = vi.fn(async () => 'file.pdf');
  setHost({ ...prev, download } as Host);
  restoreHost = () => setHost(prev);
  return download;
}

function setup(
  user = MARCOS,
  { list = LIST, overrides = [] }: { list?: WeeklyStatus[]; overrides?: Parameters<typeof server.use> } = {},
) {
  const calls: Call[] = [];
  const rows = new Map(list.map((r) => [r.id, r]));
  localStorage.setItem('portal.accessToken', fakeToken(user));
  server.use(
    ...overrides,
    http.get('/api/projects/3', () => HttpResponse.json(PROJECT)),
    http.get('/api/weekly-status/project/3', () => HttpResponse.json([...rows.values()])),
    http.get('/api/weekly-status/:id', ({ params }) => {
      const r = rows.get(Number(params.id));
      return r ? HttpResponse.json(r) : HttpResponse.json({ message: 'not found' }, { status: 404 });
    }),
    http.get('/api/weekly-status-contents/weekly-status/:id/type/:type', ({ params }) =>
      HttpResponse.json(
        params.type === '2'
          ? [
              {
                id: 900,
                type: 2,
                frontHeader: 'Data',
                name: 'Migration',
                description: 'On track',
                contentStatus: 'Green',
                orderPosition: 0,
                version: 1,
              },
            ]
          : [],
      ),
    ),
    http.get('/api/weekly-status/:id/recipients', () =>
      HttpResponse.json([
        {
          id: 70,
          name: 'Ana Client',
          email: 'ana@client.com',
          signedCode: null,
          isSigned: false,
          isActive: true,
          version: 1,
        },
      ]),
    ),
  );
  renderWithProviders(
    <SessionProvider>
      <Routes>
        <Route path="/project/:id/during/weekly-status" element={<WeeklyStatusPage />} />
      </Routes>
    </SessionProvider>,
    { path: '/project/3/during/weekly-status' },
  );
  return { calls, rows };
}

const TOAST = { selector: '.fui-ToastTitle' };
const grid = () => screen.findByRole('grid', { name: 'Weekly Status' });
const rowOf = async (createdText: string) =>
  (await within(await grid()).findAllByText(createdText))[0]!.closest('[role="row"]') as HTMLElement;

describe('During › Weekly Status list', () => {
  it('lists dates as day, short month, year with the signed-status dot and the availability table', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Weekly Status' })).toBeInTheDocument();
    const completed = await rowOf('09 Feb 2026');
    expect(completed).toHaveTextContent('10 Feb 2026');
    expect(completed).toHaveTextContent('11 Feb 2026');
    expect(within(completed).getByRole('img', { name: 'Completed' })).toHaveAttribute('data-colour', 'green');
    expect(within(completed).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(within(completed).getAllByText('Not available')).toHaveLength(1); // Resend
    expect(within(completed).getByRole('button', { name: 'Delete' })).toBeInTheDocument();

    const sent = await rowOf('16 Feb 2026');
    expect(within(sent).getByRole('img', { name: 'Sent to sign' })).toHaveAttribute('data-colour', 'blue');
    expect(within(sent).getByRole('button', { name: 'Resend' })).toBeInTheDocument();
    expect(within(sent).queryByRole('button', { name: 'Download' })).toBeNull();
    expect(within(sent).queryByRole('button', { name: 'Undo' })).toBeNull();

    const declined = await rowOf('23 Feb 2026');
    expect(
      within(declined).getByRole('img', { name: 'Declined (contact Legal for more details)' }),
    ).toHaveAttribute('data-colour', 'red');
    expect(within(declined).getAllByText('Not available')).toHaveLength(2);
    expect(within(declined).getByRole('button', { name: 'Undo' })).toBeInTheDocument();

    const draft = await rowOf('02 Mar 2026');
    expect(within(draft).getByRole('img', { name: 'Draft' })).toHaveAttribute('data-colour', 'grey');
    expect(within(draft).queryByRole('button', { name: 'Delete' })).toBeNull(); // "unless the status is draft"
    expect(within(draft).getAllByText('Not available')).toHaveLength(2);
    expect(within(draft).getByRole('button', { name: /^Detail/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add weekly status' })).toBeInTheDocument();
  });

  it('resends with "Resending your file..." then "Sent!"', async () => {
    const calls: Call[] = [];
    setup(MARCOS, {
      overrides: [
        http.post('/api/weekly-status/12/resend', async ({ request }) => {
          await record(calls, request);
          return new HttpResponse(null, { status: 204 });
        }),
      ],
    });
    await userEvent.click(within(await rowOf('16 Feb 2026')).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Resending your file...')).toBeInTheDocument();
    expect(await screen.findByText('Sent!')).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual(['/api/weekly-status/12/resend']);
  });

  it('shows a 409 message of Resend', async () => {
    setup(MARCOS, {
      overrides: [
        http.post('/api/weekly-status/12/resend', () =>
          HttpResponse.json(
            { message: 'Resend is available only for a document sent to sign from your own PDF.' },
            { status: 409 },
          ),
        ),
      ],
    });
    await userEvent.click(within(await rowOf('16 Feb 2026')).getByRole('button', { name: 'Resend' }));
    expect(
      await screen.findByText('Resend is available only for a document sent to sign from your own PDF.'),
    ).toBeInTheDocument();
  });

  it('downloads the signed file with the file toasts', async () => {
    const download = fakeDownloads();
    setup();
    await userEvent.click(within(await rowOf('09 Feb 2026')).getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('We are generating your file. It could take a while')).toBeInTheDocument();
    expect(await screen.findByText('Your file is ready')).toBeInTheDocument();
    expect(download).toHaveBeenCalledWith('/api/weekly-status/11/file?signed=1', 'weekly-status-signed.pdf');
  });

  it('deletes after a confirmation, with If-Match', async () => {
    const calls: Call[] = [];
    setup(MARCOS, {
      overrides: [
        http.delete('/api/weekly-status/:id', async ({ request }) => {
          await record(calls, request);
          return new HttpResponse(null, { status: 204 });
        }),
      ],
    });
    await userEvent.click(within(await rowOf('09 Feb 2026')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this weekly status?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'DELETE', url: '/api/weekly-status/11', ifMatch: '"1"' });
  });

  it('undoes a submit through the Undo Submit confirmation (PUT isSubmitted false)', async () => {
    const calls: Call[] = [];
    setup(MARCOS, {
      overrides: [
        http.put('/api/weekly-status/13', async ({ request }) => {
          await record(calls, request);
          return HttpResponse.json({
            ...DECLINED,
            signedStatus: 'reproved',
            isSubmitted: false,
            submittedAt: null,
            version: 2,
          });
        }),
      ],
    });
    await userEvent.click(within(await rowOf('23 Feb 2026')).getByRole('button', { name: 'Undo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Undo Submit' });
    expect(dialog).toHaveTextContent('Are you sure you want to undo the submit of the weekly status?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toHaveLength(0);
    await userEvent.click(within(await rowOf('23 Feb 2026')).getByRole('button', { name: 'Undo' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Undo Submit' })).getByRole('button', {
        name: 'Confirm',
      }),
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'PUT', body: { isSubmitted: false }, ifMatch: '"1"' });
  });

  it('is read-only for an outsider: no add, resend, delete or undo; the dialog disabled; no write is sent', async () => {
    setup(OSCAR);
    const sent = await rowOf('16 Feb 2026');
    expect(within(sent).queryByRole('button', { name: 'Resend' })).toBeNull();
    expect(within(sent).getAllByText('Not available')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Add weekly status' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    // the draft's dialog opens on its step, read-only
    await userEvent.click(within(await rowOf('02 Mar 2026')).getByRole('button', { name: /^Detail/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Weekly Status' });
    expect(await within(dialog).findByRole('tab', { name: 'General Status' })).toBeInTheDocument();
    await userEvent.click(
      within(dialog).getByRole('tab', { name: 'Weekly Status Update of Previous Activities' }),
    );
    expect(await within(dialog).findByDisplayValue('Migration')).toHaveAttribute('readonly');
    expect(within(dialog).queryByRole('button', { name: 'Add' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Ana Client')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Send to sign' })).toBeNull();
    expect(within(dialog).queryByRole('form', { name: 'Add recipient' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Previous' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Previous' }));
    expect(within(dialog).getByRole('button', { name: 'Upload and eSign using a template' })).toBeDisabled();
  });

  it('prefetches the project and the list for the navigation tree', async () => {
    setup(MARCOS);
    await grid();
    const client = new QueryClient();
    prefetchWeeklyStatus(client, { id: '3' });
    await waitFor(() => expect(client.getQueryData(['weekly-status', 'project', 3])).toHaveLength(4));
    prefetchWeeklyStatus(client, { id: 'x' }); // no call for a bad id
  });
});

describe('During › Weekly Status dialog', () => {
  it('creates on the template path, fills a section, adds a recipient and sends to sign with its confirmation', async () => {
    const download = fakeDownloads();
    const formFiles = spyFormFiles();
    const calls: Call[] = [];
    const created = ws(20, { createdAt: '2026-03-09T10:00:00.000Z', signedType: 1, version: 1 });
    const { rows } = setup(ALICE, {
      overrides: [
        http.post('/api/weekly-status/project/3', async ({ request }) => {
          await record(calls, request);
          rows.set(20, created);
          return HttpResponse.json({ id: 20 }, { status: 201 });
        }),
        http.get('/api/weekly-status-contents/weekly-status/20/type/:type', () => HttpResponse.json([])),
        http.post('/api/weekly-status-contents/weekly-status/20/type/1', async ({ request }) => {
          await record(calls, request);
          return HttpResponse.json(
            { id: 501, type: 1, name: null, description: null, orderPosition: 0, version: 1 },
            { status: 201 },
          );
        }),
        http.put('/api/weekly-status-contents/501', async ({ request }) => {
          await record(calls, request);
          return HttpResponse.json({
            id: 501,
            type: 1,
            name: 'On track',
            description: null,
            orderPosition: 0,
            version: 2,
          });
        }),
        http.get('/api/weekly-status/20/recipients', () => HttpResponse.json([])),
        http.post('/api/weekly-status/20/recipients', async ({ request }) => {
          await record(calls, request);
          return HttpResponse.json(
            {
              id: 80,
              name: 'Bia Client',
              email: 'bia@client.com',
              signedCode: null,
              isSigned: false,
              isActive: true,
              version: 1,
            },
            { status: 201 },
          );
        }),
        http.post('/api/weekly-status/20/submit', async ({ request }) => {
          await record(calls, request);
          const sent = {
            ...created,
            signedStatus: 'sent' as const,
            isSubmitted: true,
            submittedAt: '2026-03-09T11:00:00.000Z',
            version: 2,
          };
          rows.set(20, sent);
          return HttpResponse.json(sent);
        }),
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add weekly status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Weekly Status' });
    expect(within(dialog).getByText('1. Upload Weekly Status')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('button', { name: /^PLAY TUTORIAL/ })).toHaveLength(3);
    expect(within(dialog).getByRole('button', { name: 'File creation tutorial' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload and eSign using a template' }));
    expect(await within(dialog).findByText('2. Weekly Status Details')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/weekly-status/project/3',
      body: { signedType: 1 },
    });
    for (const tab of [
      'General Status',
      'Weekly Status Update of Previous Activities',
      'Definitions',
      'Points of Attention',
      'Next Steps',
    ])
      expect(within(dialog).getByRole('tab', { name: tab })).toBeInTheDocument();
    // a General Status block: add, then its name autosaves (on blur) with If-Match
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Add' }));
    const block = await within(dialog).findByRole('group', { name: 'General Status 1' });
    await userEvent.type(within(block).getByRole('textbox', { name: /^Name/ }), 'On track');
    await userEvent.tab();
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/api/weekly-status-contents/501',
      body: { name: 'On track' },
      ifMatch: '"1"',
    });
    // Download not signed file (the generated PDF)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download not signed file' }));
    expect(await screen.findByText('Your file is ready')).toBeInTheDocument();
    expect(download).toHaveBeenCalledWith('/api/weekly-status/20/file?signed=0', 'weekly-status.pdf');
    // recipients
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    const add = await within(dialog).findByRole('form', { name: 'Add recipient' });
    await userEvent.type(within(add).getByRole('textbox', { name: /^Name/ }), 'Bia Client');
    await userEvent.type(within(add).getByRole('textbox', { name: /^E-mail/ }), 'bia@client.com');
    await userEvent.click(within(add).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('bia@client.com')).toBeInTheDocument();
    // Send to sign → confirmation → submit without a file
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to sign' }));
    expect(
      within(dialog).getByText(
        'If you confirm this action, an e-mail message will be send to all recipients and you cannot update the data anymore.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Submitting...')).toBeInTheDocument();
    expect(await screen.findByText('Submitted', TOAST)).toBeInTheDocument();
    const submit = calls.find((c) => c.url === '/api/weekly-status/20/submit')!;
    expect(submit.ifMatch).toBe('"1"');
    expect(submit.multipart).toBe(true);
    expect(formFiles()).toEqual([]); // the template path sends no file
    // now read-only: sent to sign, no Send to sign, no add form
    expect(await within(dialog).findByText('Sent to sign')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Send to sign' })).toBeNull();
    expect(within(dialog).queryByRole('form', { name: 'Add recipient' })).toBeNull();
    // closing reloads the list: the new row is there
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await rowOf('09 Mar 2026')).toBeInTheDocument();
  });

  it('patches the signed type of an existing record when another path is chosen', async () => {
    const calls: Call[] = [];
    setup(MARCOS, {
      overrides: [
        http.patch('/api/weekly-status/14/signed-type', async ({ request }) => {
          await record(calls, request);
          return HttpResponse.json({ ...DRAFT, signedType: 2, version: 4 });
        }),
      ],
    });
    await userEvent.click(within(await rowOf('02 Mar 2026')).getByRole('button', { name: /^Detail/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Weekly Status' });
    expect(await within(dialog).findByText('2. Weekly Status Details')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Previous' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload and eSign your document' }));
    expect(await within(dialog).findByText('3. Add recipients')).toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({ method: 'PATCH', body: { signedType: 2 }, ifMatch: '"3"' }),
    ]);
    // type 2: Next to the file, Send to sign requires a PDF
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('4. Upload your file (only PDF)')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to sign' }));
    expect(await within(dialog).findByText('Please, select a file')).toBeInTheDocument();
  });

  it('uploads a signed file directly on the type 3 path, with the toasts', async () => {
    const calls: Call[] = [];
    const formFiles = spyFormFiles();
    const draft3 = ws(15, { createdAt: '2026-03-05T10:00:00.000Z', signedType: 3, version: 2 });
    setup(MARCOS, {
      list: [draft3],
      overrides: [
        http.post('/api/weekly-status/15/submit', async ({ request }) => {
          await record(calls, request);
          return HttpResponse.json({
            ...draft3,
            signedStatus: 'completed',
            isSubmitted: true,
            submittedAt: '2026-03-05T11:00:00.000Z',
            signatureFilename: 'signed.pdf',
            version: 3,
          });
        }),
      ],
    });
    await userEvent.click(within(await rowOf('05 Mar 2026')).getByRole('button', { name: /^Detail/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Weekly Status' });
    expect(await within(dialog).findByText('4. Upload your file (only PDF)')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload signed file' }));
    expect(await within(dialog).findByText('Please, select a file')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    const input = within(dialog).getByLabelText('Upload your signed file');
    await userEvent.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }), {
      applyAccept: false,
    });
    expect(within(dialog).getByText('Only PDF files is allowed')).toBeInTheDocument();
    await userEvent.upload(input, new File(['%PDF-1.4'], 'signed.pdf', { type: 'application/pdf' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload signed file' }));
    expect(await screen.findByText('Uploading your file...')).toBeInTheDocument();
    expect(await screen.findByText('Submitted', TOAST)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.multipart).toBe(true);
    expect(formFiles()).toEqual(['signed.pdf']);
    expect(calls[0]!.ifMatch).toBe('"2"');
    expect(await within(dialog).findByText('Completed')).toBeInTheDocument();
  });

  it('shows "Something went wrong..." when the submit fails', async () => {
    const draft3 = ws(15, { createdAt: '2026-03-05T10:00:00.000Z', signedType: 3, version: 2 });
    setup(MARCOS, {
      list: [draft3],
      overrides: [http.post('/api/weekly-status/15/submit', () => HttpResponse.json({}, { status: 500 }))],
    });
    await userEvent.click(within(await rowOf('05 Mar 2026')).getByRole('button', { name: /^Detail/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Weekly Status' });
    await userEvent.upload(
      await within(dialog).findByLabelText('Upload your signed file'),
      new File(['%PDF-1.4'], 'signed.pdf', { type: 'application/pdf' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload signed file' }));
    expect(await screen.findByText('Something went wrong...')).toBeInTheDocument();
  });
});
