import { useState } from 'react';
import { Button, Field, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import {
  canChangeRecipients,
  isSignatureEditable,
  LEGAL_DOCUMENT_PATHS,
  wizardStepOf,
  type SignedTypeValue,
  type WizardStep,
} from '@domain/rules';
import { ModalDialog } from '@web/ui/dialog';
import { useNotify } from '@web/ui/toast';
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
import type { ClosureExternal, ClosureFieldChange } from './api/closure-external';
import { useRecipientMutations, useRecipients } from './api/recipients';
import { useSetSignedType } from './api/signed-type';
import { useSubmitLegalDocument } from './api/submit';
import { legalDocumentFile } from './api/legal-document-file';
import { ITEMS, ResponsibleField, YesNoField, type Shown } from './ClosureItem';
import type { PersonOption } from './access';
import { useFileDownload } from '@web/ui/file-download';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minHeight: '240px' },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXXL, alignItems: 'flex-start' },
  file: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/** The four steps (002 §2.4: choose path, document details, add recipients, upload PDF). */
const STEP_TITLES: Record<WizardStep, string> = {
  1: 'Choose path',
  2: 'Document details',
  3: 'Add recipients',
  4: 'Upload PDF',
};

/** Step 1's two buttons with their tutorials. */
const PATHS: WizardPath[] = LEGAL_DOCUMENT_PATHS.map((p) => ({
  signedType: p.signedType,
  label: p.label,
  tutorial: p.signedType === 2 ? tutorials.legalEsign : tutorials.legalSigned,
}));

/** The legal document's file name: the signed one, else the one sent. */
export const legalFileName = (r: ClosureExternal) =>
  r.legalClosureDocumentAttachFile ?? r.unSignatureFilename;

/**
 * The Upload Legal Document wizard (002 §2.4). Step 1: 'Upload and eSign' (signedType 2 → recipients) or 'Upload
 * your signed document' (signedType 3 → file), saved with PATCH …/signed-type; the step follows signedType;
 * Previous / Next per wizardPrevious / wizardNext. Type 2 ends with 'Send to sign' and its confirmation, type 3 with
 * 'Upload signed file' (a direct submit). Editable only while signedStatus is absent, draft or reproved.
 */
export function LegalDocumentWizard({
  projectId,
  record,
  people,
  canEdit,
  shown,
  onChange,
  onClose,
}: {
  projectId: number;
  record: ClosureExternal;
  people: readonly PersonOption[];
  canEdit: boolean;
  shown: Shown;
  onChange: (change: ClosureFieldChange) => void;
  onClose: () => void;
}) {
  const s = useStyles();
  const notify = useNotify();
  const editable = canEdit && isSignatureEditable(record.signedStatus);
  const { step, setStep } = useWizardStep(record.signedType);
  const [file, setFile] = useState<File | null>(null);
  const [showRequired, setShowRequired] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const signedType = useSetSignedType(projectId);
  const submit = useSubmitLegalDocument(projectId);
  const recipients = useRecipients(projectId, { enabled: step === 3 });
  const r = useRecipientMutations(projectId);
  const download = useFileDownload();
  const busy = signedType.isPending || submit.isPending;
  const legal = record.legalClosureDocument;
  const logo = ITEMS.legalClosureDocument.flag;

  const choose = (type: SignedTypeValue) => {
    if (type === record.signedType) return setStep(wizardStepOf(type));
    signedType.mutate(type, { onError: () => notify.error('Something went wrong...') });
  };

  /** The file is required for both paths (002 §5: 'Please, select a file'). */
  const haveFile = () => {
    setShowRequired(true);
    if (!file) notify.error('Please, select a file');
    return !!file;
  };

  /**
   * Submits the file: type 2 after its confirmation, type 3 ('Upload signed file', 002 §2.4) at once — both with
   * the submit toasts of 002 §8 ('Submitting...' / 'Submitted').
   */
  const send = async () => {
    if (!file) return;
    notify.info('Submitting...');
    try {
      await submit.mutateAsync(file);
      notify.success('Submitted');
      onClose();
    } catch (e) {
      setConfirming(false);
      notify.error('Something went wrong...', e instanceof Error ? e.message : undefined);
    }
  };

  const move = (to: WizardStep) => {
    setConfirming(false);
    setStep(to);
  };

  const fileName = legalFileName(record);
  return (
    <ModalDialog
      title="Upload Legal Document"
      width="large"
      busy={busy}
      closeLabel="Close"
      onClose={onClose}
      extraActions={
        confirming ? null : (
          <WizardFooter
            step={step}
            signedType={record.signedType}
            editable={editable}
            busy={busy}
            onPrevious={move}
            onNext={move}
            onSend={() => haveFile() && setConfirming(true)}
            onUploadSigned={() => haveFile() && void send()}
          />
        )
      }
    >
      <div className={s.body}>
        <Text weight="semibold" aria-live="polite">
          Step {step} of 4: {STEP_TITLES[step]}
        </Text>
        {!editable ? (
          <Text>
            <SignedStatusDot status={record.signedStatus} showLabel /> — the document was sent or signed: it
            can no longer be changed.
          </Text>
        ) : null}
        {step === 1 ? (
          <PathChoice
            paths={PATHS}
            value={record.signedType}
            disabled={!editable || busy}
            onChoose={choose}
          />
        ) : null}
        {step === 2 ? (
          <>
            <div className={s.row}>
              <ResponsibleField
                label={ITEMS.legalClosureDocument.title}
                value={
                  shown(ITEMS.legalClosureDocument.responsible, legal.IDPersonResponsible) as number | null
                }
                people={people}
                disabled={!canEdit}
                onChange={(value) => onChange({ field: ITEMS.legalClosureDocument.responsible, value })}
              />
              <YesNoField
                label={logo.label}
                item={ITEMS.legalClosureDocument.title}
                value={shown(logo.field, legal.LogoAuthorization) as boolean | null}
                disabled={!canEdit}
                onChange={(value) => onChange({ field: logo.field, value })}
              />
            </div>
            <Field label="Current document">
              <div className={s.file}>
                <SignedStatusDot status={record.signedStatus} showLabel />
                {fileName ? (
                  <>
                    <Text weight="semibold">{fileName}</Text>
                    <Button
                      icon={<ArrowDownloadRegular />}
                      disabled={download.busy !== null}
                      onClick={() => void download.run(legalDocumentFile(projectId, fileName))}
                    >
                      Download
                    </Button>
                  </>
                ) : (
                  <Text italic>No document uploaded yet</Text>
                )}
              </div>
            </Field>
          </>
        ) : null}
        {step === 3 ? (
          <RecipientsStep
            recipients={recipients.data ?? []}
            editable={editable}
            canAddOrDelete={canChangeRecipients('legal-document', record.signedType, editable)}
            onAdd={(body) => r.add.mutateAsync(body)}
            onUpdate={(id, body) => r.update.mutateAsync({ id, body })}
            onDelete={(id) => r.remove.mutateAsync(id)}
          />
        ) : null}
        {step === 4 ? (
          <FileStep
            file={file}
            onFile={(f) => {
              setFile(f);
              setConfirming(false);
            }}
            disabled={!editable || busy}
            label={record.signedType === 3 ? 'Signed legal document (PDF)' : 'Legal document to sign (PDF)'}
            showRequired={showRequired}
          />
        ) : null}
        {confirming ? (
          <SendConfirmation
            busy={submit.isPending}
            onConfirm={() => void send()}
            onCancel={() => setConfirming(false)}
          />
        ) : null}
      </div>
    </ModalDialog>
  );
}
