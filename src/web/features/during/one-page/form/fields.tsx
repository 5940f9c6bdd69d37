import { memo, useState, type ReactNode } from 'react';
import {
  Badge,
  Button,
  Field,
  Text,
  Textarea,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { CheckmarkRegular, HistoryRegular } from '@fluentui/react-icons';
import { ONE_PAGE_AUTOSAVE_MS } from '@domain/constants';
import { GOVERNANCE_ACTION_MESSAGE, isExplanationRequired } from '@domain/rules';
import { FieldConflict, NumberRadios, useAutosaveField, useInstantField, type SaveStatus } from '@web/ui';
import type { OnePageRecord } from '../api/keys';
import type { OnePageField } from '../api/one-page';
import { labelOf, type Choice, type Question } from './options';
import { useFieldSync, useFormContext, useStoreSelector } from './store';

const useStyles = makeStyles({
  field: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  choice: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  dot: { width: '10px', height: '10px', borderRadius: tokens.borderRadiusCircular, flexShrink: 0 },
  green: { backgroundColor: tokens.colorPaletteGreenBackground3 },
  yellow: { backgroundColor: tokens.colorPaletteYellowBackground3 },
  red: { backgroundColor: tokens.colorPaletteRedBackground3 },
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  sectionTitle: { color: tokens.colorBrandForeground1, margin: 0 },
  carried: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  pair: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
    gap: tokens.spacingHorizontalL,
    '@media (max-width: 768px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});

const dotClass = (s: ReturnType<typeof useStyles>, colour: string) =>
  colour === 'green' ? s.green : colour === 'yellow' ? s.yellow : colour === 'red' ? s.red : undefined;

/** The text a refused submit shows under a missing field (governanceAction: 001 §5's own message). */
export const missingMessage = (name: string) =>
  name === 'governanceAction' ? GOVERNANCE_ACTION_MESSAGE : 'This field is required';

/** A titled section of a one-page form ("Weekly Checklist", "Delivery", "PROFESSIONALS", …). */
export const Section = memo(function Section({ title, children }: { title: string; children: ReactNode }) {
  const s = useStyles();
  const id = `one-page-section-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className={s.section} aria-labelledby={id}>
      <Text as="h2" id={id} size={500} weight="semibold" className={s.sectionTitle}>
        {title}
      </Text>
      {children}
    </section>
  );
});

/** A question and its explanation side by side (stacked on a phone). */
export function Pair({ children }: { children: ReactNode }) {
  return <div className={useStyles().pair}>{children}</div>;
}

/**
 * One-page questions, each with its text side by side; `explanation` makes the texts the questions' conditional
 * explanations (their placeholder follows isExplanationRequired).
 */
export function ChoicePairs({
  record,
  questions,
  explanation,
}: {
  record: Partial<OnePageRecord>;
  questions: readonly Question[];
  explanation?: boolean;
}) {
  return questions.map((q) => (
    <Pair key={q.choice}>
      <ChoiceField
        name={q.choice}
        options={q.options}
        value={record[q.choice] as number | null | undefined}
        vertical={q.vertical}
      />
      <TextField
        name={q.text}
        explanation={explanation}
        value={record[q.text] as string | null | undefined}
      />
    </Pair>
  ));
}

/** The mark of a field Start from last week filled. */
export const FROM_LAST_WEEK = 'From last week';

/**
 * "From last week" under a field Start from last week filled, until someone edits it (hidden while an edit is being
 * saved; the server's answer takes the mark off) or confirms it (Confirm: the value stays, the mark goes).
 */
const CarriedMark = memo(function CarriedMark({
  name,
  label,
  state,
}: {
  name: OnePageField;
  label: string;
  state: SaveStatus;
}) {
  const s = useStyles();
  const { store, readOnly, confirmCarried } = useFormContext();
  const carried = useStoreSelector(store, (st) => st.carried.has(name));
  const [busy, setBusy] = useState(false);
  if (!carried || state === 'pending' || state === 'saving') return null;
  return (
    <div className={s.carried}>
      <Badge appearance="tint" color="informative" shape="rounded" icon={<HistoryRegular />}>
        {FROM_LAST_WEEK}
      </Badge>
      {readOnly ? null : (
        <Button
          size="small"
          appearance="subtle"
          icon={<CheckmarkRegular />}
          aria-label={`Confirm ${label} from last week`}
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void confirmCarried([name])
              .catch(() => undefined) // the toast said it
              .finally(() => setBusy(false));
          }}
        >
          Confirm
        </Button>
      )}
    </div>
  );
});

/** Whether a refused submit marked this field (re-renders only when that changes). */
const useMissing = (name: string) => {
  const { store } = useFormContext();
  return useStoreSelector(store, (st) => st.missing.has(name));
};

/**
 * A one-page question answered with radios (001 §3's options): saved at once when chosen (001 §8 "Saved" /
 * "Something went wrong"), with the one-page's version; disabled when the form is read-only.
 */
export const ChoiceField = memo(function ChoiceField({
  name,
  options,
  value,
  vertical,
}: {
  name: OnePageField;
  options: Choice[];
  value: number | null | undefined;
  vertical?: boolean;
}) {
  const s = useStyles();
  const { store, version, save, readOnly } = useFormContext();
  const label = labelOf(name);
  const a = useInstantField<number | null>({
    value: value ?? null,
    version,
    readOnly,
    save: (v, ctx) => save({ [name]: v }, ctx),
    fromRecord: (r: Record<string, unknown> | undefined) => (r?.[name] as number | null | undefined) ?? null,
  });
  useFieldSync(store, name, a.value, a.flush);
  const missing = useMissing(name);
  const textOf = (v: number | null) => options.find((c) => c.value === v)?.label ?? '';
  const choices = options.map((c) => ({
    value: c.value,
    label: c.colour ? (
      <span className={s.choice}>
        <span aria-hidden className={mergeClasses(s.dot, dotClass(s, c.colour))} />
        {c.label}
      </span>
    ) : (
      c.label
    ),
  }));
  return (
    <div className={s.field}>
      <Field
        label={label}
        hint={a.field.hint}
        validationState={missing ? 'error' : a.field.validationState}
        validationMessage={missing ? missingMessage(name) : undefined}
      >
        <NumberRadios
          layout={vertical ? 'vertical' : 'horizontal'}
          disabled={readOnly}
          value={a.value}
          choices={choices}
          onChoose={a.set}
        />
      </Field>
      <CarriedMark name={name} label={label} state={a.state} />
      <FieldConflict autosave={a} label={label} renderTheirs={textOf} />
    </div>
  );
});

/**
 * A one-page text: saved 1 s after typing stops and at once on leaving it (002 §9), with the one-page's
 * version. An explanation's placeholder reads "Please explain" while its answer requires it, else "Optional"
 * (001 §5).
 */
export const TextField = memo(function TextField({
  name,
  value,
  explanation,
  rows = 3,
}: {
  name: OnePageField;
  value: string | null | undefined;
  /** A conditional explanation (its placeholder follows isExplanationRequired). */
  explanation?: boolean;
  rows?: number;
}) {
  const s = useStyles();
  const { store, version, save, readOnly } = useFormContext();
  const label = labelOf(name);
  const required = useStoreSelector(store, (st) =>
    explanation ? isExplanationRequired(name, st.values) : false,
  );
  const a = useAutosaveField({
    label,
    value,
    version,
    readOnly,
    delayMs: ONE_PAGE_AUTOSAVE_MS,
    onSave: (v, ctx) => save({ [name]: v }, ctx),
    fromRecord: (r: Record<string, unknown> | undefined) => r?.[name] as string | null | undefined,
  });
  useFieldSync(store, name, a.value, a.flush);
  const missing = useMissing(name);
  return (
    <div className={s.field}>
      <Field
        label={a.field.label}
        hint={a.field.hint}
        validationState={missing ? 'error' : a.field.validationState}
        validationMessage={missing ? missingMessage(name) : undefined}
      >
        <Textarea
          value={a.value}
          readOnly={readOnly}
          rows={rows}
          resize="vertical"
          maxLength={20_000}
          placeholder={explanation ? (required ? 'Please explain' : 'Optional') : undefined}
          onChange={(_, d) => a.change(d.value)}
          onBlur={() => void a.flush()}
        />
      </Field>
      <CarriedMark name={name} label={label} state={a.state} />
      <FieldConflict autosave={a} label={label} />
    </div>
  );
});
