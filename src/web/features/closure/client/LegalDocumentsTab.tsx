import { useState } from 'react';
import {
  Button,
  Field,
  MessageBar,
  MessageBarBody,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import {
  ArrowDownloadRegular,
  ArrowUploadRegular,
  DeleteRegular,
  DocumentPdfRegular,
  VideoClipRegular,
} from '@fluentui/react-icons';
import { ConfirmDialog } from '@web/ui/ConfirmDialog';
import { useNotify } from '@web/ui/toast';
import { SignedStatusDot, TutorialPanel, tutorials } from '@web/ui/esign';
import type { ClosureExternal, ClosureFieldChange } from './api/closure-external';
import { legalDocumentFile, useRemoveLegalDocument } from './api/legal-document-file';
import { legalDocumentTemplateFile } from './api/legal-document-template';
import { ClosureItem, type Shown } from './ClosureItem';
import { LegalDocumentWizard, legalFileName } from './LegalDocumentWizard';
import type { PersonOption } from './access';
import { useFileDownload } from '@web/ui/file-download';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '960px' },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  tutorials: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
});

/**
 * Legal Closure Documents (002 §2.4): the item, the template download, the 'Upload Legal Document' wizard, the
 * uploaded file with its signed status, download and Remove Document, the no-resend help text and the tutorials.
 */
export function LegalDocumentsTab({
  projectId,
  record,
  people,
  canEdit,
  shown,
  onChange,
}: {
  projectId: number;
  record: ClosureExternal;
  people: readonly PersonOption[];
  canEdit: boolean;
  shown: Shown;
  onChange: (change: ClosureFieldChange) => void;
}) {
  const s = useStyles();
  const notify = useNotify();
  const download = useFileDownload();
  const remove = useRemoveLegalDocument(projectId);
  const [wizard, setWizard] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [tutorialOpen, setTutorialOpen] = useState(false);
  const fileName = legalFileName(record);

  const confirmRemove = async () => {
    try {
      await remove.mutateAsync();
      notify.success('File deleted successfully.');
    } catch {
      notify.error('Something went wrong');
    } finally {
      setRemoving(false);
    }
  };

  return (
    <div className={s.root}>
      <ClosureItem
        item="legalClosureDocument"
        record={record}
        people={people}
        canEdit={canEdit}
        shown={shown}
        onChange={onChange}
      />
      <div className={s.row}>
        <Button
          icon={<ArrowDownloadRegular />}
          disabled={download.busy !== null}
          onClick={() => void download.run(legalDocumentTemplateFile(projectId))}
        >
          Download template
        </Button>
        {canEdit ? (
          <Button appearance="primary" icon={<ArrowUploadRegular />} onClick={() => setWizard(true)}>
            Upload Legal Document
          </Button>
        ) : null}
        <Button
          appearance="subtle"
          icon={<VideoClipRegular />}
          aria-expanded={tutorialOpen}
          onClick={() => setTutorialOpen((o) => !o)}
        >
          {tutorialOpen ? 'Hide tutorials' : 'Show tutorials'}
        </Button>
      </div>
      {tutorialOpen ? (
        <div className={s.tutorials}>
          <TutorialPanel tutorial={tutorials.legalEsign} onClose={() => setTutorialOpen(false)} />
          <TutorialPanel tutorial={tutorials.legalSigned} onClose={() => setTutorialOpen(false)} />
        </div>
      ) : null}
      <Field label="Legal closure document">
        <div className={s.row}>
          <SignedStatusDot status={record.signedStatus} showLabel />
          {fileName ? (
            <>
              <DocumentPdfRegular aria-hidden />
              <Text weight="semibold">{fileName}</Text>
              <Button
                icon={<ArrowDownloadRegular />}
                disabled={download.busy !== null}
                onClick={() => void download.run(legalDocumentFile(projectId, fileName))}
              >
                Download
              </Button>
              {canEdit ? (
                <Button icon={<DeleteRegular />} onClick={() => setRemoving(true)}>
                  Remove Document
                </Button>
              ) : null}
            </>
          ) : (
            <Text italic>No document uploaded yet</Text>
          )}
        </div>
      </Field>
      <MessageBar intent="info">
        <MessageBarBody>
          There is no resend feature: to resend the document, remove it and upload it again.
        </MessageBarBody>
      </MessageBar>
      {wizard ? (
        <LegalDocumentWizard
          projectId={projectId}
          record={record}
          people={people}
          canEdit={canEdit}
          shown={shown}
          onChange={onChange}
          onClose={() => setWizard(false)}
        />
      ) : null}
      <ConfirmDialog
        open={removing}
        title="Remove Document"
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(false)}
      >
        Are you sure you want to remove the legal closure document? An open signature request is cancelled.
      </ConfirmDialog>
    </div>
  );
}
