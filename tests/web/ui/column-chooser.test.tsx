import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ColumnChooser } from '@web/ui';
import { renderWithProviders } from '../render';

const COLUMNS = [
  { key: 'code', title: 'Code' },
  { key: 'name', title: 'Name' },
  { key: 'client', title: 'Client' },
  { key: 'status', title: 'Status' },
];

/** The chooser over a state of hidden keys; every change it reports is recorded. */
function Harness({
  initial = [],
  alwaysShown,
  defaultHidden,
  changes,
}: {
  initial?: string[];
  alwaysShown?: string[];
  defaultHidden?: string[];
  changes: string[][];
}) {
  const [hidden, setHidden] = useState<string[]>(initial);
  return (
    <>
      <ColumnChooser
        columns={COLUMNS}
        hidden={hidden}
        onHiddenChange={(h) => {
          changes.push(h);
          setHidden(h);
        }}
        alwaysShown={alwaysShown}
        defaultHidden={defaultHidden}
        gridLabel="Things"
      />
      <output aria-label="hidden">{hidden.join(',')}</output>
    </>
  );
}

const item = (name: string) => screen.getByRole('menuitemcheckbox', { name });
const open = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Columns of Things' }));
  return screen.findByRole('menu');
};

describe('ColumnChooser', () => {
  it('lists every column checked when shown; the always-shown one checked and disabled', async () => {
    const changes: string[][] = [];
    renderWithProviders(<Harness initial={['client']} alwaysShown={['code']} changes={changes} />);
    const button = screen.getByRole('button', { name: 'Columns of Things' });
    expect(button).toHaveTextContent('Columns');
    expect(button).toHaveAttribute('title', '1 hidden');
    await open();
    expect(
      screen.getAllByRole('menuitemcheckbox').map((e) => [e.textContent, e.getAttribute('aria-checked')]),
    ).toEqual([
      ['Code', 'true'],
      ['Name', 'true'],
      ['Client', 'false'],
      ['Status', 'true'],
    ]);
    expect(item('Code')).toHaveAttribute('aria-disabled', 'true');
    expect(item('Name')).not.toHaveAttribute('aria-disabled', 'true');
    // clicking the always-shown column changes nothing
    await userEvent.click(item('Code'));
    expect(changes).toEqual([]);
  });

  it('unchecking hides, checking shows again (keys in the columns order); the menu stays open', async () => {
    const changes: string[][] = [];
    renderWithProviders(<Harness alwaysShown={['code']} changes={changes} />);
    await open();
    await userEvent.click(item('Status'));
    await userEvent.click(item('Name'));
    expect(changes).toEqual([['status'], ['name', 'status']]);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(item('Name')).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(item('Status'));
    expect(changes.at(-1)).toEqual(['name']);
    expect(screen.getByLabelText('hidden')).toHaveTextContent('name');
  });

  it('works from the keyboard: Enter opens, arrows move, Space toggles, Escape closes', async () => {
    const changes: string[][] = [];
    renderWithProviders(<Harness alwaysShown={['code']} changes={changes} />);
    screen.getByRole('button', { name: 'Columns of Things' }).focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu');
    await waitFor(() => expect(item('Code')).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    expect(item('Name')).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(changes).toEqual([['name']]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Columns of Things' })).toHaveFocus();
  });

  it('keeps at least one column: the last shown one cannot be unchecked', async () => {
    const changes: string[][] = [];
    renderWithProviders(<Harness initial={['code', 'name', 'client']} changes={changes} />);
    await open();
    expect(item('Status')).toHaveAttribute('aria-checked', 'true');
    expect(item('Status')).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(item('Status'));
    expect(changes).toEqual([]);
    // another shown again: both may be unchecked one at a time
    await userEvent.click(item('Client'));
    expect(changes).toEqual([['code', 'name']]);
    expect(item('Status')).not.toHaveAttribute('aria-disabled', 'true');
  });

  it('Reset columns goes back to the default (none hidden, or the given default); disabled at the default', async () => {
    const changes: string[][] = [];
    renderWithProviders(<Harness initial={['name', 'status']} alwaysShown={['code']} changes={changes} />);
    await open();
    const reset = screen.getByRole('menuitem', { name: 'Reset columns' });
    expect(reset).not.toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(reset);
    expect(changes).toEqual([[]]);
    expect(screen.getByLabelText('hidden')).toHaveTextContent('');
    await open();
    expect(screen.getByRole('menuitem', { name: 'Reset columns' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('with a default of its own, Reset columns hides those', async () => {
    const changes: string[][] = [];
    renderWithProviders(<Harness defaultHidden={['status', 'client']} changes={changes} />);
    await open();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Reset columns' }));
    expect(changes).toEqual([['client', 'status']]);
  });
});
