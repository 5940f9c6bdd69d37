import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { AutosaveTextField, ToastProvider } from '@web/ui';

function setup(
  props: Partial<Parameters<typeof AutosaveTextField>[0]> & { onSave: (v: string) => Promise<void> },
) {
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

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('AutosaveTextField', () => {
  it('saves 3 s after typing stops (the last value only) and toasts Saved', async () => {
    const onSave = vi.fn(async () => {});
    setup({ onSave });
    type('a');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    type('ab');
    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(onSave).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith('ab');
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getAllByText('Saved').length).toBeGreaterThan(0);
  });

  it('saves at once on blur', async () => {
    const onSave = vi.fn(async () => {});
    setup({ onSave });
    type('typed');
    await act(async () => {
      fireEvent.blur(input());
    });
    expect(onSave).toHaveBeenCalledWith('typed');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('never saves when read-only', async () => {
    const onSave = vi.fn(async () => {});
    setup({ onSave, readOnly: true });
    type('x');
    fireEvent.blur(input());
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('keeps a failed save visible and retries it until it succeeds', async () => {
    let fail = 2;
    const onSave = vi.fn(async () => {
      if (fail-- > 0) throw new Error('down');
    });
    setup({ onSave });
    type('important');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Not saved — retrying')).toBeInTheDocument();
    expect(screen.getAllByText('Something went wrong').length).toBeGreaterThan(0);
    expect(input()).toHaveValue('important');
    await act(() => vi.advanceTimersByTimeAsync(2000)); // retry 1 (fails)
    await act(() => vi.advanceTimersByTimeAsync(4000)); // retry 2 (succeeds)
    expect(onSave).toHaveBeenCalledTimes(3);
    expect(onSave).toHaveBeenLastCalledWith('important');
    expect(screen.queryByText('Not saved — retrying')).toBeNull();
  });

  it('flushes a pending save on unmount and when the page is hidden', async () => {
    const onSave = vi.fn(async () => {});
    const { unmount } = setup({ onSave });
    type('leaving');
    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(onSave).toHaveBeenCalledWith('leaving');
    type('leaving again');
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(onSave).toHaveBeenLastCalledWith('leaving again');
  });
});
