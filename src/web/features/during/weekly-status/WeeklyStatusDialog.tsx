import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Checkbox,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import type { WeeklyStatus } from '@domain/contract';
import {
  WEEKLY_STATUS_PATHS,
  canChangeRecipients,
  isSignatureEditable,
  wizardStepOf,
  type SignedTypeValue,
  type WizardStep,
} from '@domain/rules';
import { ModalDialog } from '@web/ui/dialog';
import { LoadingState, isoDay, useNotify } from '@web/ui';
import {
  FileStep,
  PathChoice,
  RecipientsStep,
  SendConfirmation,
  SignedStatusDot,
  WizardFooter,
  tutorials,
  useWizardStep,
  type WizardPath,
} from '@web/ui/esign';
import { createWeeklyStatus } from './api/create';
import { putWeeklyStatus } from './api/keys';
import { useRecipientMutations } from './api/recipient';
import { useAddRecipient, useRecipients } from './api/recipients';
import { usePatchSignedType } from './api/signed-type';
import { useSubmitWeeklyStatus } from './api/submit';
import { useUpdateWeeklyStatus, useWeeklyStatus, weeklyStatusQueryOptions } from './api/weekly-status';
import { DetailsTabs } from './DetailsTabs';
import { FILE_TOASTS, TOASTS, failureText } from './messages';
import { START_FROM } from './start-from';
import { weeklyStatusFile } from './api/file';
import { useFileDownload } from '@web/ui/file-download';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minHeight: '320px' },
  head: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
  step: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
});

/** The steps' titles (spec 001 §2 "Weekly Status dialog, four steps"). */
const STEP_TITLES: Record<WizardStep, string> = {
  1: 'Upload Weekly Status',
  2: 'Weekly Status Details',
  3: 'Add recipients',
  4: 'Upload your file (only PDF)',
};

const PATH_TUTORIALS = { 1: tutorials.wsTemplate, 2: tutorials.wsOwnDocument, 3: tutorials.wsSignedDocument };
const PATHS: WizardPath[] = WEEKLY_STATUS_PATHS.map((p) => ({
  ...p,
  tutorial: PATH_TUTORIALS[p.signedType],
}));
const FILE_CREATION = [{ label: 'File creation tutorial', tutorial: tutorials.fileCreation }];

/**
 * The Weekly Status dialog, four steps (spec 001 §2, §4): 1 the path (a new record is created, an existing one
 * patched), 2 the five detail tabs (template path), 3 recipients, 4 the PDF. Send to sign → confirmation →
 * submit; Upload signed file submits at once; Download not signed file. Read-only when `canWork` is false or the
 * signed status is no longer draft / reproved. A new one may start from `previous` (Start from the previous weekly
 * status, on by default when there is one): the server copies its sections and recipients.
 */
export function WeeklyStatusDialog({
  projectId,
  initial,
  previous,
  canWork,
  onClose,
}: {
  projectId: number;
  /** The list's row; undefined for a new weekly status. */
  initial?: WeeklyStatus;
  /** For a new one: the project's newest weekly status, which it may start from. */
  previous?: WeeklyStatus;
  canWork: boolean;
  onClose: () => void;
}) {
  const s = useStyles();
  const qc = useQueryClient();
  const notify = useNotify();
  const [id, setId] = useState<number | undefined>(initial?.id);
  const q = useWeeklyStatus(id, initial);
  const ws = q.data;
  const signedType = ws?.signedType ?? null;
  const editable = canWork && isSignatureEditable(ws?.signedStatus);
  const { step, setStep } = useWizardStep(signedType);
  const [choosing, setChoosing] = useState(false);
  const [startFromPrevious, setStartFromPrevious] = useState(true);
  const startFrom = previous && startFromPrevious ? previous.id : undefined;
  const [confirming, setConfirming] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [fileRequired, setFileRequired] = useState(false);
  const recipients = useRecipients(step === 3 ? id : undefined);
  const addRecipient = useAddRecipient(id ?? 0);
  const recipient = useRecipientMutations(id ?? 0);
  const patch = usePatchSignedType(projectId);
  const submit = useSubmitWeeklyStatus(projectId);
  const update = useUpdateWeeklyStatus(projectId);
  const files = useFileDownload(FILE_TOASTS);
  const busy = choosing || submit.isPending;

  /** Step 1: a new record is created with the type; an existing one is patched (001 §4). */
  const choose = async (type: SignedTypeValue) => {
    if (ws && ws.signedType === type) return setStep(wizardStepOf(type));
    setChoosing(true);
    try {
      if (ws) await patch.mutateAsync({ ws, signedType: type });
      else {
        const { id: created } = await createWeeklyStatus(projectId, type, startFrom);
        putWeeklyStatus(qc, projectId, await qc.fetchQuery(weeklyStatusQueryOptions(created)));
        setId(created);
      }
      setConfirming(false);
    } catch (e) {
      notify.error(failureText(e));
    } finally {
      setChoosing(false);
    }
  };

  /** POST …/submit with the toasts of 001 §8 ("Submitting...", "Submitted", "Something went wrong..."). */
  const send = async () => {
    if (!ws) return;
    const withFile = ws.signedType !== 1;
    if (withFile && !file) return setFileRequired(true);
    notify.info(TOASTS.submitting);
    if (withFile) notify.info(TOASTS.uploading);
    try {
      await submit.mutateAsync({ ws, file: withFile ? file : null });
      notify.success(TOASTS.submitted);
      setConfirming(false);
      setFile(null);
    } catch (e) {
      notify.error(failureText(e));
    }
  };

  const saveDate = async (value: string) => {
    if (!ws) return;
    try {
      await update.mutateAsync({ ws, body: { clientSubmissionDate: value === '' ? null : value } });
      notify.success('Saved');
    } catch {
      notify.error('Something went wrong');
    }
  };

  const canDownloadUnsigned = !!ws && (ws.signedType === 1 || !!ws.unSignatureFilename);
  const downloadButton = canDownloadUnsigned ? (
    <Button
      icon={files.busy !== null ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
      disabled={files.busy !== null}
      onClick={() => void files.run(weeklyStatusFile(ws!.id, false))}
    >
      Download not signed file
    </Button>
  ) : null;

  return (
    <ModalDialog title="Weekly Status" width="large" onClose={onClose} closeLabel="Close" busy={busy}>
      <div className={s.body}>
        {id && !ws && q.isLoading ? <LoadingState /> : null}
        {ws ? (
          <div className={s.head}>
            <SignedStatusDot status={ws.signedStatus} showLabel />
            <Field label="Client submission date">
              <Input
                type="date"
                value={isoDay(ws.clientSubmissionDate)}
                readOnly={!editable}
                disabled={!editable || update.isPending}
                onChange={(_, d) => void saveDate(d.value)}
              />
            </Field>
          </div>
        ) : null}
        <h3 className={s.step}>
          {step}. {STEP_TITLES[step]}
        </h3>
        {step === 1 && !id && editable ? (
          <Field hint={previous ? START_FROM.copies(previous) : START_FROM.none}>
            <Checkbox
              label={START_FROM.label}
              checked={startFrom !== undefined}
              disabled={!previous || busy}
              onChange={(_, d) => setStartFromPrevious(d.checked === true)}
            />
          </Field>
        ) : null}
        {step === 1 ? (
          <PathChoice
            paths={PATHS}
            value={signedType}
            disabled={!editable || busy}
            onChoose={(t) => void choose(t)}
            extraTutorials={FILE_CREATION}
          />
        ) : null}
        {step === 2 && id ? <DetailsTabs id={id} editable={editable} /> : null}
        {step === 3 && id ? (
          recipients.isLoading ? (
            <LoadingState />
          ) : (
            <RecipientsStep
              recipients={recipients.data ?? []}
              editable={editable}
              canAddOrDelete={canChangeRecipients('weekly-status', signedType, editable)}
              onAdd={(body) => addRecipient.mutateAsync(body)}
              onUpdate={(rid, body) => {
                const r = recipients.data!.find((x) => x.id === rid)!;
                return recipient.update.mutateAsync({ recipient: r, body });
              }}
              onDelete={(rid) => recipient.remove.mutateAsync(recipients.data!.find((x) => x.id === rid)!)}
            />
          )
        ) : null}
        {step === 4 ? (
          editable ? (
            <FileStep
              file={file}
              onFile={(f) => {
                setFile(f);
                setFileRequired(false);
              }}
              disabled={busy}
              label={signedType === 3 ? 'Upload your signed file' : 'Upload your file'}
              showRequired={fileRequired}
            />
          ) : (
            <Text>{ws?.signatureFilename ?? ws?.unSignatureFilename ?? 'No file.'}</Text>
          )
        ) : null}
        {files.busy !== null ? (
          <MessageBar intent="info">
            <MessageBarBody>
              <Spinner size="tiny" /> {TOASTS.generating}
            </MessageBarBody>
          </MessageBar>
        ) : null}
        {confirming && editable ? (
          <SendConfirmation
            busy={submit.isPending}
            onConfirm={() => void send()}
            onCancel={() => setConfirming(false)}
          />
        ) : null}
        <WizardFooter
          step={step}
          signedType={signedType}
          editable={editable}
          busy={busy}
          onPrevious={(to) => {
            setConfirming(false);
            setStep(to);
          }}
          onNext={(to) => {
            setConfirming(false);
            setStep(to);
          }}
          onSend={() => {
            if (signedType !== 1 && !file) return setFileRequired(true);
            setConfirming(true);
          }}
          onUploadSigned={() => void send()}
          extra={downloadButton}
        />
      </div>
    </ModalDialog>
  );
}
