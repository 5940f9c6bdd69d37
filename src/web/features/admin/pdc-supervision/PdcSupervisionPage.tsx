import { Switch } from '@fluentui/react-components';
import { hasAnyScope, ADMIN_SCREEN_SCOPES } from '@domain/rules';
import { useSession } from '@web/api/session-context';
import { paths } from '@web/app/navigation';
import type { SupervisionGridRow } from '../supervision-shared/api/supervision';
import { SupervisionScreen } from '../supervision-shared/SupervisionScreen';
import { usePatchPdcPriority } from './api/pdc-priority';

/**
 * PDC Supervision (spec 002 §2.9): counters, the projects loaded 100 at a time as the grid scrolls, the PDC
 * priority as a switch per row (editable by ADMIN_SCREEN_SCOPES.pdcPriority holders, read-only otherwise) and
 * Open Project (the project's home in a new window). No export.
 */
export default function PdcSupervisionPage() {
  const { user } = useSession();
  const canEdit = hasAnyScope(user, ADMIN_SCREEN_SCOPES.pdcPriority);
  const save = usePatchPdcPriority();
  const pending = save.isPending ? save.variables?.row.idProject : undefined;
  const priorityCell = (r: SupervisionGridRow) => (
    <Switch
      checked={r.pdcPriority}
      disabled={!canEdit || pending === r.idProject}
      aria-label={`PDC Priority ${r.projectCode}`}
      onChange={(_, d) => save.mutate({ row: r, pdcPriority: d.checked })}
    />
  );
  return (
    <SupervisionScreen
      kind="pdc"
      overrides={{ pdcPriority: { render: priorityCell, stopRowClick: true } }}
      openPath={(r) => paths.project.home(r.idProject)}
    />
  );
}
