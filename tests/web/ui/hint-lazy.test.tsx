import { describe, expect, it } from 'vitest';
import { Suspense } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '@fluentui/react-components';
import { Hint } from '@web/ui/Hint';
import { lazyComponent } from '@web/ui/lazy';
import { renderWithProviders } from '../render';

describe('lazyComponent', () => {
  it('suspends on its first use, renders at once when its code has arrived, and retries a failed load', async () => {
    let calls = 0;
    let fail = true;
    const Greeting = lazyComponent(async () => {
      calls += 1;
      if (fail) throw new Error('chunk failed');
      return { default: ({ name }: { name: string }) => <p>Hello {name}</p> };
    });
    await expect(Greeting.preload()).rejects.toThrow('chunk failed');
    fail = false;
    const first = render(
      <Suspense fallback={<p>loading</p>}>
        <Greeting name="Ana" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('Hello Ana')).toBeInTheDocument();
    first.unmount();
    // loaded: a new instance renders without the fallback
    render(
      <Suspense fallback={<p>loading</p>}>
        <Greeting name="Bia" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Bia')).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
    expect(calls).toBe(2);
  });
});

describe('Hint (a tooltip mounted only when wanted)', () => {
  it('names its trigger (label) at once, without rendering a tooltip', () => {
    renderWithProviders(
      <Hint content="Edit status of DEMO-1" relationship="label">
        <Button>✎</Button>
      </Hint>,
    );
    expect(screen.getByRole('button', { name: 'Edit status of DEMO-1' })).toBeInTheDocument();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('keeps a name the trigger already has', () => {
    renderWithProviders(
      <Hint content="Project During" relationship="label">
        <span role="img" aria-label="Status: During" />
      </Hint>,
    );
    expect(screen.getByRole('img', { name: 'Status: During' })).toBeInTheDocument();
  });

  it('describes its trigger (description) with aria-description, without a second copy of the text', () => {
    renderWithProviders(
      <Hint content="Marcos Moura" relationship="description">
        <span role="img" aria-label="MM" />
      </Hint>,
    );
    expect(screen.getByRole('img', { name: 'MM' })).toHaveAttribute('aria-description', 'Marcos Moura');
    expect(screen.queryByText('Marcos Moura')).toBeNull();
  });

  it('shows Fluent’s tooltip after the pointer rests on the trigger, hides it when the pointer leaves or on Escape', async () => {
    renderWithProviders(
      <Hint content="Copy a link to this page" relationship="label">
        <Button>Copy</Button>
      </Hint>,
    );
    const button = screen.getByRole('button', { name: 'Copy a link to this page' });
    fireEvent.pointerEnter(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Copy a link to this page');
    fireEvent.pointerLeave(button);
    await act(() => new Promise((r) => setTimeout(r, 400)));
    expect(screen.queryByRole('tooltip')).toBeNull();

    fireEvent.pointerEnter(button);
    expect(await screen.findByRole('tooltip')).toBeInTheDocument();
    fireEvent.keyDown(button, { key: 'Escape' });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows at once when the keyboard focuses the trigger, and hides on blur', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <Hint content="Sign out" relationship="label">
          <Button>⎋</Button>
        </Hint>
        <Button>Next</Button>
      </>,
    );
    await user.tab();
    expect(screen.getByRole('button', { name: 'Sign out' })).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Sign out');
    await user.tab();
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
