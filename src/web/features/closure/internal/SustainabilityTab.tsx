import { Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AutosaveTextField } from '@web/ui';
import type { ClosureInternal } from './api/closure-internal';
import { YesNo, type FormCtx } from './fields';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalXL,
    display: 'grid',
    gap: tokens.spacingVerticalXS,
  },
  muted: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0 },
});

/** The two sustainability questions (002 §3): a yes/no and a comment each. */
const QUESTIONS = [
  ['formTopicOfSustainabilityTouched', 'Was a topic of sustainability touched in the project?'],
  ['formClientFocusedOnSustainability', 'Is the client focused on sustainability?'],
] as const;

const yesNo = (v: boolean | null | undefined) => (v === null || v === undefined ? '—' : v ? 'Yes' : 'No');

/** The technology items (002 §3): read only, shown as answered. */
const TECHNOLOGY: [string, (r: ClosureInternal) => string][] = [
  ['The methodology was outdated', (r) => yesNo(r.formTechnologyMethodologyWasOutdated)],
  ['Technology use gap', (r) => withComment(r.formTechnologyUseGapSelect, r.formTechnologyUseGapComment)],
  ['How technology could deliver better', (r) => r.formTechnologyBetterDeliveryComment || '—'],
  [
    'Some type of technology was used',
    (r) => withComment(r.formSomeTypeOfTechnologySelect, r.formSomeTypeOfTechnologyComment),
  ],
  [
    'Partnered with a tech company',
    (r) => withComment(r.formPartneredWithAnyTechCompanySelect, r.formPartneredWithAnyTechCompanyComment),
  ],
  [
    'A new type of technology was identified during the project',
    (r) =>
      withComment(
        r.formIdentifyNewTypeTechnologyDuringProjectSelect,
        r.formIdentifyNewTypeTechnologyDuringProjectComment,
      ),
  ],
  ['The client is leveraging new technology', (r) => yesNo(r.formClientLeveragingOnNewTechnologySelect)],
];
function withComment(select: boolean | null, comment: string | null) {
  return comment ? `${yesNo(select)}: ${comment}` : yesNo(select);
}

/**
 * Sustainability sub-tab (002 §2.6): two Yes/No questions with comments (saved as they change), then the
 * technology items, which are read only.
 */
export function SustainabilityTab({ record, ctx }: { record: ClosureInternal; ctx: FormCtx }) {
  const s = useStyles();
  return (
    <div className={s.root}>
      {QUESTIONS.map(([base, label]) => (
        <Card key={base} className={s.card} role="group" aria-label={label}>
          <YesNo
            label={label}
            value={record[`${base}Select`]}
            ctx={ctx}
            body={(v) => ({ [`${base}Select`]: v })}
            fromRecord={(r) => r?.[`${base}Select`] ?? null}
          />
          <AutosaveTextField
            label="Comment"
            multiline
            rows={3}
            maxLength={5000}
            readOnly={ctx.readOnly}
            value={record[`${base}Comment`]}
            version={ctx.version}
            fromRecord={(r: ClosureInternal | undefined) => r?.[`${base}Comment`]}
            onSave={(v, c) => ctx.save({ [`${base}Comment`]: v || null }, c)}
          />
        </Card>
      ))}
      <Card className={s.card} role="group" aria-label="Technology">
        <Text weight="semibold">Technology</Text>
        <Text size={200} className={s.muted}>
          Read only.
        </Text>
        <dl className={s.list}>
          {TECHNOLOGY.map(([label, value]) => (
            <div key={label}>
              <dt>
                <Text weight="semibold">{label}</Text>
              </dt>
              <dd className={s.value}>{value(record)}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </div>
  );
}
