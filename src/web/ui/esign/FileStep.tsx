import { useId, useRef, useState } from 'react';
import { Field, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DocumentPdfRegular } from '@fluentui/react-icons';
import { validatePdf } from '../files';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/**
 * Step 4: the PDF to send or the signed PDF to upload (spec 001 §5: "Only PDF files is allowed", "Please, select a
 * file"). Controlled: `file` is the chosen PDF (null when none or not a PDF). `showRequired` shows the missing-file
 * message (after a Send / Upload attempt).
 */
export function FileStep({
  file,
  onFile,
  disabled,
  label,
  showRequired = false,
}: {
  file: File | null;
  onFile: (file: File | null) => void;
  disabled?: boolean;
  label: string;
  showRequired?: boolean;
}) {
  const s = useStyles();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [rejected, setRejected] = useState<string | null>(null);
  const message = rejected ?? (showRequired && !file ? validatePdf(null) : null);
  return (
    <Field
      label={{ children: label, htmlFor: id }}
      hint={message ? undefined : 'Only PDF files is allowed'}
      validationMessage={message ?? undefined}
      validationState={message ? 'error' : 'none'}
    >
      <div className={s.row}>
        <input
          id={id}
          ref={input}
          type="file"
          accept=".pdf,application/pdf"
          disabled={disabled}
          onChange={(e) => {
            const f = e.target.files?.[0] ?? null;
            const problem = f ? validatePdf(f) : null;
            setRejected(problem);
            onFile(problem ? null : f);
          }}
        />
        {file ? (
          <Text>
            <DocumentPdfRegular /> {file.name}
          </Text>
        ) : null}
      </div>
    </Field>
  );
}
