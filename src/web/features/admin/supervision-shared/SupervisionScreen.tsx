import { useState, type ReactNode } from 'react';
import { Button } from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons';
import { ADMIN_SCREEN_SCOPES, hasAnyScope } from '@domain/rules';
import { GRID_COLUMNS } from '@domain/rules/grid-columns';
import { useSession } from '@web/api/session-context';
import { AdminScreen } from '../AdminScreen';
import type { SupervisionGridRow, SupervisionKind } from './api/supervision';
import { OpenProjectButton, supervisionColumns } from './columns';
import { useSupervisionFilters } from './filters';
import { GRID_OF, SupervisionPanel } from './SupervisionPanel';

/** Each supervision screen's title and its grid's name (002 §2.9). */
const SCREENS: Record<SupervisionKind, { title: string; ariaLabel: string }> = {
  allocation: { title: 'Allocation Supervision', ariaLabel: 'Allocation supervision' },
  weekly: { title: 'Weekly Supervision', ariaLabel: 'Weekly supervision' },
  pdc: { title: 'PDC Supervision', ariaLabel: 'PDC supervision' },
};

/**
 * A supervision screen (002 §2.9): its title, the panel with the screen's columns (GRID_COLUMNS of the domain, the
 * keys the server checks a person's column choice against; with their `overrides`), each
 * row's Open Project (`openPath`, in a new window) and, with `editDialog`, Edit for ADMIN_SCREEN_SCOPES.supervisionEdit
 * holders, which opens that dialog for the row (`close` closes it).
 */
export function SupervisionScreen({
  kind,
  overrides,
  openPath,
  editDialog,
}: {
  kind: SupervisionKind;
  overrides?: Parameters<ReturnType<typeof supervisionColumns>>[1];
  openPath: (row: SupervisionGridRow) => string;
  editDialog?: (row: SupervisionGridRow, close: () => void) => ReactNode;
}) {
  const f = useSupervisionFilters();
  const { user } = useSession();
  const [editing, setEditing] = useState<SupervisionGridRow | null>(null);
  const onEdit =
    editDialog && hasAnyScope(user, ADMIN_SCREEN_SCOPES.supervisionEdit) ? setEditing : undefined;
  return (
    <AdminScreen title={SCREENS[kind].title}>
      <SupervisionPanel
        kind={kind}
        ariaLabel={SCREENS[kind].ariaLabel}
        filters={f}
        columns={supervisionColumns(f)(GRID_COLUMNS[GRID_OF[kind]], overrides)}
        rowActions={(r) => (
          <>
            {onEdit ? (
              <Button
                size="small"
                appearance="subtle"
                icon={<EditRegular />}
                aria-label={`Edit ${r.projectCode}`}
                title="Edit"
                onClick={() => onEdit(r)}
              />
            ) : null}
            <OpenProjectButton row={r} path={openPath(r)} />
          </>
        )}
      />
      {editing && editDialog ? editDialog(editing, () => setEditing(null)) : null}
    </AdminScreen>
  );
}
