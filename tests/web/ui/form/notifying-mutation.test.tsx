import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../msw-server';
import { renderWithProviders } from '../../render';
import { apiSend } from '@web/api/client';
import { useNotifyingMutation } from '@web/ui/mutation';

function Saver(props: {
  error?: false | string | ((e: Error) => string);
  onSuccess?: () => void;
  onError?: () => void;
}) {
  const save = useNotifyingMutation({
    mutationFn: (name: string) => apiSend<{ name: string }>('POST', '/api/things', { name }),
    success: (data) => `Saved ${data.name}.`,
    ...props,
  });
  return (
    <button disabled={save.isPending} onClick={() => save.mutate('Alpha')}>
      save
    </button>
  );
}

describe('useNotifyingMutation', () => {
  it('toasts the success text built from the answer, then runs the caller’s onSuccess', async () => {
    server.use(http.post('/api/things', async ({ request }) => HttpResponse.json(await request.json())));
    const onSuccess = vi.fn();
    renderWithProviders(<Saver onSuccess={onSuccess} />);
    await userEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('Saved Alpha.')).toBeInTheDocument();
    expect(onSuccess).toHaveBeenCalled();
  });

  it("toasts the server's message on failure by default, then runs the caller’s onError", async () => {
    server.use(
      http.post('/api/things', () =>
        HttpResponse.json(
          { statusCode: 409, error: 'Conflict', message: 'A thing named Alpha exists' },
          { status: 409 },
        ),
      ),
    );
    const onError = vi.fn();
    renderWithProviders(<Saver onError={onError} />);
    await userEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('A thing named Alpha exists')).toBeInTheDocument();
    expect(onError).toHaveBeenCalled();
    expect(screen.queryByText(/Saved/)).toBeNull();
  });

  it('uses the fixed failure text of the spec when given one, and none with error: false', async () => {
    server.use(http.post('/api/things', () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    const { unmount } = renderWithProviders(<Saver error="Something went wrong..." />);
    await userEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('Something went wrong...')).toBeInTheDocument();
    expect(screen.queryByText('x')).toBeNull();
    unmount();

    const onError = vi.fn();
    renderWithProviders(<Saver error={false} onError={onError} />);
    await userEvent.click(screen.getByRole('button', { name: 'save' }));
    await waitFor(() => expect(onError).toHaveBeenCalled());
    expect(screen.queryByText('x')).toBeNull();
    expect(screen.queryByText('Something went wrong...')).toBeNull();
  });
});
