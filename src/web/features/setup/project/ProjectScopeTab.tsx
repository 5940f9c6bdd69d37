import { Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ProjectSessionRecord } from '@domain/contract';
import { AutosaveTextField, useRecordVersion } from '@web/ui/autosave';
import { ErrorState, LoadingState } from '@web/ui/PageState';
import { usePatchSetupSession, useSetupSession } from './api/setup-session';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

/**
 * Setup › Project › Project Scope (001 §2): free text for scope and out-of-scope, each saved 3 s after typing
 * stops or on leaving it (PATCH the setup session with projectScope / projectOutScope, its version as If-Match).
 */
export function ProjectScopeTab({
  projectId,
  sessionId,
  canEdit,
}: {
  projectId: number;
  sessionId: number | undefined;
  canEdit: boolean;
}) {
  const s = useStyles();
  const session = useSetupSession(projectId, sessionId);
  const patch = usePatchSetupSession(projectId, sessionId);
  const version = useRecordVersion(session.data?.version);
  if (sessionId === undefined) return <Text>This project has no setup session.</Text>;
  if (session.isLoading) return <LoadingState />;
  if (session.error || !session.data)
    return (
      <ErrorState
        message={(session.error as Error)?.message ?? 'Setup session not found'}
        onRetry={() => void session.refetch()}
      />
    );
  const field = (key: 'projectScope' | 'projectOutScope', label: string) => (
    <AutosaveTextField
      label={label}
      multiline
      rows={8}
      value={session.data[key] ?? ''}
      version={version}
      readOnly={!canEdit}
      fromRecord={(r: ProjectSessionRecord | undefined) => r?.[key] ?? ''}
      onSave={(value, ctx) =>
        patch.mutateAsync({
          body: key === 'projectScope' ? { projectScope: value } : { projectOutScope: value },
          ...ctx,
        })
      }
    />
  );
  return (
    <div className={s.root}>
      {field('projectScope', 'Project Scope')}
      {field('projectOutScope', 'Out of Scope')}
    </div>
  );
}
