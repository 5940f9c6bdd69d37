import { useCallback, useMemo, type ReactNode } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { DEFAULT_HIDDEN_COLUMNS, GRID_ALWAYS_SHOWN, type GridKey } from '@domain/rules/grid-columns';
import { ColumnChooser, QueryError, PortalDataGrid, type PortalColumn } from '@web/ui';
import { useGridColumns } from './api/grid-columns';
import { useSupervisionGrid, type SupervisionGridRow, type SupervisionKind } from './api/supervision';
import type { SupervisionFilterState } from './filters';
import { SupervisionCounters } from './SupervisionCounters';
import { useSupervisionExport } from './useSupervisionExport';

const useStyles = makeStyles({
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalS },
});

const ZERO = { total: 0, green: 0, yellow: 0, red: 0, notSubmitted: 0 };

/** The grid whose column choice a supervision screen keeps. */
export const GRID_OF: Record<SupervisionKind, GridKey> = {
  weekly: 'weekly-supervision',
  allocation: 'allocation-supervision',
  pdc: 'pdc-supervision',
};

/**
 * The body shared by the three supervision screens (spec 002 §2.9): the five counters, then the grid loading
 * server pages of 100 as it scrolls (search and header filters go to the server), with Export Excel where the
 * screen has one and the column chooser (the person's hidden columns, kept on the server per grid).
 */
export function SupervisionPanel({
  kind,
  ariaLabel,
  filters: f,
  columns,
  rowActions,
}: {
  kind: SupervisionKind;
  ariaLabel: string;
  filters: SupervisionFilterState;
  columns: PortalColumn<SupervisionGridRow>[];
  rowActions?: (row: SupervisionGridRow) => ReactNode;
}) {
  const s = useStyles();
  const q = useSupervisionGrid(kind, f.filters, { enabled: !f.empty });
  const totals = f.empty ? ZERO : q.totals;
  const { fetchNextPage } = q;
  const fetchMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const exporter = useSupervisionExport(kind === 'pdc' ? 'weekly' : kind);
  const grid = GRID_OF[kind];
  const choice = useGridColumns(grid);
  const { hidden } = choice;
  const shown = useMemo(() => columns.filter((c) => !hidden.includes(c.key)), [columns, hidden]);
  return (
    <>
      <SupervisionCounters totals={totals} />
      <QueryError query={q} />
      <PortalDataGrid<SupervisionGridRow>
        ariaLabel={ariaLabel}
        rows={f.empty ? [] : q.rows}
        loading={q.isLoading}
        getRowId={(r) => r.idProject}
        search
        searchPlaceholder="Digite aqui para buscar"
        onSearchChange={f.setSearch}
        height={560}
        toolbar={
          <div className={s.toolbar}>
            {kind === 'pdc' ? null : (
              <Button
                icon={<ArrowDownloadRegular />}
                disabled={exporter.busy}
                onClick={() => void exporter.run(f.filters)}
              >
                Export Excel
              </Button>
            )}
            <ColumnChooser
              columns={columns}
              hidden={hidden}
              onHiddenChange={choice.setHidden}
              alwaysShown={GRID_ALWAYS_SHOWN[grid]}
              defaultHidden={DEFAULT_HIDDEN_COLUMNS}
              gridLabel={ariaLabel}
            />
          </div>
        }
        infinite={{
          total: totals?.total ?? 0,
          hasNextPage: !f.empty && q.hasNextPage,
          isFetchingNextPage: q.isFetchingNextPage,
          fetchNextPage: fetchMore,
        }}
        columns={shown}
        rowActions={rowActions}
      />
    </>
  );
}
