import { Dropdown, Field, Option, makeStyles, tokens } from '@fluentui/react-components';
import type { TeamMember } from '@domain/contract';
import { emailOf, type CrmData } from './useCrmData';
import type { CrmDraftState, Responsibles } from './useCrmDraft';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL, alignItems: 'flex-end' },
  selector: { minWidth: '260px' },
});

/** One of the three responsible selectors (team members; value: the professional's e-mail). */
function ResponsibleSelect({
  label,
  people,
  value,
  disabled,
  onChange,
}: {
  label: string;
  people: readonly TeamMember[];
  value: string | null;
  disabled: boolean;
  onChange: (email: string) => void;
}) {
  const s = useStyles();
  const current = people.find((p) => emailOf(p) === value);
  return (
    <Field label={label} className={s.selector}>
      <Dropdown
        aria-label={label}
        placeholder="Select a team member"
        value={current?.professional.name ?? value ?? ''}
        selectedOptions={value ? [value] : []}
        disabled={disabled}
        onOptionSelect={(_, d) => d.optionValue && onChange(d.optionValue)}
      >
        {people.map((p) => (
          <Option key={p.idProfessional} value={emailOf(p)}>
            {p.professional.name}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}

/**
 * The responsible to fulfil (any team member), the manager/director and the partner (002 §2.6, §6: the last
 * two only when candidates exist).
 */
export function CrmResponsibles({ data, draft }: { data: CrmData; draft: CrmDraftState }) {
  const s = useStyles();
  const selectors: { key: keyof Responsibles; label: string; people: readonly TeamMember[] }[] = [
    { key: 'fulfil', label: 'Responsible to Fulfill', people: data.team },
    { key: 'director', label: 'Director Responsible (Manager/Director)', people: data.directors },
    { key: 'partner', label: 'Partner Responsible', people: data.partners },
  ];
  return (
    <div className={s.row}>
      {selectors
        .filter((x) => x.key === 'fulfil' || x.people.length)
        .map((x) => (
          <ResponsibleSelect
            key={x.key}
            label={x.label}
            people={x.people}
            value={draft.responsibles[x.key]}
            disabled={!data.canEdit}
            onChange={(email) => draft.setResponsible(x.key, email)}
          />
        ))}
    </div>
  );
}
