import { Field, Radio, RadioGroup, makeStyles, tokens } from '@fluentui/react-components';
import type { TrainingDevelopmentRecord } from '@domain/contract';
import {
  AutosaveTextField,
  FieldConflict,
  useInstantField,
  useRecordVersion,
  type SaveContext,
} from '@web/ui';
import { ModalDialog } from '@web/ui/dialog';
import { usePatchTrainingDevelopment } from '../api/lifecycle';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

const QUESTION = 'Does this project offer learning and development opportunities?';

/**
 * Project Learning and Development (spec 000 §2.7): the yes/no is saved as soon as it changes, the text
 * 3 s after typing stops or on leaving it. Both fields write one versioned record (If-Match): a change by
 * someone else meanwhile is shown with their value and the choice "Keep mine" / "Take theirs".
 */
export function LearningDialog({
  projectId,
  value,
  onClose,
}: {
  projectId: number;
  value: { tdOportunity: boolean | null; text: string | null; version?: number } | undefined;
  onClose: () => void;
}) {
  const s = useStyles();
  const { mutateAsync } = usePatchTrainingDevelopment(projectId);
  const version = useRecordVersion(value?.version);
  const save = (body: { tdOportunity: boolean | null } | { text: string | null }, ctx: SaveContext) =>
    mutateAsync({ body, ...ctx });

  const offer = useInstantField<boolean | null>({
    value: value?.tdOportunity ?? null,
    version,
    save: (tdOportunity, ctx) => save({ tdOportunity }, ctx),
    fromRecord: (r: TrainingDevelopmentRecord | undefined) => r?.tdOportunity ?? null,
  });

  return (
    <ModalDialog
      title="Project Learning and Development"
      onClose={onClose}
      closeLabel="Close"
      contentClassName={s.content}
    >
      <Field label={QUESTION} hint={offer.field.hint}>
        <RadioGroup
          layout="horizontal"
          value={offer.value == null ? '' : offer.value ? 'yes' : 'no'}
          onChange={(_, d) => offer.set(d.value === 'yes')}
        >
          <Radio value="yes" label="Yes" />
          <Radio value="no" label="No" />
        </RadioGroup>
      </Field>
      <FieldConflict autosave={offer} label={QUESTION} renderTheirs={(v) => (v ? 'Yes' : 'No')} />
      <AutosaveTextField
        label="Which opportunities?"
        multiline
        value={value?.text ?? ''}
        version={version}
        fromRecord={(r: TrainingDevelopmentRecord | undefined) => r?.text}
        onSave={(text, ctx) => save({ text }, ctx)}
      />
    </ModalDialog>
  );
}
