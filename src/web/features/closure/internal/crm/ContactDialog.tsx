import { useEffect } from 'react';
import { z } from 'zod';
import { Button, Checkbox, Field, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { InfoRegular } from '@fluentui/react-icons';
import { CRM_EDIT_MODAL_WIDTH_PX } from '@domain/constants';
import { LINKEDIN_NOT_FOUND, PHONE_PLACEHOLDER } from '@domain/rules';
import { MONTH_NAMES } from '@web/ui/dates';
import { ModalDialog } from '@web/ui/dialog';
import { Hint } from '@web/ui/Hint';
import { useZodForm } from '@web/ui/form';
import { inlineErrors, type CrmRow } from './model';
import { ContactSelect, ContactText, type Choice } from './ContactFields';
import type { AreaPosition, Classification, Lookup, Professional } from './api/crm';

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

/** §3: months listed JANUARY to DECEMBER, valued 1 to 12. */
const MONTH_CHOICES: Choice[] = MONTH_NAMES.map((m, i) => ({ value: String(i + 1), label: m.toUpperCase() }));
const DAY_CHOICES: Choice[] = Array.from({ length: 31 }, (_, i) => ({
  value: String(i + 1),
  label: String(i + 1),
}));
const PRONOUNS: Choice[] = [
  { value: 'HE', label: 'HE' },
  { value: 'SHE', label: 'SHE' },
];

export interface ContactLookups {
  classifications: Classification[];
  areaPositions: AreaPosition[];
  geographies: Lookup[];
  offices: Lookup[];
  professionals: Professional[];
  languages: Lookup[];
}

const byName = (list: readonly { name: string }[]): Choice[] =>
  list.map((l) => ({ value: l.name, label: l.name }));

/** The modal's schema: each field's §5 inline message, from the contact's rules on its normalised values. */
const contactSchema = z
  .custom<CrmRow>((v) => typeof v === 'object' && v !== null)
  .superRefine((c, ctx) => {
    for (const [field, message] of Object.entries(inlineErrors(c)))
      ctx.addIssue({ code: 'custom', path: [field], message });
  });

/**
 * The 'Edit Stakeholder' modal (002 §2.6, width 1100): every contact field of §3 with the labels of §5 and the
 * inline messages Required, Invalid format, Invalid email format, shown once a field was left (or for every
 * field when the contact was refused by a save); OK keeps the modal open while a field is invalid. LinkedIn
 * not found sets NoData and disables the field; unchecking clears it.
 */
export function ContactDialog({
  contact,
  lookups,
  showAll,
  readOnly,
  onClassificationInfo,
  onApply,
  onClose,
}: {
  contact: CrmRow;
  lookups: ContactLookups;
  /** Show every field's message at once (the contact was refused by a save). */
  showAll: boolean;
  readOnly: boolean;
  onClassificationInfo: () => void;
  onApply: (c: CrmRow) => void;
  onClose: () => void;
}) {
  const s = useStyles();
  const form = useZodForm(contactSchema, contact, { mode: 'onTouched' });
  const { control } = form;
  useEffect(() => {
    if (showAll) void form.trigger();
    // once, when the modal opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const notFound = !!form.watch('linkedinNotFound');
  const setNotFound = (checked: boolean) => {
    form.setValue('linkedinNotFound', checked);
    form.setValue('linkedin', checked ? LINKEDIN_NOT_FOUND : '', {
      shouldValidate: form.getFieldState('linkedin').isTouched || form.formState.isSubmitted,
    });
  };

  const people = lookups.professionals.map((p) => ({ value: p.email, label: p.name }));
  const areas = byName(lookups.areaPositions.filter((a) => a.type === 1));
  const positions = byName(lookups.areaPositions.filter((a) => a.type === 2));
  const countries = byName(lookups.geographies);
  const offices = byName(lookups.offices);
  const languages = byName(lookups.languages);
  const bound = { control, disabled: readOnly };
  const required = { ...bound, required: true };

  return (
    <ModalDialog
      title="Edit Stakeholder"
      width={CRM_EDIT_MODAL_WIDTH_PX}
      closeLabel={readOnly ? 'Close' : 'Cancel'}
      primaryLabel={readOnly ? undefined : 'OK'}
      onSubmit={readOnly ? undefined : form.handleSubmit((values) => onApply(values))}
      onClose={onClose}
    >
      <div className={s.grid}>
        <ContactText {...required} name="firstName" label="First Name" />
        <ContactText {...required} name="lastName" label="Last Name" />
        <ContactText {...required} name="masterEmailAddress" label="Professional Email" type="email" />
        <ContactText {...bound} name="personalEmail" label="Personal Email" type="email" />
        <ContactText {...bound} name="phone" label="Mobile" placeholder={PHONE_PLACEHOLDER} />
        <ContactText {...required} name="position" label="Position Name" />
        <div className={s.withButton}>
          <div className={s.grow}>
            <ContactSelect
              {...required}
              name="classification"
              label="CRM Classification"
              choices={byName(lookups.classifications)}
            />
          </div>
          <Hint content="About the CRM classifications" relationship="label">
            <Button appearance="subtle" icon={<InfoRegular />} onClick={onClassificationInfo} />
          </Hint>
        </div>
        <ContactSelect {...required} name="gender" label="Pronoun" choices={PRONOUNS} />
        <ContactSelect {...required} name="language" label="Language" choices={languages} multi />
        <ContactSelect {...bound} name="dayBirth" label="Day of Birth" choices={DAY_CHOICES} numeric />
        <ContactSelect {...bound} name="monthBirth" label="Month of Birth" choices={MONTH_CHOICES} numeric />
        <ContactSelect {...bound} name="nationality" label="Nationality" choices={countries} />
        <ContactSelect {...required} name="residentCountry" label="Resident Country" choices={countries} />
        <ContactSelect {...required} name="groupArea" label="Standard Area/Department" choices={areas} />
        <ContactSelect {...required} name="groupPosition" label="Standard Position" choices={positions} />
        <ContactSelect {...required} name="responsibleOffice" label="Responsible Office" choices={offices} />
        <ContactSelect
          {...required}
          name="responsibleWrite"
          label="Integration Focal Point"
          choices={people}
        />
        <ContactSelect
          {...required}
          name="responsibleSign"
          label="Integration Other Contacts"
          choices={people}
          multi
        />
        <ContactText {...bound} name="globalCompanyName" label="Global Company Name" />
        <ContactText {...bound} name="localCompanyName" label="Local Company Name" />
        <ContactText {...bound} name="economicGroup" label="Economic Group" />
        <ContactText {...required} name="linkedin" label="LinkedIn" disabled={readOnly || notFound} />
        <Checkbox
          label="LinkedIn not found"
          checked={notFound}
          disabled={readOnly}
          onChange={(_, d) => setNotFound(!!d.checked)}
        />
        <Field label="Observations" className={s.wide}>
          <Textarea
            value={form.watch('observations') ?? ''}
            disabled={readOnly}
            onChange={(_, d) => form.setValue('observations', d.value)}
          />
        </Field>
      </div>
    </ModalDialog>
  );
}
