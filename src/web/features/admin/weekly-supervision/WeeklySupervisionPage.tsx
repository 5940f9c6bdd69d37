import { paths } from '@web/app/navigation';
import { SupervisionScreen } from '../supervision-shared/SupervisionScreen';
import { usePatchWeeklySupervisionRow } from './api/weekly-edit';
import { WeeklyEditDialog } from './WeeklyEditDialog';

/**
 * Weekly Supervision (spec 002 §2.9): counters, the projects loaded 100 at a time as the grid scrolls (search
 * and header filters on the server), Export Excel, Open Project (the Dashboard Archive in a new window) and —
 * for ADMIN_SCREEN_SCOPES.supervisionEdit holders — Edit.
 */
export default function WeeklySupervisionPage() {
  const save = usePatchWeeklySupervisionRow();
  return (
    <SupervisionScreen
      kind="weekly"
      openPath={(r) => paths.project.during.dashboardArchive(r.idProject)}
      editDialog={(row, close) => (
        <WeeklyEditDialog row={row} onSave={(body) => save.mutateAsync({ row, body })} onClose={close} />
      )}
    />
  );
}
