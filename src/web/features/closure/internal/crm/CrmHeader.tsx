import { Dropdown, Field, Option, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { CrmData } from './useCrmData';
import type { CrmDraftState } from './useCrmDraft';
import type { CrmSaveState } from './useCrmSave';

const useStyles = makeStyles({
  header: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalXXL,
    alignItems: 'flex-end',
    padding: tokens.spacingVerticalM,
    backgroundColor: tokens.colorNeutralBackground2,
    borderRadius: tokens.borderRadiusMedium,
  },
  pair: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  selector: { minWidth: '260px' },
});

/**
 * The client header of the stakeholder grid (002 §2.6): client name, economic group and the industry selector,
 * with the §5 inline message 'Select an industry' when a save is tried without one.
 */
export function CrmHeader({
  data,
  draft,
  save,
}: {
  data: CrmData;
  draft: CrmDraftState;
  save: CrmSaveState;
}) {
  const s = useStyles();
  const { industry } = draft;
  return (
    <div className={s.header} role="group" aria-label="Client">
      <div className={s.pair}>
        <Text size={200}>Client</Text>
        <Text weight="semibold">{save.ctx.clientName || '—'}</Text>
      </div>
      <div className={s.pair}>
        <Text size={200}>Economic Group</Text>
        <Text weight="semibold">{save.ctx.economicGroup || '—'}</Text>
      </div>
      <Field
        label="Industry"
        className={s.selector}
        validationMessage={save.industryError ? 'Select an industry' : undefined}
      >
        <Dropdown
          aria-label="Industry"
          placeholder="Select an industry"
          value={industry ?? ''}
          selectedOptions={industry ? [industry] : []}
          disabled={!data.canEdit}
          onOptionSelect={(_, d) => draft.setIndustry(d.optionValue ?? null)}
        >
          {data.industries.map((i) => (
            <Option key={String(i.id)} value={i.name}>
              {i.name}
            </Option>
          ))}
        </Dropdown>
      </Field>
    </div>
  );
}
