import { useState } from 'react';
import { Field, Radio, RadioGroup, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import type { ProjectSessionPatch, ProjectSessionRecord } from '@domain/contract';
import { SESSION_ANSWERS } from '@domain/rules';
import {
  AutosaveTextField,
  ConflictBar,
  SaveState,
  useAutosave,
  useRecordVersion,
  type RecordVersion,
  type SaveContext,
} from '@web/ui/autosave';
import { ModalDialog } from '@web/ui/dialog';
import { useNotify } from '@web/ui/toast';
import { ErrorState, LoadingState } from '@web/ui/PageState';
import { DeliverablesGrid, ExpectationsGrid, RisksGrid } from '@web/ui/session-records';
import { useSession, useSessionMutations } from './api/sessions';

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    paddingTop: tokens.spacingVerticalL,
    minHeight: '320px',
  },
});

/** The five tabs in the spec's order (001 §2 "Tech DNA dialog"). */
const TABS = [
  ['session', 'Project Session'],
  ['expectations', 'Client Expectations'],
  ['deliverables', 'Deliverables'],
  ['risks', 'Risks'],
  ['outcomes', 'Discussion Outcomes'],
] as const;
type TabId = (typeof TABS)[number][0];

type AnswerKey = 'adjustScope' | 'deliveringClientNeeds';
type TextKey = 'adjustScopeObs' | 'deliveringClientNeedsObs' | 'discussionOutcomes';

/**
 * A 1 Yes / 2 No / 3 Partially answer (decided; 001 §3 names no values), saved as soon as it changes
 * (PUT with the session's version as If-Match; a change by someone else meanwhile is shown to choose).
 */
function AnswerField({
  label,
  field,
  record,
  version,
  readOnly,
  save,
}: {
  label: string;
  field: AnswerKey;
  record: ProjectSessionRecord;
  version: RecordVersion;
  readOnly: boolean;
  save: (value: number | null, ctx: SaveContext) => Promise<unknown>;
}) {
  const notify = useNotify();
  const a = useAutosave<number | null>({
    value: record[field],
    version,
    delayMs: 0,
    readOnly,
    save,
    fromRecord: (r: ProjectSessionRecord | undefined) => r?.[field] ?? null,
    onSaved: () => notify.success('Saved'),
    onFailed: (_, attempt) => attempt === 1 && notify.error('Something went wrong'),
  });
  return (
    <>
      <Field
        label={label}
        hint={readOnly ? undefined : <SaveState state={a.state} retrying={a.retrying} offline={a.offline} />}
      >
        <RadioGroup
          layout="horizontal"
          aria-label={label}
          disabled={readOnly}
          value={a.value == null ? '' : String(a.value)}
          onChange={(_, d) => {
            a.change(Number(d.value));
            void a.flush();
          }}
        >
          {SESSION_ANSWERS.map((o) => (
            <Radio key={o.value} value={String(o.value)} label={o.label} />
          ))}
        </RadioGroup>
      </Field>
      {a.conflict ? (
        <ConflictBar
          conflict={a.conflict}
          label={label}
          renderTheirs={(v) => SESSION_ANSWERS.find((o) => o.value === v)?.label ?? '—'}
          onKeepMine={a.keepMine}
          onTakeTheirs={a.takeTheirs}
        />
      ) : null}
    </>
  );
}

/**
 * The Tech DNA dialog of a project session (001 §2): Project Session (adjust scope, its observation,
 * delivering client needs, its observation), Client Expectations, Deliverables, Risks (8 per page) and
 * Discussion Outcomes. Texts save 3 s after typing stops or on leaving them (001 §5, §9); every field writes
 * the one versioned session (If-Match). Read-only — fields disabled, no add / edit / delete in the grids —
 * once the session is submitted (001 §4) or for those who may not work on sessions.
 */
export function TechDnaDialog({
  projectId,
  sessionId,
  readOnly: readOnlyProp,
  onClose,
}: {
  projectId: number;
  sessionId: number;
  readOnly: boolean;
  onClose: () => void;
}) {
  const s = useStyles();
  const [tab, setTab] = useState<TabId>('session');
  const session = useSession(projectId, sessionId);
  const m = useSessionMutations(projectId);
  const version = useRecordVersion(session.data?.version);
  const record = session.data;
  const readOnly = readOnlyProp || !!record?.submittedAt;

  const saveAnswer = (field: AnswerKey) => (value: number | null, ctx: SaveContext) =>
    m.update.mutateAsync({ id: sessionId, body: { [field]: value }, ...ctx });
  const text = (field: TextKey, label: string, rows = 5) =>
    record ? (
      <AutosaveTextField
        label={label}
        multiline
        rows={rows}
        value={record[field] ?? ''}
        version={version}
        readOnly={readOnly}
        fromRecord={(r: ProjectSessionRecord | undefined) => r?.[field] ?? ''}
        onSave={(value, ctx) =>
          m.patch.mutateAsync({ id: sessionId, body: { [field]: value } as ProjectSessionPatch, ...ctx })
        }
      />
    ) : null;
  const grid = { projectId, sessionId, canEdit: !readOnly };

  const body = () => {
    if (tab === 'expectations') return <ExpectationsGrid {...grid} />;
    if (tab === 'deliverables') return <DeliverablesGrid {...grid} />;
    if (tab === 'risks') return <RisksGrid {...grid} />;
    if (session.isLoading) return <LoadingState />;
    if (!record)
      return (
        <ErrorState
          message={(session.error as Error | null)?.message ?? 'Session not found'}
          onRetry={() => void session.refetch()}
        />
      );
    if (tab === 'outcomes') return text('discussionOutcomes', 'Discussion Outcomes', 10);
    return (
      <>
        <AnswerField
          label="Adjust Scope"
          field="adjustScope"
          record={record}
          version={version}
          readOnly={readOnly}
          save={saveAnswer('adjustScope')}
        />
        {text('adjustScopeObs', 'Adjust Scope Observation')}
        <AnswerField
          label="Delivering Client Needs"
          field="deliveringClientNeeds"
          record={record}
          version={version}
          readOnly={readOnly}
          save={saveAnswer('deliveringClientNeeds')}
        />
        {text('deliveringClientNeedsObs', 'Delivering Client Needs Observation')}
      </>
    );
  };

  return (
    <ModalDialog title="Tech DNA" width="large" closeLabel="Close" onClose={onClose}>
      <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as TabId)} aria-label="Tech DNA">
        {TABS.map(([id, label]) => (
          <Tab key={id} value={id}>
            {label}
          </Tab>
        ))}
      </TabList>
      <div className={s.panel} role="tabpanel" aria-label={TABS.find(([id]) => id === tab)![1]}>
        {body()}
      </div>
    </ModalDialog>
  );
}
