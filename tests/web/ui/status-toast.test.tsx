import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import {
  CheckmarkCircleRegular,
  DraftsRegular,
  FlagRegular,
  PauseCircleRegular,
  PlayCircleRegular,
  QuestionCircleRegular,
  SettingsRegular,
} from '@fluentui/react-icons';
import { ConfirmDialog, ProjectStatusIcon, StatusDot, ToastProvider, useNotify } from '@web/ui';
import { STATUS_GLYPHS, UNKNOWN_STATUS_GLYPH } from '@web/ui/status-glyphs';

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
  it("draws each status with the glyph of Fluent's icon for it, one element that only changes its path", () => {
    const fluent = {
      DraftsRegular,
      SettingsRegular,
      PlayCircleRegular,
      FlagRegular,
      CheckmarkCircleRegular,
      PauseCircleRegular,
      QuestionCircleRegular,
    };
    const drawn = (el: Element) => ({
      viewBox: el.querySelector('svg')?.getAttribute('viewBox'),
      paths: [...el.querySelectorAll('path')].map((p) => p.getAttribute('d')),
    });
    const ours = wrap(<ProjectStatusIcon idStatus={1} />);
    const svg = ours.container.querySelector('svg');
    for (const status of [1, 2, 3, 4, 5, 6, 99]) {
      ours.rerender(
        <FluentProvider theme={webLightTheme}>
          <ProjectStatusIcon idStatus={status} />
        </FluentProvider>,
      );
      const glyph = STATUS_GLYPHS[status] ?? UNKNOWN_STATUS_GLYPH;
      const Icon = fluent[glyph.icon as keyof typeof fluent];
      const theirs = render(<Icon />);
      expect(drawn(ours.container)).toEqual(drawn(theirs.container));
      expect(ours.container.querySelector('svg')).toBe(svg); // the same element: no icon unmounted and mounted
      expect(svg).toHaveAttribute('aria-hidden', 'true');
      theirs.unmount();
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
