import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Field, Input, Link } from '@fluentui/react-components';
import { renderWithProviders } from '../../render';
import { ModalDialog } from '@web/ui/dialog';
import { ConfirmDialog } from '@web/ui/ConfirmDialog';
import { ApiError } from '@web/api/client';

/** A promise the test settles by hand. */
function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ModalDialog', () => {
  it('focuses the first field of the body on open, even after a link', async () => {
    renderWithProviders(
      <ModalDialog title="Rename" primaryLabel="Save" onSubmit={() => {}} onClose={() => {}}>
        <Link href="#help">Help</Link>
        <Field label="Name">
          <Input />
        </Field>
      </ModalDialog>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Rename' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus());
  });

  it('closes on Escape and on the closing button when not busy', async () => {
    const onClose = vi.fn();
    renderWithProviders(
      <ModalDialog title="Details" closeLabel="Close" onClose={onClose}>
        text
      </ModalDialog>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Details' });
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    // no primary button was asked for
    expect(within(dialog).getAllByRole('button')).toHaveLength(1);
  });

  it('while busy: the primary shows a spinner and is disabled, and neither Cancel nor Escape closes it', async () => {
    const onClose = vi.fn();
    renderWithProviders(
      <ModalDialog title="Saving" primaryLabel="Save" busy onPrimary={() => {}} onClose={onClose}>
        <Field label="Name">
          <Input />
        </Field>
      </ModalDialog>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Saving' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(within(save).getByRole('progressbar')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Saving' })).toBeInTheDocument();
  });

  it('Enter submits the form; a running submit keeps it busy and a failure stays visible in the dialog', async () => {
    const run = deferred();
    const onSubmit = vi.fn(() => run.promise);
    const onClose = vi.fn();
    renderWithProviders(
      <ModalDialog title="Rename" primaryLabel="Save" onSubmit={onSubmit} onClose={onClose}>
        <Field label="Name">
          <Input defaultValue="Old" />
        </Field>
      </ModalDialog>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Rename' });
    const input = within(dialog).getByRole('textbox', { name: 'Name' });
    await userEvent.clear(input);
    await userEvent.type(input, 'New{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled());
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    run.reject(new ApiError(409, 'The name is already used'));
    expect(await within(dialog).findByText('The name is already used')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(input).toHaveValue('New');
  });

  it('shows the error it is given, kept while the person goes on typing', async () => {
    renderWithProviders(
      <ModalDialog title="Edit" error="Save failed" onClose={() => {}}>
        <Field label="Name">
          <Input />
        </Field>
      </ModalDialog>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'abc');
    expect(within(dialog).getByText('Save failed')).toBeInTheDocument();
  });
});

describe('ConfirmDialog on ModalDialog (same props as before)', () => {
  it('renders nothing when closed, Confirm and Cancel when open; confirmDisabled blocks Confirm', async () => {
    const onConfirm = vi.fn();
    function Host() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>open</button>
          <ConfirmDialog
            open={open}
            title="Delete"
            confirmDisabled={false}
            onConfirm={onConfirm}
            onCancel={() => setOpen(false)}
          >
            Are you sure?
          </ConfirmDialog>
        </>
      );
    }
    renderWithProviders(<Host />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    expect(within(dialog).getByText('Are you sure?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps Confirm disabled while confirmDisabled, and shows a rejected confirmation in the dialog', async () => {
    const { rerender } = renderWithProviders(
      <ConfirmDialog open title="Forward" confirmDisabled onConfirm={() => {}} onCancel={() => {}} />,
    );
    expect(await screen.findByRole('button', { name: 'Confirm' })).toBeDisabled();
    rerender(
      <ConfirmDialog
        open
        title="Forward"
        onConfirm={() => Promise.reject(new Error('Not allowed'))}
        onCancel={() => {}}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Not allowed')).toBeInTheDocument();
  });
});
