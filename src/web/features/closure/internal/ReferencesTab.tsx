import { Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { REFERENCE_TOPICS } from '@domain/contract';
import { AutosaveTextField } from '@web/ui';
import type { ClosureInternal } from './api/closure-internal';
import { referencePatch, type ReferenceTopic } from './api/closure-internal-form';
import { SelectField, YesNo, type Choice, type FormCtx } from './fields';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(160px, auto) minmax(220px, 1fr)',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
});

/** The questions of the 14 References topics (002 §2.6; the spec names the topics, the wording is ours). */
export const REFERENCE_LABELS: Record<ReferenceTopic, string> = {
  NewMethodology: 'Did the project create a new methodology?',
  EvolveExistingMethodology: 'Did the project evolve an existing methodology?',
  CreateTool: 'Did the team create a tool?',
  ExternalExpert: 'Did the team work with an external expert?',
  InternalExpert: 'Did the team work with an internal expert?',
  BuyReport: 'Did the team buy a report?',
  AnalysedDistributor: 'Did the team analyse distributors?',
  RetailContact: 'Did the team contact retailers?',
  CreateBenchmark: 'Did the team create a benchmark?',
  AccessCompanyPEL: "Did the team access the company's PEL?",
  NewIndustryOrCountryKnowledge: 'Did the project bring new industry or country knowledge?',
  MaterialForOtherProject: 'Can the material be used in other projects?',
  PresentContentInNewOrDifferentWay: 'Did the team present content in a new or different way?',
  RegisteredClientOrganizationalStructure: "Did the team register the client's organizational structure?",
};

type Answer = NonNullable<ClosureInternal['references']>[ReferenceTopic];
const answerOf = (r: ClosureInternal | undefined, topic: ReferenceTopic): Partial<Answer> =>
  r?.references?.[topic] ?? {};

/** One topic: Yes / No, the person responsible (team only, 002 §6) and a comment; each saves itself. */
function Reference({
  topic,
  record,
  people,
  ctx,
}: {
  topic: ReferenceTopic;
  record: ClosureInternal;
  people: readonly Choice[];
  ctx: FormCtx;
}) {
  const s = useStyles();
  const label = REFERENCE_LABELS[topic];
  const a = answerOf(record, topic);
  return (
    <Card className={s.card} role="group" aria-label={label}>
      <Text weight="semibold">{label}</Text>
      <div className={s.row}>
        <YesNo
          label={`${label} Yes or No`}
          value={a.Select ?? null}
          ctx={ctx}
          body={(v) => referencePatch(topic, 'Select', v)}
          fromRecord={(r) => answerOf(r, topic).Select ?? null}
        />
        <SelectField
          label="Person responsible"
          ariaLabel={`${label} Person responsible`}
          value={a.Contact ?? null}
          choices={people}
          ctx={ctx}
          placeholder="Select a team member"
          body={(v) => referencePatch(topic, 'Contact', v)}
          fromRecord={(r) => answerOf(r, topic).Contact ?? null}
        />
      </div>
      <AutosaveTextField
        label="Comment"
        multiline
        rows={2}
        maxLength={5000}
        readOnly={ctx.readOnly}
        value={a.Comment ?? ''}
        version={ctx.version}
        fromRecord={(r: ClosureInternal | undefined) => answerOf(r, topic).Comment ?? ''}
        onSave={(v, c) => ctx.save(referencePatch(topic, 'Comment', v || null), c)}
      />
    </Card>
  );
}

/** References sub-tab (002 §2.6): the 14 Yes/No topics, each with a person responsible and a comment. */
export function ReferencesTab({
  record,
  people,
  ctx,
}: {
  record: ClosureInternal;
  people: readonly Choice[];
  ctx: FormCtx;
}) {
  const s = useStyles();
  return (
    <div className={s.root}>
      {REFERENCE_TOPICS.map((t) => (
        <Reference key={t} topic={t} record={record} people={people} ctx={ctx} />
      ))}
    </div>
  );
}
