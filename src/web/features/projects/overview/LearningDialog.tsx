import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Radio,
  RadioGroup,
} from '@fluentui/react-components';
import { AutosaveTextField, useNotify } from '@web/ui';
import { usePatchTrainingDevelopment } from '../api/lifecycle';

/** Project Learning and Development (spec 000 §2.7): each field saved as soon as it changes. */
export function LearningDialog({
  projectId,
  value,
  onClose,
}: {
  projectId: number;
  value: { tdOportunity: boolean | null; text: string | null; version?: number } | undefined;
  onClose: () => void;
}) {
  const notify = useNotify();
  const patch = usePatchTrainingDevelopment(projectId, value?.version);
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Project Learning and Development</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            <Field label="Does this project offer learning and development opportunities?">
              <RadioGroup
                layout="horizontal"
                defaultValue={value?.tdOportunity == null ? undefined : value.tdOportunity ? 'yes' : 'no'}
                onChange={async (_, d) => {
                  try {
                    await patch.mutateAsync({ tdOportunity: d.value === 'yes' });
                    notify.success('Saved');
                  } catch {
                    notify.error('Something went wrong');
                  }
                }}
              >
                <Radio value="yes" label="Yes" />
                <Radio value="no" label="No" />
              </RadioGroup>
            </Field>
            <AutosaveTextField
              label="Which opportunities?"
              multiline
              value={value?.text ?? ''}
              onSave={async (text) => void (await patch.mutateAsync({ text }))}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
