import { useParams } from 'react-router-dom';
import { Field, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { RATING_MAX, RATING_MIN } from '@domain/constants';
import {
  AutosaveTextField,
  ErrorState,
  FieldConflict,
  LoadingState,
  NumberRadios,
  PageHeading,
  useInstantField,
  useRecordVersion,
  type RecordVersion,
  type SaveContext,
} from '@web/ui';
import { useSetupAccess } from '@web/api/setup-access';
import {
  usePatchSetupAssessment,
  useSetupAssessment,
  type SetupAssessmentField,
  type SetupAssessmentOwn,
} from './api/setup-assessment';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    maxWidth: '720px',
  },
  ratings: { flexWrap: 'wrap' },
});

type ChoiceKey = 'rating' | 'watchedToolkit' | 'doYouFeelComfortable';
interface Choice {
  value: number;
  label: string;
}

const RATINGS: Choice[] = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => ({
  value: RATING_MIN + i,
  label: String(RATING_MIN + i),
}));
/** 001 §3: watchedToolkit 1 Yes, 2 No, 3 no toolkits available. */
const WATCHED: Choice[] = [
  { value: 1, label: 'Yes' },
  { value: 2, label: 'No' },
  { value: 3, label: 'No toolkits available' },
];
/** 001 §3: doYouFeelComfortable 1 Yes, 2 No, 3 Partial. */
const COMFORTABLE: Choice[] = [
  { value: 1, label: 'Yes' },
  { value: 2, label: 'No' },
  { value: 3, label: 'Partial' },
];

const OUTSIDE_SETUP = 'The setup assessment can be changed only while the project is in Setup';

/** A radio question of the assessment: saved as soon as it changes (§8 "Saved" / "Something went wrong"). */
function ChoiceField({
  name,
  label,
  choices,
  record,
  version,
  readOnly,
  save,
  wrap,
}: {
  name: ChoiceKey;
  label: string;
  choices: Choice[];
  record: SetupAssessmentOwn | undefined;
  version: RecordVersion;
  readOnly: boolean;
  save: (body: SetupAssessmentField, ctx: SaveContext) => Promise<unknown>;
  wrap?: string;
}) {
  const a = useInstantField<number | null>({
    value: record?.[name] ?? null,
    version,
    readOnly,
    save: (v, ctx) => save({ [name]: v }, ctx),
    fromRecord: (r: SetupAssessmentOwn | undefined) => r?.[name] ?? null,
  });
  const labelOf = (v: number | null) => choices.find((c) => c.value === v)?.label ?? '';
  return (
    <>
      <Field label={label} {...a.field}>
        <NumberRadios
          layout="horizontal"
          className={wrap}
          disabled={readOnly}
          value={a.value}
          choices={choices}
          onChoose={a.set}
        />
      </Field>
      <FieldConflict autosave={a} label={label} renderTheirs={labelOf} />
    </>
  );
}

/** The form, once the record has loaded (its version is shared by every field: saves go one at a time). */
function AssessmentForm({
  projectId,
  record,
  readOnly,
}: {
  projectId: number;
  record: SetupAssessmentOwn;
  readOnly: boolean;
}) {
  const s = useStyles();
  const { mutateAsync } = usePatchSetupAssessment(projectId);
  const version = useRecordVersion(record.version);
  const save = (body: SetupAssessmentField, ctx: SaveContext) => mutateAsync({ body, ...ctx });
  const common = { record, version, readOnly, save };
  return (
    <form className={s.form} aria-label="Setup Assessment" onSubmit={(e) => e.preventDefault()}>
      <ChoiceField {...common} name="rating" label="Rating" choices={RATINGS} wrap={s.ratings} />
      <AutosaveTextField
        label="Rating description"
        multiline
        rows={3}
        maxLength={2000}
        readOnly={readOnly}
        value={record.ratingDescription}
        version={version}
        fromRecord={(r: SetupAssessmentOwn | undefined) => r?.ratingDescription}
        onSave={(ratingDescription, ctx) => save({ ratingDescription }, ctx)}
      />
      <ChoiceField {...common} name="watchedToolkit" label="Did you watch the toolkit?" choices={WATCHED} />
      <ChoiceField
        {...common}
        name="doYouFeelComfortable"
        label="Do you feel comfortable?"
        choices={COMFORTABLE}
      />
      <AutosaveTextField
        label="How could it have been done better?"
        multiline
        readOnly={readOnly}
        value={record.howCouldBeenDoneBetter}
        version={version}
        fromRecord={(r: SetupAssessmentOwn | undefined) => r?.howCouldBeenDoneBetter}
        onSave={(howCouldBeenDoneBetter, ctx) => save({ howCouldBeenDoneBetter }, ctx)}
      />
    </form>
  );
}

/**
 * Setup Assessment `/project/{id}/setup/assessment` (spec 001 §2, §3, §5, §6, §8): the caller's own
 * assessment — rating 1 to 10, rating description, whether the toolkit was watched, whether they feel
 * comfortable, how it could have been done better. Each field saves itself (radios at once, texts 3 s after
 * typing stops or on leaving them). The manager, a partner and non-members see the spec's refusal instead;
 * other members outside Setup see the form read-only (an Admin member may always change it).
 */
export default function SetupAssessmentPage() {
  const projectId = Number(useParams().id);
  const access = useSetupAccess(projectId);
  const ready = !!access.project && !!access.user;
  const refusal = ready ? access.assessmentRefusal : null;
  const q = useSetupAssessment(projectId, { enabled: ready && refusal === null });

  let body;
  if (access.isLoading || (ready && refusal === null && q.isLoading)) body = <LoadingState />;
  else if (!ready) body = <ErrorState message="Something went wrong" />;
  else if (refusal) {
    body = (
      <MessageBar intent="warning">
        <MessageBarBody>{refusal}</MessageBarBody>
      </MessageBar>
    );
  } else if (q.error || !q.data) {
    body = (
      <ErrorState
        message={(q.error as Error | null)?.message ?? 'Something went wrong'}
        onRetry={() => void q.refetch()}
      />
    );
  } else {
    body = (
      <>
        {!access.canFillAssessment ? (
          <MessageBar intent="info">
            <MessageBarBody>{OUTSIDE_SETUP}</MessageBarBody>
          </MessageBar>
        ) : null}
        <AssessmentForm projectId={projectId} record={q.data} readOnly={!access.canFillAssessment} />
      </>
    );
  }
  return (
    <section>
      <PageHeading banner="SETUP" title="Setup Assessment" />
      {body}
    </section>
  );
}
