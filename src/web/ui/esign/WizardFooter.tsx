import type { ReactNode } from 'react';
import { Button, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, ArrowRightRegular, ArrowUploadRegular, SendRegular } from '@fluentui/react-icons';
import { wizardFinish, wizardNext, wizardPrevious, wizardStepOf, type WizardStep } from '@domain/rules';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
    justifyContent: 'flex-end',
  },
  spacer: { flexGrow: 1 },
});

/**
 * The wizard's buttons: Previous / Next per wizardPrevious / wizardNext, and the closing action per wizardFinish
 * ('Send to sign' or 'Upload signed file', only while editable). On step 1 with a type already chosen, Next goes
 * to the step that type leads to. `extra` holds screen-specific buttons (Download not signed file).
 */
export function WizardFooter({
  step,
  signedType,
  editable,
  busy,
  onPrevious,
  onNext,
  onSend,
  onUploadSigned,
  extra,
}: {
  step: WizardStep;
  signedType: number | null | undefined;
  editable: boolean;
  busy?: boolean;
  onPrevious: (step: WizardStep) => void;
  onNext: (step: WizardStep) => void;
  onSend?: () => void;
  onUploadSigned?: () => void;
  extra?: ReactNode;
}) {
  const s = useStyles();
  const previous = wizardPrevious(signedType, step);
  const next = step === 1 && signedType ? wizardStepOf(signedType) : wizardNext(signedType, step);
  const finish = editable ? wizardFinish(signedType, step) : undefined;
  const spinner = busy ? <Spinner size="tiny" /> : undefined;
  return (
    <div className={s.root}>
      {extra}
      <span className={s.spacer} />
      {previous !== undefined ? (
        <Button icon={<ArrowLeftRegular />} disabled={busy} onClick={() => onPrevious(previous)}>
          Previous
        </Button>
      ) : null}
      {next !== undefined && next !== 1 ? (
        <Button
          icon={<ArrowRightRegular />}
          iconPosition="after"
          disabled={busy}
          onClick={() => onNext(next)}
        >
          Next
        </Button>
      ) : null}
      {finish === 'send' ? (
        <Button
          appearance="primary"
          icon={spinner ?? <SendRegular />}
          disabled={busy || !onSend}
          onClick={onSend}
        >
          Send to sign
        </Button>
      ) : null}
      {finish === 'upload-signed' ? (
        <Button
          appearance="primary"
          icon={spinner ?? <ArrowUploadRegular />}
          disabled={busy || !onUploadSigned}
          onClick={onUploadSigned}
        >
          Upload signed file
        </Button>
      ) : null}
    </div>
  );
}
