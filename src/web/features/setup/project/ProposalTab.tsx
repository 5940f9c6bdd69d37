import { useRef, useState } from 'react';
import { Button, Field, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowUploadRegular, DocumentPdfRegular } from '@fluentui/react-icons';
import type { ProjectDetail } from '@domain/contract';
import { ApiError } from '@web/api/client';
import { validatePdf } from '@web/ui/files';
import { useNotify } from '@web/ui/toast';
import { downloadProposal, useUploadProposal } from './api/proposal';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '640px' },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  hidden: { display: 'none' },
});

/** The server's refusals shown under the field as they are (001 §5, §8). */
const FILE_MESSAGES = ['Please, select a file', 'Only PDF files is allowed'];

/**
 * Setup › Project › Proposal (001 §2): the current proposal file with its download, and — for those who may
 * edit setup — the upload of a PDF: "Please, select a file" without one, "Only PDF files is allowed" for
 * anything else (checked here and by the server), "Uploading your file..." then "Proposal uploaded" or
 * "Something went wrong..." (§8).
 */
export function ProposalTab({ project, canEdit }: { project: ProjectDetail; canEdit: boolean }) {
  const s = useStyles();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadProposal(project.id);

  const submit = async () => {
    const invalid = validatePdf(file);
    setProblem(invalid);
    if (invalid || !file) return;
    notify.info('Uploading your file...');
    try {
      await upload.mutateAsync(file);
      notify.success('Proposal uploaded');
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (e) {
      if (e instanceof ApiError && FILE_MESSAGES.includes(e.message)) setProblem(e.message);
      notify.error('Something went wrong...');
    }
  };

  return (
    <div className={s.root}>
      <Field label="Proposal">
        <div className={s.row}>
          <DocumentPdfRegular aria-hidden />
          {project.proposalFilename ? (
            <>
              <Text weight="semibold">{project.proposalFilename}</Text>
              <Button
                icon={<ArrowDownloadRegular />}
                onClick={() =>
                  void downloadProposal(project.id, project.proposalFilename).catch(() =>
                    notify.error('Something went wrong...'),
                  )
                }
              >
                Download
              </Button>
            </>
          ) : (
            <Text italic>No proposal uploaded yet</Text>
          )}
        </div>
      </Field>
      {canEdit ? (
        <Field
          label="Upload a new proposal"
          hint="Only PDF files is allowed"
          validationMessage={problem ?? undefined}
          validationState={problem ? 'error' : 'none'}
        >
          <div className={s.row}>
            <input
              ref={input}
              className={s.hidden}
              type="file"
              accept=".pdf,application/pdf"
              aria-label="Proposal file"
              data-testid="proposal-file"
              onChange={(e) => {
                const f = e.target.files?.[0] ?? null;
                setFile(f);
                setProblem(f ? validatePdf(f) : null);
              }}
            />
            <Button onClick={() => input.current?.click()} disabled={upload.isPending}>
              Choose file
            </Button>
            <Text>{file?.name ?? 'No file chosen'}</Text>
            <Button
              appearance="primary"
              icon={<ArrowUploadRegular />}
              disabled={upload.isPending}
              onClick={() => void submit()}
            >
              Upload
            </Button>
          </div>
        </Field>
      ) : null}
    </div>
  );
}
