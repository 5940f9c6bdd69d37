import { useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useRecordVersion, type RecordVersion } from '@web/ui/autosave';
import { ModalDialog } from '@web/ui/dialog';
import { ErrorState, LoadingState } from '@web/ui/PageState';
import { useIsMobile } from '@web/ui/useIsMobile';
import { DeliverablesGrid, ExpectationsGrid, RisksGrid } from '@web/ui/session-records';
import { useSession } from './api/sessions';
import { ScopeFields, SessionTextField } from './SessionFields';
import { Tabs } from '@web/ui/Tabs';

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    paddingTop: tokens.spacingVerticalL,
    minHeight: '320px',
    minWidth: 0,
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

/**
 * The Tech DNA dialog of a project session (001 §2): Project Session (adjust scope, its observation,
 * delivering client needs, its observation), Client Expectations, Deliverables, Risks (8 per page) and
 * Discussion Outcomes. Texts save 3 s after typing stops or on leaving them (001 §5, §9); every field writes
 * the one versioned session (If-Match). Read-only — fields disabled, no add / edit / delete in the grids —
 * once the session is submitted (001 §4) or for those who may not work on sessions. On a narrow screen (a
 * phone, the Teams meeting's side panel) the tabs stand one above the other and the grids' rows stack.
 */
export function TechDnaDialog({
  projectId,
  sessionId,
  readOnly: readOnlyProp,
  version: sharedVersion,
  onClose,
}: {
  projectId: number;
  sessionId: number;
  readOnly: boolean;
  /** The session's RecordVersion when the caller shows fields of the same session (one If-Match chain). */
  version?: RecordVersion;
  onClose: () => void;
}) {
  const s = useStyles();
  const narrow = useIsMobile();
  const [tab, setTab] = useState<TabId>('session');
  const session = useSession(projectId, sessionId);
  const ownVersion = useRecordVersion(session.data?.version);
  const version = sharedVersion ?? ownVersion;
  const record = session.data;
  const readOnly = readOnlyProp || !!record?.submittedAt;
  const grid = { projectId, sessionId, canEdit: !readOnly, stacked: narrow };

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
    const fields = { projectId, record, version, readOnly };
    if (tab === 'outcomes')
      return (
        <SessionTextField {...fields} label="Discussion Outcomes" field="discussionOutcomes" rows={10} />
      );
    return <ScopeFields {...fields} />;
  };

  return (
    <ModalDialog title="Tech DNA" width="large" closeLabel="Close" onClose={onClose}>
      <Tabs
        label="Tech DNA"
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        vertical={narrow}
        panelClassName={s.panel}
      >
        {body()}
      </Tabs>
    </ModalDialog>
  );
}
