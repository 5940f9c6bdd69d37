import { SupervisionScreen } from '../supervision-shared/SupervisionScreen';
import { usePatchPriority } from './api/priority';
import { WeeklyEditDialog } from './WeeklyEditDialog';

/**
 * Weekly Supervision (spec 002 §2.9): counters, the projects loaded 100 at a time as the grid scrolls (search
 * and header filters on the server), Export Excel, Open Project (the Dashboard Archive in a new window) and —
 * for ADMIN_SCREEN_SCOPES.supervisionEdit holders — Edit.
 */
export default function WeeklySupervisionPage() {
  const save = usePatchPriority();
  return (
    <SupervisionScreen
      kind="weekly"
      openPath={(r) => `/project/${r.idProject}/during/dashboard-archive`}
      editDialog={(row, close) => (
        <WeeklyEditDialog row={row} onSave={(body) => save.mutateAsync({ row, body })} onClose={close} />
      )}
    />
  );
}
