import type { ReactNode } from 'react';
import {
  Dropdown,
  Field,
  Option,
  Radio,
  RadioGroup,
  Textarea,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { PROJECT_SUMMARY_MAX } from '@domain/constants';
import {
  FieldConflict,
  useAutosaveField,
  useInstantField,
  type RecordVersion,
  type SaveContext,
} from '@web/ui';
import type { ClosureInternal } from './api/closure-internal';
import type { FormPatchBody } from './api/closure-internal-form';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS, minWidth: 0 },
  counter: { alignSelf: 'flex-end', color: tokens.colorNeutralForeground3 },
  over: { color: tokens.colorPaletteRedForeground1 },
});

/** What every field of the close-out form needs: the record's shared version, the save call, read-only. */
export interface FormCtx {
  version: RecordVersion;
  save: (body: FormPatchBody, ctx: SaveContext) => Promise<unknown>;
  readOnly: boolean;
}

export interface Choice {
  id: number;
  name: string;
}

/**
 * A field saved as soon as it changes (selects, dates, yes/no; 002 §4 "each change is saved immediately"):
 * the autosave hook without a debounce, the §8 toasts 'Saved' / 'Something went wrong', the save state and the
 * conflict bar on a 412.
 */
export function InstantField<T>({
  label,
  value,
  body,
  fromRecord,
  ctx,
  renderTheirs,
  children,
}: {
  label: string;
  value: T;
  /** The PATCH body of a new value. */
  body: (value: T) => FormPatchBody;
  /** This field's value in a record (a 412's current one). */
  fromRecord: (record: ClosureInternal | undefined) => T;
  ctx: FormCtx;
  renderTheirs?: (theirs: T) => ReactNode;
  children: (value: T, set: (value: T) => void) => ReactNode;
}) {
  const s = useStyles();
  const a = useInstantField<T>({
    value,
    version: ctx.version,
    readOnly: ctx.readOnly,
    save: (v, c) => ctx.save(body(v), c),
    fromRecord,
  });
  return (
    <div className={s.root}>
      <Field label={label} {...a.field}>
        {children(a.value, a.set)}
      </Field>
      <FieldConflict autosave={a} label={label} renderTheirs={renderTheirs} />
    </div>
  );
}

/** A single choice (person, office, geography...) saved at once: a record field, or any `body` / `fromRecord`. */
export function SelectField({
  label,
  ariaLabel = label,
  field,
  body,
  fromRecord,
  value,
  choices,
  ctx,
  placeholder = 'Select',
}: {
  label: string;
  ariaLabel?: string;
  field?: keyof ClosureInternal & string;
  body?: (value: number | null) => FormPatchBody;
  fromRecord?: (record: ClosureInternal | undefined) => number | null;
  value: number | null;
  choices: readonly Choice[];
  ctx: FormCtx;
  placeholder?: string;
}) {
  const nameOf = (id: number | null) =>
    choices.find((c) => c.id === id)?.name ?? (id === null ? '' : String(id));
  return (
    <InstantField<number | null>
      label={label}
      value={value}
      ctx={ctx}
      body={body ?? ((v) => ({ [field!]: v }))}
      fromRecord={fromRecord ?? ((r) => (r?.[field!] as number | null | undefined) ?? null)}
      renderTheirs={nameOf}
    >
      {(v, set) => (
        <Dropdown
          aria-label={ariaLabel}
          placeholder={ctx.readOnly ? '—' : placeholder}
          value={nameOf(v)}
          selectedOptions={v === null ? [] : [String(v)]}
          disabled={ctx.readOnly}
          onOptionSelect={(_, d) => {
            const id = Number(d.optionValue);
            if (Number.isInteger(id) && id !== v) set(id);
          }}
        >
          {choices.map((c) => (
            <Option key={c.id} value={String(c.id)}>
              {c.name}
            </Option>
          ))}
        </Dropdown>
      )}
    </InstantField>
  );
}

/** A Yes / No answer saved at once; null shows neither. */
export function YesNo({
  label,
  value,
  body,
  fromRecord,
  ctx,
}: {
  label: string;
  value: boolean | null;
  body: (value: boolean) => FormPatchBody;
  fromRecord: (record: ClosureInternal | undefined) => boolean | null;
  ctx: FormCtx;
}) {
  return (
    <InstantField<boolean | null>
      label={label}
      value={value}
      ctx={ctx}
      body={(v) => body(!!v)}
      fromRecord={fromRecord}
      renderTheirs={(v) => (v === null ? '—' : v ? 'Yes' : 'No')}
    >
      {(v, set) => (
        <RadioGroup
          layout="horizontal"
          aria-label={label}
          value={v === null ? '' : v ? 'yes' : 'no'}
          disabled={ctx.readOnly}
          onChange={(_, d) => set(d.value === 'yes')}
        >
          <Radio value="yes" label="Yes" />
          <Radio value="no" label="No" />
        </RadioGroup>
      )}
    </InstantField>
  );
}

/**
 * The project summary (002 §2.6, §5): English and sanitized, 500 characters maximum with a counter; autosaved
 * 3 s after typing stops or on leaving the field.
 */
export function SummaryField({ value, ctx }: { value: string | null; ctx: FormCtx }) {
  const s = useStyles();
  const label = 'Project summary';
  const a = useAutosaveField({
    label,
    value,
    version: ctx.version,
    readOnly: ctx.readOnly,
    fromRecord: (r: ClosureInternal | undefined) => r?.formMiniCaseComment ?? '',
    onSave: (v, c) => ctx.save({ formMiniCaseComment: v || null }, c),
  });
  const length = a.value.length;
  return (
    <div className={s.root}>
      <Field
        {...a.field}
        label={`${label} (English and sanitized, ${PROJECT_SUMMARY_MAX} characters maximum)`}
      >
        <Textarea
          value={a.value}
          readOnly={ctx.readOnly}
          rows={5}
          resize="vertical"
          maxLength={PROJECT_SUMMARY_MAX}
          onChange={(_, d) => a.change(d.value.slice(0, PROJECT_SUMMARY_MAX))}
          onBlur={() => void a.flush()}
        />
      </Field>
      <span className={mergeClasses(s.counter, length >= PROJECT_SUMMARY_MAX && s.over)}>
        {length}/{PROJECT_SUMMARY_MAX}
      </span>
      <FieldConflict autosave={a} label={label} />
    </div>
  );
}
