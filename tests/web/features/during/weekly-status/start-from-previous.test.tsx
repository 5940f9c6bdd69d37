import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import type { WeeklyStatus } from '@domain/contract';
import { SessionProvider } from '@web/api/session-context';
import WeeklyStatusPage from '@web/features/during/weekly-status/WeeklyStatusPage';
import { previousWeeklyStatus } from '@web/features/during/weekly-status/start-from';
import { server } from '../../../msw-server';
import { USERS, fakeToken, renderWithProviders } from '../../../render';
import { COMPLETED, PROJECT, ws } from './fixtures';

// a dialog with a wizard: room for the queries on a busy machine
beforeAll(() => configure({ asyncUtilTimeout: 10_000 }));
afterAll(() => configure({ asyncUtilTimeout: 5000 }));

const SENT = ws(12, {
  createdAt: '2026-02-23T10:00:00.000Z',
  submittedAt: '2026-02-24T09:00:00.000Z',
  isSubmitted: true,
  signedStatus: 'sent',
  signedType: 2,
  unSignatureFilename: 'own.pdf',
});
/** The newest: what a new weekly status starts from. */
const NEWEST = ws(14, { createdAt: '2026-03-02T10:00:00.000Z', signedStatus: 'declined', signedType: 2 });
const NEW_ID = 20;

/** The copied blocks and recipient the server answers for the new weekly status. */
const COPIED_BLOCK = {
  id: 610,
  type: 1,
  frontHeader: null,
  name: 'Diagnostic phase on track',
  description: 'Interviews done',
  contentStatus: null,
  orderPosition: 1,
  version: 1,
};
const COPIED_RECIPIENT = {
  id: 81,
  name: 'Helena Souza',
  email: 'helena.souza@client.example.com',
  signedCode: null,
  isSigned: false,
  isActive: true,
  version: 1,
};

function setup(list: WeeklyStatus[]) {
  const posts: unknown[] = [];
  const rows = new Map(list.map((r) => [r.id, r]));
  localStorage.setItem('portal.accessToken', fakeToken(USERS.marcos));
  server.use(
    http.get('/api/projects/3', () => HttpResponse.json(PROJECT)),
    http.get('/api/weekly-status/project/3', () => HttpResponse.json([...rows.values()])),
    http.post('/api/weekly-status/project/3', async ({ request }) => {
      const body = (await request.json()) as { signedType: 1 | 2 | 3; startFrom?: number };
      posts.push(body);
      rows.set(NEW_ID, ws(NEW_ID, { createdAt: '2026-03-09T10:00:00.000Z', signedType: body.signedType }));
      return HttpResponse.json({ id: NEW_ID }, { status: 201 });
    }),
    http.get('/api/weekly-status/:id', ({ params }) => {
      const r = rows.get(Number(params.id));
      return r ? HttpResponse.json(r) : HttpResponse.json({ message: 'not found' }, { status: 404 });
    }),
    // the new one answers what was copied into it when it started from the previous one
    http.get(`/api/weekly-status-contents/weekly-status/${NEW_ID}/type/:type`, ({ params }) =>
      HttpResponse.json(params.type === '1' && copied(posts) ? [COPIED_BLOCK] : []),
    ),
    http.get(`/api/weekly-status/${NEW_ID}/recipients`, () =>
      HttpResponse.json(copied(posts) ? [COPIED_RECIPIENT] : []),
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
  return { posts };
}
const copied = (posts: unknown[]) =>
  (posts.at(-1) as { startFrom?: number } | undefined)?.startFrom !== undefined;

async function openNew() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add weekly status' }));
  return screen.findByRole('dialog', { name: 'Weekly Status' });
}
const option = (dialog: HTMLElement) =>
  within(dialog).getByRole('checkbox', { name: 'Start from the previous weekly status' });

describe('During › Weekly Status: start from the previous weekly status', () => {
  it('is offered checked when a previous one exists; the new one starts from the newest and opens with its sections and recipients', async () => {
    // the list as the server may give it: not in creation order
    const { posts } = setup([COMPLETED, NEWEST, SENT]);
    const dialog = await openNew();
    const box = option(dialog);
    expect(box).toBeChecked();
    expect(box).toBeEnabled();
    expect(box).toHaveAccessibleDescription(
      'Copies the sections and recipients of the weekly status created 02 Mar 2026; the signature starts afresh.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload and eSign using a template' }));
    expect(await within(dialog).findByText('2. Weekly Status Details')).toBeInTheDocument();
    expect(posts).toEqual([{ signedType: 1, startFrom: NEWEST.id }]);
    // the copied General Status block, then the copied recipient
    expect(await within(dialog).findByDisplayValue('Diagnostic phase on track')).toBeInTheDocument();
    expect(within(dialog).getByDisplayValue('Interviews done')).toBeInTheDocument();
    // the option belongs to creating: gone once the record exists
    expect(
      within(dialog).queryByRole('checkbox', { name: 'Start from the previous weekly status' }),
    ).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Helena Souza')).toBeInTheDocument();
    expect(within(dialog).getByText('helena.souza@client.example.com')).toBeInTheDocument();
  });

  it('unchecked, creates an empty one: no startFrom in the request', async () => {
    const { posts } = setup([COMPLETED, NEWEST]);
    const dialog = await openNew();
    await userEvent.click(option(dialog));
    expect(option(dialog)).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload and eSign your document' }));
    expect(await within(dialog).findByText('3. Add recipients')).toBeInTheDocument();
    expect(posts).toEqual([{ signedType: 2 }]);
    expect(await within(dialog).findByRole('form', { name: 'Add recipient' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Helena Souza')).toBeNull();
  });

  it('is disabled with the reason when the project has no weekly status yet', async () => {
    const { posts } = setup([]);
    const dialog = await openNew();
    const box = option(dialog);
    expect(box).toBeDisabled();
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription('There is no previous weekly status to start from.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload and eSign using a template' }));
    expect(await within(dialog).findByText('2. Weekly Status Details')).toBeInTheDocument();
    expect(posts).toEqual([{ signedType: 1 }]);
  });

  it('is not offered in the dialog of an existing weekly status', async () => {
    setup([COMPLETED, NEWEST]);
    const grid = await screen.findByRole('grid', { name: 'Weekly Status' });
    const [cell] = await within(grid).findAllByText('09 Feb 2026');
    const row = cell!.closest('[role="row"]') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: /^Detail/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Weekly Status' });
    expect(await within(dialog).findByText('4. Upload your file (only PDF)')).toBeInTheDocument();
    expect(
      within(dialog).queryByRole('checkbox', { name: 'Start from the previous weekly status' }),
    ).toBeNull();
  });
});

describe('previousWeeklyStatus', () => {
  it('is the newest by creation (then the higher id), whatever its signed status; none for no list', () => {
    expect(previousWeeklyStatus([COMPLETED, NEWEST, SENT])?.id).toBe(14);
    const twin = ws(15, { createdAt: NEWEST.createdAt, signedStatus: 'deleted' });
    expect(previousWeeklyStatus([twin, NEWEST, COMPLETED])?.id).toBe(15);
    expect(previousWeeklyStatus([])).toBeUndefined();
    expect(previousWeeklyStatus(undefined)).toBeUndefined();
  });
});
