import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { ConfirmDialog, ProjectStatusIcon, StatusDot, ToastProvider, useNotify } from '@web/ui';

const wrap = (ui: React.ReactNode) => render(<FluentProvider theme={webLightTheme}>{ui}</FluentProvider>);

describe('status', () => {
  it('labels the project status icons with the spec tooltips', () => {
    wrap(
      <>
        {[1, 2, 3, 4, 5, 6].map((s) => (
          <ProjectStatusIcon key={s} idStatus={s} />
        ))}
      </>,
    );
    for (const t of [
      'Project Draft',
      'Project Setup',
      'Project During',
      'Project Closure',
      'Project Finished',
      'Project Paused',
    ]) {
      expect(screen.getByRole('img', { name: t })).toBeInTheDocument();
    }
  });
  it('draws a dot of the given size and colour with its label', () => {
    wrap(<StatusDot colour="green" label="Approved" size={35} />);
    const dot = screen.getByRole('img', { name: 'Approved' });
    expect(dot).toHaveAttribute('data-colour', 'green');
    expect(dot.style.width).toBe('35px');
  });
});

function Notifier() {
  const n = useNotify();
  return (
    <>
      <button onClick={() => n.success('Added with success.')}>ok</button>
      <button onClick={() => n.error('Something went wrong...')}>ko</button>
    </>
  );
}

describe('toasts', () => {
  // Leaving after 3 s runs on CSS animation events, which jsdom does not fire; the lifetime is the
  // Toaster's TOAST_LIFETIME_MS and the e2e tests see toasts go.
  it('shows success and error toasts, each with a Dismiss button', async () => {
    wrap(
      <ToastProvider>
        <Notifier />
      </ToastProvider>,
    );
    await userEvent.click(screen.getByText('ok'));
    expect(await screen.findByText('Added with success.')).toBeInTheDocument();
    await userEvent.click(screen.getByText('ko'));
    expect(await screen.findByText('Something went wrong...')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Dismiss' })).toHaveLength(2);
  });
});

describe('ConfirmDialog', () => {
  it('disables Confirm while busy', () => {
    wrap(<ConfirmDialog open title="Change status" busy onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('button', { name: /Confirm/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});
