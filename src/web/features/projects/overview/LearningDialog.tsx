import { Field, Radio, RadioGroup, makeStyles, tokens } from '@fluentui/react-components';
import type { TrainingDevelopmentRecord } from '@domain/contract';
import {
  AutosaveTextField,
  ConflictBar,
  SaveState,
  useAutosave,
  useNotify,
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
  const notify = useNotify();
  const { mutateAsync } = usePatchTrainingDevelopment(projectId);
  const version = useRecordVersion(value?.version);
  const save = (body: { tdOportunity: boolean | null } | { text: string | null }, ctx: SaveContext) =>
    mutateAsync({ body, ...ctx });

  const offer = useAutosave<boolean | null>({
    value: value?.tdOportunity ?? null,
    version,
    delayMs: 0,
    save: (tdOportunity, ctx) => save({ tdOportunity }, ctx),
    fromRecord: (r: TrainingDevelopmentRecord | undefined) => r?.tdOportunity ?? null,
    onSaved: () => notify.success('Saved'),
    onFailed: (_, attempt) => attempt === 1 && notify.error('Something went wrong'),
  });

  return (
    <ModalDialog
      title="Project Learning and Development"
      onClose={onClose}
      closeLabel="Close"
      contentClassName={s.content}
    >
      <Field
        label={QUESTION}
        hint={<SaveState state={offer.state} retrying={offer.retrying} offline={offer.offline} />}
      >
        <RadioGroup
          layout="horizontal"
          value={offer.value == null ? '' : offer.value ? 'yes' : 'no'}
          onChange={(_, d) => {
            offer.change(d.value === 'yes');
            void offer.flush();
          }}
        >
          <Radio value="yes" label="Yes" />
          <Radio value="no" label="No" />
        </RadioGroup>
      </Field>
      {offer.conflict ? (
        <ConflictBar
          conflict={offer.conflict}
          label={QUESTION}
          renderTheirs={(v) => (v ? 'Yes' : 'No')}
          onKeepMine={offer.keepMine}
          onTakeTheirs={offer.takeTheirs}
        />
      ) : null}
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
