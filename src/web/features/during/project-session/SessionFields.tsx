import { Field } from '@fluentui/react-components';
import type { ProjectSessionPatch, ProjectSessionRecord } from '@domain/contract';
import { SESSION_ANSWERS } from '@domain/rules';
import {
  AutosaveTextField,
  FieldConflict,
  useInstantField,
  type RecordVersion,
  type SaveContext,
} from '@web/ui/autosave';
import { NumberRadios } from '@web/ui/NumberRadios';
import { useSessionMutations } from './api/sessions';

/** adjustScope / deliveringClientNeeds: 1 Yes, 2 No, 3 Partially (rules/sessions.ts SESSION_ANSWERS). */
export type SessionAnswerKey = 'adjustScope' | 'deliveringClientNeeds';
/** The session's texts, each saved alone (PATCH one field, 001 §7). */
export type SessionTextKey =
  'discussionFocus' | 'adjustScopeObs' | 'deliveringClientNeedsObs' | 'discussionOutcomes';

/** What every field of one session takes: the stored session, its shared version (If-Match) and the rights. */
export interface SessionFieldProps {
  projectId: number;
  record: ProjectSessionRecord;
  /** The session's RecordVersion (`useRecordVersion`), shared by its fields: one If-Match chain. */
  version: RecordVersion;
  /** Submitted (001 §4) or not the caller's to change: fields disabled, nothing saved. */
  readOnly: boolean;
}

/** The discussion focus is 500 characters at most (the contract). */
const MAX_LENGTH: Partial<Record<SessionTextKey, number>> = { discussionFocus: 500 };

/**
 * A 1 Yes / 2 No / 3 Partially answer (decided; 001 §3 names no values), saved as soon as it changes
 * (PUT with the session's version as If-Match; a change by someone else meanwhile is shown to choose).
 */
export function SessionAnswerField({
  label,
  field,
  projectId,
  record,
  version,
  readOnly,
}: SessionFieldProps & { label: string; field: SessionAnswerKey }) {
  const m = useSessionMutations(projectId);
  const a = useInstantField<number | null>({
    value: record[field],
    version,
    readOnly,
    save: (value: number | null, ctx: SaveContext) =>
      m.update.mutateAsync({ id: record.id, body: { [field]: value }, ...ctx }),
    fromRecord: (r: ProjectSessionRecord | undefined) => r?.[field] ?? null,
  });
  return (
    <>
      <Field label={label} hint={a.field.hint}>
        <NumberRadios
          layout="horizontal"
          aria-label={label}
          disabled={readOnly}
          value={a.value}
          choices={SESSION_ANSWERS}
          onChoose={a.set}
        />
      </Field>
      <FieldConflict
        autosave={a}
        label={label}
        renderTheirs={(v) => SESSION_ANSWERS.find((o) => o.value === v)?.label ?? '—'}
      />
    </>
  );
}

/**
 * One text of the session that saves itself 3 s after typing stops or on leaving it (001 §5, §9): PATCH of that
 * field with the session's version as If-Match.
 */
export function SessionTextField({
  label,
  field,
  rows = 5,
  projectId,
  record,
  version,
  readOnly,
}: SessionFieldProps & { label: string; field: SessionTextKey; rows?: number }) {
  const m = useSessionMutations(projectId);
  return (
    <AutosaveTextField
      label={label}
      multiline
      rows={rows}
      maxLength={MAX_LENGTH[field]}
      value={record[field] ?? ''}
      version={version}
      readOnly={readOnly}
      fromRecord={(r: ProjectSessionRecord | undefined) => r?.[field] ?? ''}
      onSave={(value, ctx) =>
        m.patch.mutateAsync({ id: record.id, body: { [field]: value } as ProjectSessionPatch, ...ctx })
      }
    />
  );
}

/**
 * The session's scope (the Tech DNA dialog's Project Session tab, 001 §2): Adjust Scope and its observation,
 * Delivering Client Needs and its observation.
 */
export function ScopeFields(props: SessionFieldProps) {
  return (
    <>
      <SessionAnswerField {...props} label="Adjust Scope" field="adjustScope" />
      <SessionTextField {...props} label="Adjust Scope Observation" field="adjustScopeObs" />
      <SessionAnswerField {...props} label="Delivering Client Needs" field="deliveringClientNeeds" />
      <SessionTextField
        {...props}
        label="Delivering Client Needs Observation"
        field="deliveringClientNeedsObs"
      />
    </>
  );
}
