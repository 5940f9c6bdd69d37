import { useState } from 'react';
import {
  Button,
  Checkbox,
  Dropdown,
  Field,
  Input,
  Option,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { InfoRegular } from '@fluentui/react-icons';
import type { CrmContact } from '@domain/contract';
import { CRM_EDIT_MODAL_WIDTH_PX } from '@domain/constants';
import { LINKEDIN_NOT_FOUND, PHONE_PLACEHOLDER } from '@domain/rules';
import { ModalDialog } from '@web/ui/dialog';
import { inlineErrors, type CrmRow, type SaveContext, toSaved } from './model';
import type { AreaPosition, Classification, Lookup, Professional } from './api/crm';
import { Hint } from '@web/ui/Hint';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
  },
  wide: { gridColumn: '1 / -1' },
  withButton: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalXS },
  grow: { flexGrow: 1 },
});

export const MONTHS = [
  'JANUARY',
  'FEBRUARY',
  'MARCH',
  'APRIL',
  'MAY',
  'JUNE',
  'JULY',
  'AUGUST',
  'SEPTEMBER',
  'OCTOBER',
  'NOVEMBER',
  'DECEMBER',
];

export interface ContactLookups {
  classifications: Classification[];
  areaPositions: AreaPosition[];
  geographies: Lookup[];
  offices: Lookup[];
  professionals: Professional[];
  languages: Lookup[];
}

type Field = keyof CrmContact;
interface Choice {
  value: string;
  label: string;
}
const byName = (list: readonly { name: string }[]): Choice[] =>
  list.map((l) => ({ value: l.name, label: l.name }));

/**
 * The 'Edit Stakeholder' modal (002 §2.6, width 1100): every contact field of §3 with the labels of §5 and the
 * inline messages Required, Invalid format, Invalid email format (shown once a field was left, or for every
 * field after a refused save). LinkedIn not found sets NoData and disables the field; unchecking clears it.
 */
export function ContactDialog({
  contact,
  lookups,
  ctx,
  showAll,
  readOnly,
  onClassificationInfo,
  onApply,
  onClose,
}: {
  contact: CrmRow;
  lookups: ContactLookups;
  ctx: SaveContext;
  /** Show every field's message at once (the contact was refused by a save). */
  showAll: boolean;
  readOnly: boolean;
  onClassificationInfo: () => void;
  onApply: (c: CrmRow) => void;
  onClose: () => void;
}) {
  const s = useStyles();
  const [c, setC] = useState<CrmRow>(contact);
  const [touched, setTouched] = useState<Set<Field>>(new Set());
  const errors = inlineErrors(toSaved(c, ctx));
  const set = (patch: CrmRow) => setC((prev) => ({ ...prev, ...patch }));
  const touch = (f: Field) => setTouched((t) => (t.has(f) ? t : new Set(t).add(f)));
  const message = (f: Field) => ((showAll || touched.has(f)) && errors[f] ? errors[f] : undefined);
  const field = (f: Field, label: string, required: boolean) => ({
    label,
    required,
    validationMessage: message(f),
    validationState: message(f) ? ('error' as const) : ('none' as const),
  });

  const text = (
    f: Field,
    label: string,
    required = false,
    extra: { placeholder?: string; type?: 'email' } = {},
  ) => (
    <Field {...field(f, label, required)}>
      <Input
        value={String(c[f] ?? '')}
        disabled={readOnly}
        placeholder={extra.placeholder}
        type={extra.type}
        onChange={(_, d) => set({ [f]: d.value })}
        onBlur={() => touch(f)}
      />
    </Field>
  );

  const select = (f: Field, label: string, choices: Choice[], required = true, multi = false) => {
    const raw = c[f];
    const selected = (
      Array.isArray(raw) ? raw : raw !== null && raw !== undefined && raw !== '' ? [raw] : []
    ).map(String);
    const shown = selected.map((v) => choices.find((ch) => ch.value === v)?.label ?? v).join(', ');
    return (
      <Field {...field(f, label, required)}>
        <Dropdown
          aria-label={label}
          multiselect={multi}
          placeholder="Select"
          value={shown}
          selectedOptions={selected}
          disabled={readOnly}
          onOptionSelect={(_, d) => {
            touch(f);
            if (multi) set({ [f]: d.selectedOptions.length ? d.selectedOptions : undefined });
            else set({ [f]: f === 'dayBirth' || f === 'monthBirth' ? Number(d.optionValue) : d.optionValue });
          }}
        >
          {choices.map((ch) => (
            <Option key={ch.value} value={ch.value}>
              {ch.label}
            </Option>
          ))}
        </Dropdown>
      </Field>
    );
  };

  const people = lookups.professionals.map((p) => ({ value: p.email, label: p.name }));
  const areas = byName(lookups.areaPositions.filter((a) => a.type === 1));
  const positions = byName(lookups.areaPositions.filter((a) => a.type === 2));
  const notFound = !!c.linkedinNotFound;

  return (
    <ModalDialog
      title="Edit Stakeholder"
      width={CRM_EDIT_MODAL_WIDTH_PX}
      closeLabel={readOnly ? 'Close' : 'Cancel'}
      primaryLabel={readOnly ? undefined : 'OK'}
      onPrimary={() => onApply(c)}
      onClose={onClose}
    >
      <div className={s.grid}>
        {text('firstName', 'First Name', true)}
        {text('lastName', 'Last Name', true)}
        {text('masterEmailAddress', 'Professional Email', true, { type: 'email' })}
        {text('personalEmail', 'Personal Email', false, { type: 'email' })}
        {text('phone', 'Mobile', false, { placeholder: PHONE_PLACEHOLDER })}
        {text('position', 'Position Name', true)}
        <div className={s.withButton}>
          <div className={s.grow}>
            {select('classification', 'CRM Classification', byName(lookups.classifications))}
          </div>
          <Hint content="About the CRM classifications" relationship="label">
            <Button appearance="subtle" icon={<InfoRegular />} onClick={onClassificationInfo} />
          </Hint>
        </div>
        {select('gender', 'Pronoun', [
          { value: 'HE', label: 'HE' },
          { value: 'SHE', label: 'SHE' },
        ])}
        {select('language', 'Language', byName(lookups.languages), true, true)}
        {select(
          'dayBirth',
          'Day of Birth',
          Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })),
          false,
        )}
        {select(
          'monthBirth',
          'Month of Birth',
          MONTHS.map((m, i) => ({ value: String(i + 1), label: m })),
          false,
        )}
        {select('nationality', 'Nationality', byName(lookups.geographies), false)}
        {select('residentCountry', 'Resident Country', byName(lookups.geographies))}
        {select('groupArea', 'Standard Area/Department', areas)}
        {select('groupPosition', 'Standard Position', positions)}
        {select('responsibleOffice', 'Responsible Office', byName(lookups.offices))}
        {select('responsibleWrite', 'Integration Focal Point', people)}
        {select('responsibleSign', 'Integration Other Contacts', people, true, true)}
        {text('globalCompanyName', 'Global Company Name')}
        {text('localCompanyName', 'Local Company Name')}
        {text('economicGroup', 'Economic Group')}
        <Field {...field('linkedin', 'LinkedIn', true)}>
          <Input
            value={c.linkedin ?? ''}
            disabled={readOnly || notFound}
            onChange={(_, d) => set({ linkedin: d.value })}
            onBlur={() => touch('linkedin')}
          />
        </Field>
        <Checkbox
          label="LinkedIn not found"
          checked={notFound}
          disabled={readOnly}
          onChange={(_, d) =>
            set(
              d.checked
                ? { linkedinNotFound: true, linkedin: LINKEDIN_NOT_FOUND }
                : { linkedinNotFound: false, linkedin: '' },
            )
          }
        />
        <Field label="Observations" className={s.wide}>
          <Textarea
            value={c.observations ?? ''}
            disabled={readOnly}
            onChange={(_, d) => set({ observations: d.value })}
          />
        </Field>
      </div>
    </ModalDialog>
  );
}
