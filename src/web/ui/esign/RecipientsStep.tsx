import { useState } from 'react';
import {
  Button,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import {
  AddRegular,
  CheckmarkRegular,
  DeleteRegular,
  DismissRegular,
  EditRegular,
} from '@fluentui/react-icons';
import { RecipientBody, type Recipient } from '@domain/contract/weekly-status';
import type { z } from 'zod';
import { useController, type Control } from 'react-hook-form';
import { Field, Input } from '@fluentui/react-components';
import { useZodForm } from '../form';
import { failureMessage } from '../dialog/failure';

export type RecipientInput = z.output<typeof RecipientBody>;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  /** The list scrolls beyond 240 px (spec 002 §2.4). */
  scroll: { maxHeight: '240px', overflowY: 'auto' },
  form: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'flex-start',
    flexWrap: 'wrap',
  },
  grow: { flexGrow: 1, minWidth: '160px' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  add: { marginTop: '26px' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** A text field showing the contract's own message ("Recipient name is required"), not "<Label> is required". */
function RecipientField({
  control,
  name,
  label,
  type = 'text',
}: {
  control: Control<RecipientInput>;
  name: 'name' | 'email';
  label: string;
  type?: 'text' | 'email';
}) {
  const s = useStyles();
  const { field, fieldState } = useController({ control, name });
  const raw = fieldState.error?.message;
  const empty = !field.value || !String(field.value).trim();
  const message =
    raw === undefined
      ? undefined
      : empty
        ? name === 'name'
          ? 'Recipient name is required'
          : `${label} is required`
        : raw;
  return (
    <Field
      label={label}
      required
      className={s.grow}
      validationMessage={message}
      validationState={message ? 'error' : 'none'}
    >
      <Input
        ref={field.ref}
        name={field.name}
        type={type}
        value={field.value ?? ''}
        onChange={(_, d) => field.onChange(d.value)}
        onBlur={field.onBlur}
      />
    </Field>
  );
}

/** Name + E-mail bound to the contract's RecipientBody ("Recipient name is required", a valid e-mail). */
function RecipientForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: RecipientInput;
  submitLabel: string;
  onSubmit: (body: RecipientInput) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const s = useStyles();
  const form = useZodForm(RecipientBody, initial);
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (body) => {
    setError(null);
    try {
      await onSubmit(body);
      if (!onCancel) form.reset({ name: '', email: '' });
    } catch (e) {
      setError(failureMessage(e));
    }
  });
  const busy = form.formState.isSubmitting;
  return (
    <form
      className={s.form}
      aria-label={submitLabel === 'Add' ? 'Add recipient' : 'Edit recipient'}
      noValidate
      onSubmit={(e) => void submit(e)}
    >
      <RecipientField control={form.control} name="name" label="Name" />
      <RecipientField control={form.control} name="email" label="E-mail" type="email" />
      <div className={`${s.actions} ${s.add}`}>
        <Button
          type="submit"
          appearance="primary"
          disabled={busy}
          icon={submitLabel === 'Add' ? <AddRegular /> : <CheckmarkRegular />}
        >
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button icon={<DismissRegular />} disabled={busy} onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
      {error ? (
        <Text role="alert" className={s.error}>
          {error}
        </Text>
      ) : null}
    </form>
  );
}

/**
 * Step 3: the recipients (spec 001 §3: name, email, signedCode read-only, isSigned read-only and hidden while
 * editable). Add / delete only when `canAddOrDelete`; inline edit while `editable`.
 */
export function RecipientsStep({
  recipients,
  editable,
  canAddOrDelete,
  onAdd,
  onUpdate,
  onDelete,
}: {
  recipients: readonly Recipient[];
  editable: boolean;
  canAddOrDelete: boolean;
  onAdd: (body: RecipientInput) => Promise<unknown>;
  onUpdate: (id: number, body: RecipientInput) => Promise<unknown>;
  onDelete: (id: number) => Promise<unknown>;
}) {
  const s = useStyles();
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const showActions = editable || canAddOrDelete;
  const remove = async (id: number) => {
    setDeleting(id);
    setError(null);
    try {
      await onDelete(id);
    } catch (e) {
      setError(failureMessage(e));
    } finally {
      setDeleting(null);
    }
  };
  return (
    <div className={s.root}>
      {canAddOrDelete ? (
        <RecipientForm initial={{ name: '', email: '' }} submitLabel="Add" onSubmit={onAdd} />
      ) : null}
      <div className={s.scroll} data-testid="recipients-scroll">
        <Table aria-label="Recipients" size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Name</TableHeaderCell>
              <TableHeaderCell>E-mail</TableHeaderCell>
              <TableHeaderCell>Signed code</TableHeaderCell>
              {!editable ? <TableHeaderCell>Signed</TableHeaderCell> : null}
              {showActions ? <TableHeaderCell>Actions</TableHeaderCell> : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {recipients.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5}>No recipients yet.</TableCell>
              </TableRow>
            ) : null}
            {recipients.map((r) =>
              editing === r.id && editable ? (
                <TableRow key={r.id}>
                  <TableCell colSpan={5}>
                    <RecipientForm
                      initial={{ name: r.name, email: r.email }}
                      submitLabel="Save"
                      onSubmit={async (body) => {
                        await onUpdate(r.id!, body);
                        setEditing(null);
                      }}
                      onCancel={() => setEditing(null)}
                    />
                  </TableCell>
                </TableRow>
              ) : (
                <TableRow key={r.id}>
                  <TableCell>{r.name}</TableCell>
                  <TableCell>{r.email}</TableCell>
                  <TableCell>
                    {/* the engine's signing reference (a hash, or the provider's id): its start is enough to tell */}
                    {r.signedCode ? (
                      <span title={r.signedCode}>
                        {r.signedCode.length > 12 ? `${r.signedCode.slice(0, 12)}…` : r.signedCode}
                      </span>
                    ) : null}
                  </TableCell>
                  {!editable ? <TableCell>{r.isSigned ? 'Yes' : 'No'}</TableCell> : null}
                  {showActions ? (
                    <TableCell>
                      <div className={s.actions}>
                        {editable ? (
                          <Button
                            size="small"
                            appearance="subtle"
                            icon={<EditRegular />}
                            aria-label={`Edit ${r.name}`}
                            onClick={() => setEditing(r.id ?? null)}
                          />
                        ) : null}
                        {canAddOrDelete ? (
                          <Button
                            size="small"
                            appearance="subtle"
                            icon={<DeleteRegular />}
                            aria-label={`Delete ${r.name}`}
                            disabled={deleting === r.id}
                            onClick={() => void remove(r.id!)}
                          />
                        ) : null}
                      </div>
                    </TableCell>
                  ) : null}
                </TableRow>
              ),
            )}
          </TableBody>
        </Table>
      </div>
      {error ? (
        <Text role="alert" className={s.error}>
          {error}
        </Text>
      ) : null}
    </div>
  );
}
