import { Switch } from '@fluentui/react-components';
import { hasAnyScope, ADMIN_SCREEN_SCOPES } from '@domain/rules';
import { useSession } from '@web/api/session-context';
import { AdminScreen } from '../AdminScreen';
import type { SupervisionGridRow } from '../supervision-shared/api';
import { OpenProjectButton, supervisionColumns } from '../supervision-shared/columns';
import { useSupervisionFilters } from '../supervision-shared/filters';
import { SupervisionPanel } from '../supervision-shared/SupervisionPanel';
import { usePatchPdcPriority } from './api/pdc-priority';

/**
 * PDC Supervision (spec 002 §2.9): counters, the projects loaded 100 at a time as the grid scrolls, the PDC
 * priority as a switch per row (editable by ADMIN_SCREEN_SCOPES.pdcPriority holders, read-only otherwise) and
 * Open Project (the project's home in a new window). No export.
 */
export default function PdcSupervisionPage() {
  const f = useSupervisionFilters();
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
  const columns = supervisionColumns(f)(
    [
      'projectCode',
      'projectName',
      'clientName',
      'statusName',
      'practiceName',
      'businessUnitName',
      'pdcPriority',
      'onePageSubmitted',
      'onePageProblemLevel',
      'environmentStatus',
    ],
    { pdcPriority: { render: priorityCell, stopRowClick: true } },
  );
  return (
    <AdminScreen title="PDC Supervision">
      <SupervisionPanel
        kind="pdc"
        ariaLabel="PDC supervision"
        filters={f}
        columns={columns}
        rowActions={(r) => <OpenProjectButton row={r} path={`/project/${r.idProject}/home`} />}
      />
    </AdminScreen>
  );
}
