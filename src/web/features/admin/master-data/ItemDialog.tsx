import { Suspense, useMemo, useState } from 'react';
import { Field, Spinner } from '@fluentui/react-components';
import { useController, type Control, type FieldValues } from 'react-hook-form';
import { masterValuesSchema, type MasterItem } from '@domain/contract/master-admin';
import type { MasterField, MasterListDef } from '@domain/rules/master-lists';
import { ApiError } from '@web/api/client';
import { ModalDialog, failureMessage } from '@web/ui/dialog';
import {
  FormCombobox,
  FormMultiSelect,
  FormNumber,
  FormSelect,
  FormSwitch,
  FormText,
  useZodForm,
  type FormOption,
  type ZodFormSchema,
} from '@web/ui/form';
import { RichTextEditor } from '@web/ui/rich-text';
import { useCreateItem } from './api/create';
import { useRefOptions } from './api/options';
import { useUpdateItem } from './api/update';

/** The message shown when someone else saved the item first (412). */
export const CONFLICT_MESSAGE =
  'Someone else changed this item meanwhile. The form now shows the saved values: make your changes again, or close.';

type Values = Record<string, unknown>;

/** The form's values of an item (or of a new one): every field of the list, empty where unset. */
function valuesOf(def: MasterListDef, item: MasterItem | undefined): Values {
  const v: Values = {};
  for (const f of def.fields) {
    const current = item ? (item as Record<string, unknown>)[f.key] : undefined;
    v[f.key] =
      current ??
      (f.type === 'refs' || f.type === 'choices'
        ? []
        : f.type === 'boolean'
          ? false
          : f.type === 'text'
            ? ''
            : null);
  }
  return v;
}

let zones: FormOption[] | undefined;
/** The IANA time zones this browser knows, for the office's time zone. */
const timeZoneOptions = () =>
  (zones ??= (
    (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? ['UTC']
  ).map((z) => ({ value: z, label: z })));

/** A rich text field (client description and culture) bound to the form. */
function FormRichText({
  control,
  name,
  label,
}: {
  control: Control<FieldValues>;
  name: string;
  label: string;
}) {
  const { field } = useController({ control, name });
  const id = `master-${name}`;
  return (
    <Field label={{ children: label, id }}>
      <Suspense fallback={<Spinner size="tiny" />}>
        <RichTextEditor
          aria-labelledby={id}
          value={(field.value as string | null) ?? ''}
          onChange={(html) => field.onChange(html)}
          onBlur={field.onBlur}
        />
      </Suspense>
    </Field>
  );
}

/** A ref / refs field: the other list's active items, and those the item holds (kept shown, marked). */
function RefField({
  field,
  control,
  held,
}: {
  field: MasterField;
  control: Control<FieldValues>;
  held: unknown;
}) {
  const refs = useRefOptions(field.ref);
  const heldIds = [held].flat();
  const options: FormOption[] = (refs.data ?? [])
    .filter((r) => r.active || heldIds.includes(r.id))
    .map((r) => ({ value: r.id, label: r.active ? r.label : `${r.label} (inactive)` }));
  if (field.type === 'refs')
    return <FormMultiSelect control={control} name={field.key} label={field.label} options={options} />;
  return (
    <FormCombobox
      control={control}
      name={field.key}
      label={field.label}
      required={field.required}
      options={options}
    />
  );
}

function FieldFor({
  field,
  control,
  item,
}: {
  field: MasterField;
  control: Control<FieldValues>;
  item?: MasterItem;
}) {
  const common = { control, name: field.key, label: field.label, required: field.required };
  switch (field.type) {
    case 'text':
      return <FormText {...common} />;
    case 'int':
      return <FormNumber {...common} min={field.min} max={field.max} />;
    case 'boolean':
      return <FormSwitch {...common} />;
    case 'timeZone':
      return <FormCombobox {...common} options={timeZoneOptions()} placeholder="America/Sao_Paulo" />;
    case 'ref':
    case 'refs':
      return (
        <RefField
          field={field}
          control={control}
          held={item ? (item as Record<string, unknown>)[field.key] : []}
        />
      );
    case 'choice':
      return <FormSelect {...common} options={(field.values ?? []).map((v) => ({ ...v }))} />;
    case 'choices':
      return <FormMultiSelect {...common} options={(field.values ?? []).map((v) => ({ ...v }))} />;
    case 'html':
      return <FormRichText control={control} name={field.key} label={field.label} />;
  }
}

/**
 * Add or edit an item of a list: a form of the list's fields (the catalogue's), checked with the server's own
 * schema; the server's message shown when it refuses (409 a name the list has, 400…); on 412 the saved item.
 */
export function ItemDialog({
  def,
  item,
  onClose,
}: {
  def: MasterListDef;
  /** The item to edit; none: a new one. */
  item?: MasterItem;
  onClose: () => void;
}) {
  const [loaded, setLoaded] = useState(item);
  const schema = useMemo(
    () => masterValuesSchema(def, item !== undefined) as unknown as ZodFormSchema,
    [def, item],
  );
  const form = useZodForm(schema, valuesOf(def, item));
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateItem(def.key);
  const update = useUpdateItem(def.key);
  const control = form.control as unknown as Control<FieldValues>;

  const submit = form.handleSubmit(async (parsed) => {
    setFailure(null);
    try {
      if (loaded) {
        // only what the person changed (a rich text editor may rewrite untouched markup)
        const dirty = form.formState.dirtyFields as Record<string, unknown>;
        const changes = Object.fromEntries(Object.entries(parsed as Values).filter(([k]) => dirty[k]));
        await update.mutateAsync({ item: loaded, changes });
      } else await create.mutateAsync(parsed as Values);
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.isConflict && e.current) {
        const current = e.current as MasterItem;
        setLoaded(current);
        form.reset(valuesOf(def, current));
        setFailure(CONFLICT_MESSAGE);
        return;
      }
      setFailure(failureMessage(e));
    }
  });

  return (
    <ModalDialog
      title={loaded ? `Edit ${def.item.toLowerCase()}` : `Add ${def.item.toLowerCase()}`}
      width={def.fields.some((f) => f.type === 'html') ? 'large' : 'medium'}
      closeLabel="Close"
      primaryLabel="Save"
      busy={form.formState.isSubmitting}
      error={failure}
      onClose={onClose}
      onSubmit={submit}
    >
      {def.fields.map((f) => (
        <FieldFor key={f.key} field={f} control={control} item={loaded} />
      ))}
    </ModalDialog>
  );
}
