import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { http, HttpResponse } from 'msw';
import { server } from '../../msw-server';
import { AutosaveTextField, ToastProvider } from '@web/ui';
import { apiSend } from '@web/api/client';

/** The server's semantics (src/server/platform/versions.ts): If-Match stale → 412 with `current`. */
interface Rec {
  text: string;
  note: string;
  version: number;
}
let record: Rec;
let requests: { ifMatch: string | null; body: Partial<Rec> }[];
function serve() {
  requests = [];
  server.use(
    http.patch('/api/records/1', async ({ request }) => {
      const ifMatch = request.headers.get('if-match');
      const body = (await request.json()) as Partial<Rec>;
      requests.push({ ifMatch, body });
      if (ifMatch && ifMatch !== `"${record.version}"`)
        return HttpResponse.json(
          {
            statusCode: 412,
            error: 'Precondition Failed',
            message: 'This record was changed by someone else meanwhile',
            current: record,
          },
          { status: 412, headers: { etag: `"${record.version}"` } },
        );
      record = { ...record, ...body, version: record.version + 1 };
      return HttpResponse.json(record, { headers: { etag: `"${record.version}"` } });
    }),
  );
}
/** Someone else saves meanwhile. */
const theyChange = (patch: Partial<Rec>) => (record = { ...record, ...patch, version: record.version + 1 });

function Field({ value, version }: { value: string; version: number }) {
  return (
    <AutosaveTextField
      label="Client culture"
      multiline
      value={value}
      version={version}
      fromRecord={(r: Rec) => r.text}
      onSave={(text, ctx) => apiSend('PATCH', '/api/records/1', { text }, 'portal', ctx)}
    />
  );
}
function setup() {
  return render(
    <FluentProvider theme={webLightTheme}>
      <ToastProvider>
        <Field value={record.text} version={record.version} />
      </ToastProvider>
    </FluentProvider>,
  );
}
const box = () => screen.getByRole('textbox', { name: 'Client culture' });
const bar = () => screen.getByRole('group', { name: /changed by someone else/ });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  record = { text: 'Collaborative', note: 'n', version: 1 };
  serve();
});
afterEach(() => vi.useRealTimers());

describe('autosave conflicts (412)', () => {
  it('shows their value and "Keep mine" saves my value with their version as If-Match', async () => {
    setup();
    theyChange({ text: 'Hierarchical (theirs)' });
    fireEvent.change(box(), { target: { value: 'Collaborative and fast (mine)' } });
    fireEvent.blur(box());
    await waitFor(() => expect(screen.getAllByText('Changed by someone else').length).toBeGreaterThan(0));
    expect(requests).toEqual([{ ifMatch: '"1"', body: { text: 'Collaborative and fast (mine)' } }]);
    expect(within(bar()).getByText('Hierarchical (theirs)')).toBeInTheDocument();
    expect(box()).toHaveValue('Collaborative and fast (mine)'); // nothing typed is lost
    // no retry while the person has not chosen
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(requests).toHaveLength(1);
    // typing while the conflict is open is kept too
    fireEvent.change(box(), { target: { value: 'Collaborative and fast (mine!)' } });
    await userEvent.click(within(bar()).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(record.text).toBe('Collaborative and fast (mine!)'));
    expect(requests[1]).toEqual({ ifMatch: '"2"', body: { text: 'Collaborative and fast (mine!)' } });
    expect(screen.queryByRole('group', { name: /changed by someone else/ })).toBeNull();
    expect(record.version).toBe(3);
    // the answer's version is the next If-Match
    fireEvent.change(box(), { target: { value: 'again' } });
    fireEvent.blur(box());
    await waitFor(() => expect(requests).toHaveLength(3));
    expect(requests[2]!.ifMatch).toBe('"3"');
  });

  it('"Take theirs" replaces my value with theirs and saves nothing', async () => {
    setup();
    theyChange({ text: 'Theirs wins' });
    fireEvent.change(box(), { target: { value: 'Mine' } });
    fireEvent.blur(box());
    await waitFor(() => expect(within(bar()).getByText('Theirs wins')).toBeInTheDocument());
    await userEvent.click(within(bar()).getByRole('button', { name: 'Take theirs' }));
    expect(box()).toHaveValue('Theirs wins');
    expect(screen.queryByRole('group', { name: /changed by someone else/ })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(requests).toHaveLength(1);
    expect(record).toMatchObject({ text: 'Theirs wins', version: 2 });
    // the next edit goes on their version
    fireEvent.change(box(), { target: { value: 'Theirs wins, edited' } });
    fireEvent.blur(box());
    await waitFor(() => expect(record).toMatchObject({ text: 'Theirs wins, edited', version: 3 }));
    expect(requests[1]!.ifMatch).toBe('"2"');
  });

  it('re-sends on their version without asking when their change did not touch this field', async () => {
    setup();
    theyChange({ note: 'another field changed' });
    fireEvent.change(box(), { target: { value: 'Mine only' } });
    fireEvent.blur(box());
    await waitFor(() => expect(record).toMatchObject({ text: 'Mine only', note: 'another field changed' }));
    expect(requests.map((r) => r.ifMatch)).toEqual(['"1"', '"2"']);
    expect(screen.queryByRole('group', { name: /changed by someone else/ })).toBeNull();
  });
});

describe('page hide', () => {
  it('sends the pending value as a keepalive request with If-Match', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    setup();
    fireEvent.change(box(), { target: { value: 'closing the tab' } });
    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
    });
    await waitFor(() => expect(record.text).toBe('closing the tab'));
    const init = fetchSpy.mock.calls.at(-1)![1]!;
    expect(init).toMatchObject({ keepalive: true, method: 'PATCH' });
    expect((init.headers as Record<string, string>)['if-match']).toBe('"1"');
    fetchSpy.mockRestore();
  });
});
