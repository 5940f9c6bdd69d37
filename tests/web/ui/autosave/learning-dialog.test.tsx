import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../msw-server';
import { renderWithProviders } from '../../render';
import { LearningDialog } from '@web/features/projects/overview/LearningDialog';

/**
 * PATCH /api/projects/{id}/training-development as the server answers it (answerVersioned): one record,
 * one version for both fields; a stale If-Match is a 412 whose body's `current` is the record now.
 */
interface Td {
  tdOportunity: boolean | null;
  text: string | null;
  version: number;
}
let record: Td;
let seen: { ifMatch: string | null; body: Partial<Td> }[];
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  record = { tdOportunity: null, text: 'Workshops', version: 1 };
  seen = [];
  server.use(
    http.patch('/api/projects/3/training-development', async ({ request }) => {
      const ifMatch = request.headers.get('if-match');
      const body = (await request.json()) as Partial<Td>;
      seen.push({ ifMatch, body });
      if (ifMatch && ifMatch !== `"${record.version}"`)
        return HttpResponse.json(
          {
            statusCode: 412,
            error: 'Precondition Failed',
            message: 'This record was changed by someone else meanwhile',
            current: record,
          },
          { status: 412 },
        );
      record = { ...record, ...body, version: record.version + 1 };
      return HttpResponse.json(record);
    }),
  );
});
afterEach(() => vi.useRealTimers());

const open = () =>
  renderWithProviders(<LearningDialog projectId={3} value={{ ...record }} onClose={() => {}} />);
const text = () => screen.getByRole('textbox', { name: 'Which opportunities?' });

describe('Learning and Development on autosave with versions', () => {
  it('both fields share the record version: each answer is the next If-Match', async () => {
    open();
    await userEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    await waitFor(() => expect(record.version).toBe(2));
    fireEvent.change(text(), { target: { value: 'Workshops and mentoring' } });
    fireEvent.blur(text());
    await waitFor(() => expect(record.version).toBe(3));
    expect(seen).toEqual([
      { ifMatch: '"1"', body: { tdOportunity: true } },
      { ifMatch: '"2"', body: { text: 'Workshops and mentoring' } },
    ]);
    expect(record).toMatchObject({ tdOportunity: true, text: 'Workshops and mentoring' });
  });

  it('someone else changed the text: their text is shown, "Keep mine" saves mine on their version', async () => {
    open();
    record = { ...record, text: 'Conference talks', version: 2 }; // their save
    fireEvent.change(text(), { target: { value: 'Workshops, internal training' } });
    fireEvent.blur(text());
    const bar = await screen.findByRole('group', { name: 'Which opportunities?: changed by someone else' });
    expect(within(bar).getByText('Conference talks')).toBeInTheDocument();
    expect(text()).toHaveValue('Workshops, internal training');
    await userEvent.click(within(bar).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(record).toMatchObject({ text: 'Workshops, internal training', version: 3 }));
    expect(seen.map((s) => s.ifMatch)).toEqual(['"1"', '"2"']);
    // the yes/no now goes on version 3 without a conflict
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    await waitFor(() => expect(record).toMatchObject({ tdOportunity: false, version: 4 }));
  });

  it('"Take theirs" shows their text and saves nothing', async () => {
    open();
    record = { ...record, text: 'Conference talks', version: 2 };
    fireEvent.change(text(), { target: { value: 'Mine' } });
    fireEvent.blur(text());
    const bar = await screen.findByRole('group', { name: 'Which opportunities?: changed by someone else' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Take theirs' }));
    expect(text()).toHaveValue('Conference talks');
    expect(seen).toHaveLength(1);
    expect(record.text).toBe('Conference talks');
  });

  it('their change of the yes/no alone does not block my text (re-sent on their version)', async () => {
    open();
    record = { ...record, tdOportunity: true, version: 2 };
    fireEvent.change(text(), { target: { value: 'Pairing' } });
    fireEvent.blur(text());
    await waitFor(() => expect(record).toMatchObject({ tdOportunity: true, text: 'Pairing', version: 3 }));
    expect(screen.queryByRole('group', { name: /changed by someone else/ })).toBeNull();
  });
});
