import { useState } from 'react';
import { Button, Field, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, DocumentRegular, TableRegular } from '@fluentui/react-icons';
import { useFileDownload } from '@web/ui/file-download';
import { validatePdf } from '@web/ui/files';
import { useClosureInternal } from '../api/closure-internal';
import { closureFile } from '../api/files';
import { useUpload } from '../useUpload';
import { crmTemplateFile } from './api/crm-template';
import { CRM_FILE_TYPES_MESSAGE } from '@domain/rules/messages';

/** The server's refusal of any other type (POST api/projects/{id}/crm/file), checked here before sending. */
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ACCEPT = `.pdf,application/pdf,.xlsx,${XLSX_TYPE}`;
const LABEL = 'CRM file (PDF or Excel .xlsx)';

/** The CRM file is a PDF or the filled CRM template (.xlsx); null when it may be sent. */
function validateCrmFile(file: File): string | null {
  if (validatePdf(file) === null) return null;
  const xlsx = /\.xlsx$/i.test(file.name) && (!file.type || file.type === XLSX_TYPE);
  return xlsx ? null : CRM_FILE_TYPES_MESSAGE;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/**
 * The CRM file of the closure record (002 §3 crmAttach, §7): the team uploads it (a PDF or the filled template,
 * sent once chosen, with the §8 upload toasts); its download is enabled once the record has one; the CRM
 * template (.xlsx) downloads for everyone who reads the project.
 */
export function CrmFiles({ projectId, canEdit }: { projectId: number; canEdit: boolean }) {
  const s = useStyles();
  const record = useClosureInternal(projectId).data;
  const upload = useUpload(projectId, 'crm');
  const download = useFileDownload();
  const [error, setError] = useState<string | null>(null);
  const attach = record?.crmAttach ?? null;

  return (
    <div className={s.root} role="group" aria-label="CRM file">
      {canEdit ? (
        <Field
          label={LABEL}
          validationMessage={error ?? undefined}
          validationState={error ? 'error' : 'none'}
        >
          <input
            type="file"
            accept={ACCEPT}
            aria-label={LABEL}
            disabled={upload.busy}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              const problem = validateCrmFile(file);
              setError(problem);
              if (!problem) void upload.run(file);
            }}
          />
        </Field>
      ) : null}
      <div className={s.actions}>
        <DocumentRegular aria-hidden />
        {attach ? <Text weight="semibold">{attach}</Text> : <Text italic>No CRM file uploaded yet</Text>}
        <Button
          icon={<ArrowDownloadRegular />}
          disabled={!attach || download.busy !== null}
          onClick={() => void download.run(closureFile(projectId, 'crm', attach))}
        >
          Download CRM file
        </Button>
        <Button
          icon={<TableRegular />}
          disabled={download.busy !== null}
          onClick={() => void download.run(crmTemplateFile(projectId))}
        >
          Download CRM template
        </Button>
      </div>
    </div>
  );
}
