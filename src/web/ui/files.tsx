import { useRef, useState } from 'react';
import { Button, Field, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowUploadRegular } from '@fluentui/react-icons';

/** The spec's upload rule: a file is required and only .pdf is allowed. */
export function validatePdf(file: File | null | undefined): string | null {
  if (!file) return 'Please, select a file';
  const pdf = /\.pdf$/i.test(file.name) && (!file.type || file.type === 'application/pdf');
  return pdf ? null : 'Only PDF files is allowed';
}

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

/** PDF-only upload: "Please, select a file" / "Only PDF files is allowed". */
export function PdfUpload({
  label,
  onUpload,
  disabled,
}: {
  label: string;
  onUpload: (file: File) => Promise<void> | void;
  disabled?: boolean;
}) {
  const s = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Field
      label={label}
      hint="Only PDF files is allowed"
      validationMessage={error ?? undefined}
      validationState={error ? 'error' : 'none'}
    >
      <div className={s.row}>
        <input
          ref={input}
          type="file"
          accept=".pdf,application/pdf"
          aria-label={label}
          disabled={disabled || busy}
          onChange={(e) => {
            const f = e.target.files?.[0] ?? null;
            setFile(f);
            setError(f ? validatePdf(f) : null);
          }}
        />
        <Button
          icon={<ArrowUploadRegular />}
          disabled={disabled || busy}
          onClick={async () => {
            const problem = validatePdf(file);
            setError(problem);
            if (problem || !file) return;
            setBusy(true);
            try {
              await onUpload(file);
              setFile(null);
              if (input.current) input.current.value = '';
            } finally {
              setBusy(false);
            }
          }}
        >
          Upload
        </Button>
      </div>
    </Field>
  );
}
