/**
 * An autosaved field on a busy server: a 503 (+ Retry-After) is a retryable failure — not a conflict, not a
 * refusal — so the text stays, the save waits at least the Retry-After, then goes through.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { http, HttpResponse } from 'msw';
import { server } from '../../msw-server';
import { AutosaveTextField, ToastProvider } from '@web/ui';
import { stopSaveRetries } from '@web/ui/autosave';
import { apiSend } from '@web/api/client';

interface Rec {
  text: string;
  version: number;
}
let record: Rec;
let requests: { ifMatch: string | null; text: string }[];
/** The first `busyFor` saves are refused with 503 + Retry-After: `retryAfter`; then they are saved. */
function serve(busyFor: number, retryAfter: string) {
  requests = [];
  server.use(
    http.patch('/api/records/1', async ({ request }) => {
      const body = (await request.json()) as { text: string };
      requests.push({ ifMatch: request.headers.get('if-match'), text: body.text });
      if (requests.length <= busyFor)
        return HttpResponse.json(
          {
            statusCode: 503,
            error: 'Service Unavailable',
            message: 'The server is busy: please try again in a moment',
          },
          { status: 503, headers: { 'retry-after': retryAfter, 'cache-control': 'no-store' } },
        );
      record = { text: body.text, version: record.version + 1 };
      return HttpResponse.json(record, { headers: { etag: `"${record.version}"` } });
    }),
  );
}

function setup() {
  return render(
    <FluentProvider theme={webLightTheme}>
      <ToastProvider>
        <AutosaveTextField
          label="Key message"
          multiline
          value={record.text}
          version={record.version}
          fromRecord={(r: Rec) => r.text}
          onSave={(text, ctx) => apiSend('PATCH', '/api/records/1', { text }, 'portal', ctx)}
        />
      </ToastProvider>
    </FluentProvider>,
  );
}
const box = () => screen.getByRole('textbox', { name: 'Key message' });
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  record = { text: 'Savings model', version: 4 };
});
afterEach(() => vi.useRealTimers());

describe('autosave on a busy server (503 + Retry-After)', () => {
  it('keeps the text pending, waits the Retry-After (longer than its own 2 s backoff), then saves it', async () => {
    serve(1, '8');
    setup();
    fireEvent.change(box(), { target: { value: 'Savings model agreed with the client' } });
    fireEvent.blur(box());
    await waitFor(() => expect(screen.getByText('Not saved — retrying')).toBeInTheDocument());
    expect(requests).toEqual([{ ifMatch: '"4"', text: 'Savings model agreed with the client' }]);
    // kept, not a conflict, not a refusal
    expect(box()).toHaveValue('Savings model agreed with the client');
    expect(screen.queryByRole('group', { name: /changed by someone else/ })).toBeNull();
    expect(screen.queryByText('Not saved')).toBeNull();
    // the autosave's own first retry would come after 2 s: the server asked for 8
    await wait(4000);
    expect(requests).toHaveLength(1);
    await wait(4500);
    await waitFor(() => expect(record.text).toBe('Savings model agreed with the client'));
    expect(requests).toHaveLength(2);
    expect(requests[1]).toEqual({ ifMatch: '"4"', text: 'Savings model agreed with the client' });
    expect(record.version).toBe(5);
    await waitFor(() => expect(screen.queryByText('Not saved — retrying')).toBeNull());
    expect(box()).toHaveValue('Savings model agreed with the client');
  });

  it('keeps what is typed while a busy save waits and saves the latest text', async () => {
    serve(2, '1');
    setup();
    fireEvent.change(box(), { target: { value: 'first' } });
    fireEvent.blur(box());
    await waitFor(() => expect(requests).toHaveLength(1));
    fireEvent.change(box(), { target: { value: 'first and second' } });
    // retries (2 s backoff ≥ Retry-After 1 s) until the server takes it; nothing typed is lost
    await wait(2100);
    await waitFor(() => expect(requests).toHaveLength(2));
    await wait(4100);
    await waitFor(() => expect(record.text).toBe('first and second'));
    expect(requests.map((r) => r.text)).toEqual(['first', 'first and second', 'first and second']);
    expect(box()).toHaveValue('first and second');
  });

  it('retries a failed save after its field is gone, until stopSaveRetries ends every planned retry', async () => {
    serve(5, '1');
    const view = setup();
    fireEvent.change(box(), { target: { value: 'typed before closing' } });
    fireEvent.blur(box());
    await waitFor(() => expect(requests).toHaveLength(1));
    view.unmount();
    // the field is gone; its text is not lost: the retry still goes out
    await wait(2100);
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]!.text).toBe('typed before closing');
    stopSaveRetries();
    await wait(10_000);
    expect(requests).toHaveLength(2);
  });
});
