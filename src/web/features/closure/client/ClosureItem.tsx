import { useId } from 'react';
import {
  Card,
  Dropdown,
  Field,
  Label,
  Option,
  Radio,
  RadioGroup,
  Switch,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { ClosureExternal, ClosureField, ClosureFieldChange } from './api/closure-external';
import type { PersonOption } from './access';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '720px' },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXXL, alignItems: 'flex-start' },
  person: { minWidth: '260px' },
  yesNo: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
});

/** The four closure items of 002 §3 with their ClosureExternalPatch field names. */
export const ITEMS = {
  signedWeeklyStatus: {
    title: 'Signed weekly status',
    responsible: 'signedWeeklyStatusIDPersonResponsible',
    status: 'signedWeeklyStatusStatus',
  },
  legalClosureDocument: {
    title: 'Legal closure document',
    responsible: 'legalClosureDocumentIDPersonResponsible',
    status: 'legalClosureDocumentStatus',
    flag: {
      field: 'legalClosureDocumentLogoAuthorization',
      key: 'LogoAuthorization',
      label: 'Logo Authorization',
    },
  },
  clientTestimonial: {
    title: 'Client testimonial',
    responsible: 'clientTestimonialIDPersonResponsible',
    status: 'clientTestimonialStatus',
    flag: {
      field: 'clientTestimonialResponsibleRequested',
      key: 'ResponsibleRequested',
      label: 'Responsible Requested',
    },
  },
  thankYouLetter: {
    title: 'Thank you letter',
    responsible: 'thankYouLetterIDPersonResponsible',
    status: 'thankYouLetterStatus',
    flag: { field: 'thankYouLetterTeamOffer', key: 'TeamOffer', label: 'Team Offer' },
  },
} as const satisfies Record<
  string,
  {
    title: string;
    responsible: ClosureField;
    status: ClosureField;
    flag?: { field: ClosureField; key: string; label: string };
  }
>;
export type ItemKey = keyof typeof ITEMS;

/** The value shown for a field: the one being saved, else the record's. */
export type Shown = (field: ClosureField, saved: number | boolean | null) => number | boolean | null;

/** The person-responsible choice: members of the project team only (002 §2.4, §6). */
export function ResponsibleField({
  label,
  value,
  people,
  disabled,
  onChange,
}: {
  label: string;
  value: number | null;
  people: readonly PersonOption[];
  disabled: boolean;
  onChange: (id: number) => void;
}) {
  const s = useStyles();
  const name = people.find((p) => p.id === value)?.name ?? '';
  return (
    <Field label="Person Responsible" className={s.person}>
      <Dropdown
        aria-label={`${label}: person responsible`}
        placeholder="Select a team member"
        value={name}
        selectedOptions={value !== null ? [String(value)] : []}
        disabled={disabled}
        onOptionSelect={(_, d) => {
          const id = Number(d.optionValue);
          if (Number.isInteger(id) && id !== value) onChange(id);
        }}
      >
        {people.map((p) => (
          <Option key={p.id} value={String(p.id)}>
            {p.name}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}

/** A yes/no answer (Logo Authorization, Responsible Requested, Team Offer); null shows neither. */
export function YesNoField({
  label,
  item,
  value,
  disabled,
  onChange,
}: {
  label: string;
  item: string;
  value: boolean | null;
  disabled: boolean;
  onChange: (value: boolean) => void;
}) {
  const s = useStyles();
  const id = useId();
  return (
    <div className={s.yesNo}>
      <Label id={id}>{label}</Label>
      <RadioGroup
        layout="horizontal"
        aria-label={`${item}: ${label}`}
        aria-describedby={id}
        value={value === null ? '' : value ? 'yes' : 'no'}
        disabled={disabled}
        onChange={(_, d) => onChange(d.value === 'yes')}
      >
        <Radio value="yes" label="Yes" />
        <Radio value="no" label="No" />
      </RadioGroup>
    </div>
  );
}

/** The status toggle: Not started (false) / Done (true). */
export function StatusToggle({
  item,
  value,
  disabled,
  onChange,
}: {
  item: string;
  value: boolean;
  disabled: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <Field label="Status">
      <Switch
        aria-label={`${item}: status`}
        label={value ? 'Done' : 'Not started'}
        checked={value}
        disabled={disabled}
        onChange={(_, d) => onChange(d.checked)}
      />
    </Field>
  );
}

/**
 * One closure item (002 §2.4): person responsible (team only), its yes/no where it has one, and the status
 * toggle. Every change is saved at once (`onChange` PATCHes the one field).
 */
export function ClosureItem({
  item,
  record,
  people,
  canEdit,
  shown,
  onChange,
  flag = true,
}: {
  item: ItemKey;
  record: ClosureExternal;
  people: readonly PersonOption[];
  canEdit: boolean;
  shown: Shown;
  onChange: (change: ClosureFieldChange) => void;
  /** false leaves the yes/no out (shown elsewhere). */
  flag?: boolean;
}) {
  const s = useStyles();
  const def = ITEMS[item];
  const data = record[item] as ClosureExternal[ItemKey] & Record<string, unknown>;
  const f = 'flag' in def && flag ? def.flag : undefined;
  return (
    <Card className={s.card} aria-label={def.title} role="group">
      <Text weight="semibold" size={400}>
        {def.title}
      </Text>
      <div className={s.row}>
        <ResponsibleField
          label={def.title}
          value={shown(def.responsible, data.IDPersonResponsible) as number | null}
          people={people}
          disabled={!canEdit}
          onChange={(value) => onChange({ field: def.responsible, value })}
        />
        {f ? (
          <YesNoField
            label={f.label}
            item={def.title}
            value={shown(f.field, (data[f.key] as boolean | null) ?? null) as boolean | null}
            disabled={!canEdit}
            onChange={(value) => onChange({ field: f.field, value })}
          />
        ) : null}
        <StatusToggle
          item={def.title}
          value={!!shown(def.status, data.Status)}
          disabled={!canEdit}
          onChange={(value) => onChange({ field: def.status, value })}
        />
      </div>
    </Card>
  );
}
