import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { AutosaveTextField, ToastProvider } from '@web/ui';
import { ApiError } from '@web/api/client';

type Props = Partial<Parameters<typeof AutosaveTextField>[0]> & {
  onSave: (v: string, ctx: { version: unknown; keepalive: boolean }) => Promise<unknown>;
};
function setup(props: Props) {
  return render(
    <FluentProvider theme={webLightTheme}>
      <ToastProvider>
        <AutosaveTextField label="Client description" value="start" {...props} />
      </ToastProvider>
    </FluentProvider>,
  );
}
const input = () => screen.getByRole('textbox', { name: 'Client description' });
const type = (v: string) => fireEvent.change(input(), { target: { value: v } });
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** A save that resolves when the test says so. */
function deferred() {
  let resolve!: (v?: unknown) => void;
  const promise = new Promise((r) => (resolve = r));
  return { promise, resolve };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('AutosaveTextField', () => {
  it('saves 3 s after typing stops (the last value only), shows its state and toasts Saved', async () => {
    const onSave = vi.fn(async () => {});
    setup({ onSave });
    expect(input()).toHaveValue('start');
    type('a');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await wait(2000);
    type('ab');
    await wait(2999);
    expect(onSave).not.toHaveBeenCalled();
    await wait(1);
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith('ab', { version: undefined, keepalive: false });
    await wait(10);
    expect(screen.getAllByText('Saved').length).toBeGreaterThanOrEqual(2); // state + toast
  });

  it('saves 1 s after typing stops where the spec says so (delayMs)', async () => {
    const onSave = vi.fn(async () => {});
    setup({ onSave, delayMs: 1000 });
    type('fast');
    await wait(999);
    expect(onSave).not.toHaveBeenCalled();
    await wait(1);
    expect(onSave).toHaveBeenCalledWith('fast', expect.anything());
  });

  it('saves at once on blur, once', async () => {
    const onSave = vi.fn(async () => {});
    setup({ onSave });
    type('typed');
    await act(async () => {
      fireEvent.blur(input());
    });
    expect(onSave).toHaveBeenCalledWith('typed', expect.anything());
    await wait(5000);
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('never saves when read-only', async () => {
    const onSave = vi.fn(async () => {});
    setup({ onSave, readOnly: true });
    type('x');
    fireEvent.blur(input());
    await wait(10_000);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows Saving… during a save and keeps what is typed meanwhile, saving it next', async () => {
    const first = deferred();
    const onSave = vi.fn().mockReturnValueOnce(first.promise).mockResolvedValue(undefined);
    setup({ onSave });
    type('one');
    fireEvent.blur(input());
    await wait(0);
    expect(screen.getByText('Saving…')).toBeInTheDocument();
    type('one two');
    await act(async () => first.resolve());
    expect(input()).toHaveValue('one two');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await wait(3000);
    expect(onSave).toHaveBeenCalledTimes(2);
    expect(onSave).toHaveBeenLastCalledWith('one two', expect.anything());
    expect(input()).toHaveValue('one two');
  });

  it('keeps a failed save visible and retries it with backoff (2 s, then 4 s) until it succeeds', async () => {
    let fail = 2;
    const onSave = vi.fn(async () => {
      if (fail-- > 0) throw new TypeError('Failed to fetch');
    });
    setup({ onSave });
    type('important');
    await wait(3000);
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Not saved — retrying')).toBeInTheDocument();
    expect(screen.getAllByText('Something went wrong').length).toBeGreaterThan(0);
    expect(input()).toHaveValue('important');
    await wait(1999);
    expect(onSave).toHaveBeenCalledTimes(1);
    await wait(1); // retry 1 after 2 s (fails)
    expect(onSave).toHaveBeenCalledTimes(2);
    await wait(3999);
    expect(onSave).toHaveBeenCalledTimes(2);
    await wait(1); // retry 2 after 4 s (succeeds)
    expect(onSave).toHaveBeenCalledTimes(3);
    expect(onSave).toHaveBeenLastCalledWith('important', expect.anything());
    expect(screen.queryByText('Not saved — retrying')).toBeNull();
    expect(screen.getAllByText('Saved').length).toBeGreaterThan(0);
  });

  it('retries a server error (5xx) and retries at once when the browser is back online', async () => {
    let fail = true;
    const onSave = vi.fn(async () => {
      if (fail) throw new ApiError(503, 'Service Unavailable');
    });
    setup({ onSave });
    type('offline text');
    fireEvent.blur(input());
    await wait(0);
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Not saved — retrying')).toBeInTheDocument();
    fail = false;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(onSave).toHaveBeenCalledTimes(2);
    await wait(0);
    expect(screen.getAllByText('Saved').length).toBeGreaterThan(0);
    await wait(60_000);
    expect(onSave).toHaveBeenCalledTimes(2);
  });

  it('does not retry a refused save (400) by itself; the next blur tries again', async () => {
    const onSave = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(400, 'Invalid request: text: too long'))
      .mockResolvedValue(undefined);
    setup({ onSave });
    type('bad');
    fireEvent.blur(input());
    await wait(0);
    expect(screen.getByText('Not saved')).toBeInTheDocument();
    await wait(60_000);
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(input()).toHaveValue('bad');
    fireEvent.blur(input());
    await wait(0);
    expect(onSave).toHaveBeenCalledTimes(2);
  });

  it('flushes a pending save when the page is hidden (as keepalive) and on unmount', async () => {
    const onSave = vi.fn(async () => {});
    const { unmount } = setup({ onSave });
    type('leaving');
    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(onSave).toHaveBeenCalledWith('leaving', { version: undefined, keepalive: true });
    type('leaving again');
    unmount();
    await wait(0);
    expect(onSave).toHaveBeenLastCalledWith('leaving again', { version: undefined, keepalive: false });
  });

  it('keeps retrying a failed save after the field is gone (dialog closed while offline)', async () => {
    let fail = true;
    const onSave = vi.fn(async () => {
      if (fail) throw new TypeError('Failed to fetch');
    });
    const { unmount } = setup({ onSave });
    type('do not lose me');
    fireEvent.blur(input());
    await wait(0);
    unmount();
    await wait(0);
    expect(onSave).toHaveBeenCalledTimes(1); // not hammered at unmount: the retry is already planned
    fail = false;
    await wait(2000);
    expect(onSave).toHaveBeenCalledTimes(2);
    expect(onSave).toHaveBeenLastCalledWith('do not lose me', expect.anything());
  });

  it('flushes on visibilitychange to hidden', async () => {
    const onSave = vi.fn(async () => {});
    setup({ onSave });
    type('switching tabs');
    const spy = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    spy.mockRestore();
    expect(onSave).toHaveBeenCalledWith('switching tabs', expect.objectContaining({ keepalive: true }));
  });

  it('sends the loaded version and then each answer’s version as If-Match', async () => {
    let v = 7;
    const onSave = vi.fn(async () => ({ version: ++v }));
    setup({ onSave, version: 7 });
    type('x');
    fireEvent.blur(input());
    await wait(0);
    type('xy');
    fireEvent.blur(input());
    await wait(0);
    expect(onSave.mock.calls.map((c: any[]) => c[1].version)).toEqual([7, 8]);
  });
});
