import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { EvaluationsReportQuery, ProjectIdOneBody } from '@domain/contract';
import { renderWithProviders } from '../../render';
import { ApiError } from '@web/api/client';
import { ModalDialog } from '@web/ui/dialog';
import {
  FormCombobox,
  FormDate,
  FormNumber,
  FormSwitch,
  FormText,
  FormTextarea,
  schemaFromFields,
  useZodForm,
  type FormField,
} from '@web/ui/form';
import { FormDialog } from '@web/ui/FormDialog';

/** A report filter form on the contract's EvaluationsReportQuery (its own messages). */
function ReportFilter({ onSubmit }: { onSubmit: (v: unknown) => void }) {
  const form = useZodForm(EvaluationsReportQuery, { startDate: '', endDate: '' });
  return (
    <ModalDialog
      title="Filter"
      primaryLabel="Apply"
      onClose={() => {}}
      onSubmit={form.handleSubmit(onSubmit)}
    >
      <FormDate control={form.control} name="startDate" label="Start date" required />
      <FormDate control={form.control} name="endDate" label="End date" required />
    </ModalDialog>
  );
}

describe('form kit on the contract', () => {
  it("shows the contract's messages under the right field on submit and does not submit while invalid", async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<ReportFilter onSubmit={onSubmit} />);
    const dialog = await screen.findByRole('dialog', { name: 'Filter' });
    const start = within(dialog).getByLabelText(/Start date/);
    const end = within(dialog).getByLabelText(/End date/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    // a missing value where the contract has no message of its own reads "<Label> is required"
    await waitFor(() => expect(start).toHaveAccessibleDescription('Start date is required'));
    expect(end).toHaveAccessibleDescription('End date is required');
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.type(start, '2026-05-10');
    await userEvent.type(end, '2026-05-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    // the contract's refinement, on endDate only
    await waitFor(() =>
      expect(end).toHaveAccessibleDescription('the end date cannot be earlier than the start date'),
    );
    expect(start).not.toHaveAccessibleDescription();
    expect(end).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.clear(end);
    await userEvent.type(end, '2026-05-31');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ startDate: '2026-05-10', endDate: '2026-05-31' });
  });

  it('the combobox searches ignoring accents and case, and keeps the value of the chosen option', async () => {
    const onSubmit = vi.fn();
    const schema = z.object({ city: z.int32().positive() });
    function CityForm() {
      const form = useZodForm(schema, {});
      return (
        <ModalDialog
          title="City"
          primaryLabel="Save"
          onClose={() => {}}
          onSubmit={form.handleSubmit(onSubmit)}
        >
          <FormCombobox
            control={form.control}
            name="city"
            label="City"
            required
            options={[
              { value: 1, label: 'São Paulo' },
              { value: 2, label: 'Sorocaba' },
              { value: 3, label: 'Santos' },
            ]}
          />
        </ModalDialog>
      );
    }
    renderWithProviders(<CityForm />);
    const dialog = await screen.findByRole('dialog', { name: 'City' });
    const box = within(dialog).getByRole('combobox', { name: /City/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(box).toHaveAccessibleDescription('City is required'));
    await userEvent.type(box, 'SAO');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['São Paulo']);
    await userEvent.clear(box);
    await userEvent.type(box, 'zzz');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['No matches']);
    await userEvent.clear(box);
    await userEvent.type(box, 'paul');
    await userEvent.click(screen.getByRole('option', { name: 'São Paulo' }));
    expect(box).toHaveValue('São Paulo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({ city: 1 });
  });

  it('binds text, textarea, number and switch to the form values', async () => {
    const onSubmit = vi.fn();
    const schema = z.object({
      name: z.string(),
      notes: z.string(),
      days: z.number().nullable(),
      active: z.boolean(),
    });
    function Form() {
      const form = useZodForm(schema, { name: 'A', notes: '', days: 2, active: false });
      return (
        <ModalDialog
          title="Bound"
          primaryLabel="Save"
          onClose={() => {}}
          onSubmit={form.handleSubmit(onSubmit)}
        >
          <FormText control={form.control} name="name" label="Name" />
          <FormTextarea control={form.control} name="notes" label="Notes" />
          <FormNumber control={form.control} name="days" label="Days" />
          <FormSwitch control={form.control} name="active" label="Active" />
        </ModalDialog>
      );
    }
    renderWithProviders(<Form />);
    const dialog = await screen.findByRole('dialog', { name: 'Bound' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'bc');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'line');
    const days = within(dialog).getByRole('spinbutton', { name: 'Days' });
    await userEvent.clear(days);
    await userEvent.type(days, '12');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({ name: 'Abc', notes: 'line', days: 12, active: true });
  });
});

type Row = { id?: number; client: string; days: number | null };
const FIELDS: FormField<Row>[] = [
  { key: 'client', label: 'Client', type: 'text', required: true },
  { key: 'days', label: 'Days', type: 'number', min: 1, max: 10 },
];

describe('FormDialog (today’s props) on the form kit', () => {
  it("without a schema, builds one from the fields with today's messages", async () => {
    const onSave = vi.fn(async () => {});
    renderWithProviders(
      <FormDialog<Row>
        title="Thing"
        fields={FIELDS}
        initial={{ id: 4, client: '', days: 0 }}
        onSave={onSave}
        onCancel={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Thing' });
    const client = within(dialog).getByRole('textbox', { name: /Client/ });
    const days = within(dialog).getByRole('spinbutton', { name: 'Days' });
    await waitFor(() => expect(client).toHaveFocus());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(client).toHaveAccessibleDescription('Client is required'));
    expect(days).toHaveAccessibleDescription('Days must be at least 1');
    await userEvent.type(client, 'Acme');
    await userEvent.clear(days);
    await userEvent.type(days, '11');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(days).toHaveAccessibleDescription('Days must be at most 10'));
    expect(client).not.toHaveAccessibleDescription();
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.clear(days);
    // Enter submits
    await userEvent.type(days, '3{Enter}');
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ id: 4, client: 'Acme', days: 3 }));
  });

  it("keeps the server's message visible and everything typed when the save fails; Save is disabled while saving", async () => {
    let fail!: (e: unknown) => void;
    const onSave = vi
      .fn<(v: Row) => Promise<void>>()
      .mockImplementationOnce(() => new Promise((_, reject) => (fail = reject)))
      .mockResolvedValueOnce(undefined);
    const onCancel = vi.fn();
    renderWithProviders(
      <FormDialog<Row>
        title="Thing"
        fields={FIELDS}
        initial={{ client: '', days: null }}
        onSave={onSave}
        onCancel={onCancel}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Thing' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Client/ }), 'Kept');
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Days' }), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled());
    await userEvent.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
    fail(new ApiError(409, 'A thing with this client already exists'));
    expect(await within(dialog).findByText('A thing with this client already exists')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Client/ })).toHaveValue('Kept');
    expect(within(dialog).getByRole('spinbutton', { name: 'Days' })).toHaveValue(5);
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenLastCalledWith({ client: 'Kept', days: 5 }));
    await waitFor(() => expect(within(dialog).queryByText(/already exists/)).toBeNull());
  });

  it("with the contract's schema, shows the contract's message under the field", async () => {
    const onSave = vi.fn(async () => {});
    const tooMany = ProjectIdOneBody.safeParse({
      idResponsibleDefinition: 6,
      numberProfile: 20000,
      additionalProfiles: 0,
      clientNameDefined: false,
    }).error!.issues[0]!.message;
    renderWithProviders(
      <FormDialog
        title="ID One restitution"
        schema={ProjectIdOneBody}
        fields={[
          { key: 'numberProfile', label: 'ID One Core and Reach count', type: 'number' },
          { key: 'additionalProfiles', label: 'Additional profiles', type: 'number' },
        ]}
        initial={{
          idResponsibleDefinition: 6,
          numberProfile: 0,
          additionalProfiles: 0,
          clientNameDefined: false,
        }}
        onSave={onSave}
        onCancel={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'ID One restitution' });
    const count = within(dialog).getByRole('spinbutton', { name: 'ID One Core and Reach count' });
    await userEvent.clear(count);
    await userEvent.type(count, '20000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(count).toHaveAccessibleDescription(tooMany));
    expect(
      within(dialog).getByRole('spinbutton', { name: 'Additional profiles' }),
    ).not.toHaveAccessibleDescription();
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('schemaFromFields', () => {
  it('says "must be a number" for what is not one, and lets other keys through', () => {
    const r = schemaFromFields(FIELDS).safeParse({ client: 'x', days: Number.NaN, extra: 1 });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path, i.message])).toEqual([[['days'], 'Days must be a number']]);
    expect(schemaFromFields(FIELDS).parse({ client: 'x', days: null, extra: 1 })).toEqual({
      client: 'x',
      days: null,
      extra: 1,
    });
  });
});
