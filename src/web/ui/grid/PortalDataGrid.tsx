import { Suspense } from 'react';
import { Spinner, Table, makeStyles, tokens } from '@fluentui/react-components';
import { useIsMobile } from '../useIsMobile';
import { useVisibleColumns } from './columns';
import { GridBody } from './GridBody';
import { GridDialogs } from './GridDialogs';
import { GridHeader } from './GridHeader';
import { GridPager } from './GridPager';
import { GridToolbar } from './GridToolbar';
import { ROW_HEIGHT } from './hooks';
import { useGridKeyboard } from './keyboard';
import { StackedRows } from './StackedRows';
import type { PortalDataGridProps } from './types';
import { useGridEditing } from './useGridEditing';
import { useGridModel } from './useGridModel';
import { useGridPaging } from './useGridPaging';
import { useGridSearch } from './useGridSearch';
import { useGridSelection } from './useGridSelection';
import { usePartialPaint } from './usePartialPaint';
import { useRowContext } from './useRowContext';
import { useSortAndFilters } from './useSortAndFilters';
import { useVirtualRows } from './useVirtualRows';

export { ROW_HEIGHT };
export { FIRST_PAINT_ROWS } from './usePartialPaint';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  scroller: { overflowX: 'auto', minWidth: 0 },
  viewport: { overflow: 'auto', position: 'relative', minWidth: 0 },
  empty: { padding: tokens.spacingVerticalL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

/**
 * The portal's grid: a model on Fluent's useTableFeatures (search that ignores case and accents, header filters on the
 * columns' distinct values, sort by value, paging, row selection) rendered with Fluent's table parts in
 * `role="grid"`, virtual rows (TanStack Virtual) for thousands of rows, and a server-paged infinite mode.
 * Also: row click, toolbar add, popup edit form, delete with confirmation, read-only rows, row actions,
 * a mobile column set, a stacked layout for narrow places, empty text and loading.
 *
 * Each concern has its file beside this one: the rows' model `useGridModel` (with the pure `model.ts`); search
 * `useGridSearch`; sort and header filters `useSortAndFilters` and `GridHeader`; paging `useGridPaging` and
 * `GridPager`; a page's first paint `usePartialPaint`; virtual and infinite rows `useVirtualRows` and `GridBody`;
 * selection `useGridSelection`; keyboard `keyboard.ts`; one row `GridRowView` with `useRowContext`; add, edit and
 * delete `useGridEditing` and `GridDialogs`; the toolbar `GridToolbar`; the stacked cards `StackedRows`; the props,
 * grouped, `types.ts`.
 */
export function PortalDataGrid<T>(props: PortalDataGridProps<T>) {
  const { ariaLabel, rows, columns, loading, infinite, selectable, onRowClick, mobileColumns } = props;
  const { emptyText = 'No data', showHeader = true, height = 480 } = props;
  const s = useStyles();
  const mobile = useIsMobile();
  const server = !!infinite;
  const virtual = !!props.virtualized || server;
  const stacked = !!props.stacked && !virtual && !selectable && !onRowClick;

  const search = useGridSearch(server, props.onSearchChange);
  const paging = useGridPaging(props.pageSize, virtual);
  const { sort, setSort, filters, setFilter } = useSortAndFilters(props, {
    server,
    mobile,
    setPage: paging.setPage,
  });
  const model = useGridModel({
    rows,
    columns,
    getRowId: props.getRowId,
    query: search.query,
    filters,
    sort,
    pageSize: paging.paged ? paging.size : 0,
    pageIndex: paging.page,
    server,
    selectable,
    selectedIds: props.selectedIds,
    onSelectionChange: props.onSelectionChange,
  });
  const filteredCount = server ? (rows?.length ?? 0) : model.rows.length;
  const shown = paging.show(filteredCount);
  const paint = usePartialPaint({ rows: model.pageRows, query: search.query, paged: paging.paged });
  const virtualRows = useVirtualRows({ virtual, infinite, rows, loaded: model.pageRows.length });
  const selection = useGridSelection(model, selectable);
  const keyboard = useGridKeyboard(!!onRowClick);
  const editing = useGridEditing(props);

  const cols = useVisibleColumns(columns, mobile, mobileColumns);
  const headerRows = showHeader ? 1 : 0;
  const ctx = useRowContext({
    cols,
    headerRows,
    selectable,
    hasActions: editing.hasActions,
    tabster: keyboard.rowTabster,
    onRowClick,
    toggle: model.toggle,
    actionsOf: editing.actionsOf,
    truncate: virtual,
  });

  // A keystroke shows its rows at once: the search box and the first screen of filtered rows render together, in
  // the keystroke's own task (filtering the sorted rows by their prepared search text costs a millisecond or two at
  // 5,000 rows), from the first page, and the rest of the page follows a frame later (usePartialPaint)
  const onSearch = (text: string) => {
    virtualRows.toTop();
    search.change(text);
    if (!server) {
      paging.setPage(0);
      paint.measure();
    }
  };

  const grid = (
    <Table
      noNativeElements
      role="grid"
      aria-label={ariaLabel}
      aria-rowcount={(server ? infinite.total : filteredCount) + headerRows}
      aria-multiselectable={selectable === 'multiselect' ? true : undefined}
      {...keyboard.tableTabster}
      onKeyDown={keyboard.onTableKeyDown}
    >
      {showHeader ? (
        <GridHeader<T>
          cols={cols}
          server={server}
          sticky={virtual}
          selectable={selectable}
          allSelected={selection.allSelected}
          someSelected={selection.someSelected}
          toggleAll={selection.toggleAll}
          sort={sort}
          onSort={setSort}
          filters={filters}
          setFilter={setFilter}
          optionsOf={model.optionsOf}
          toTop={virtualRows.toTop}
          hasActions={editing.hasActions}
        />
      ) : null}
      <GridBody<T>
        virtual={virtual}
        rows={model.pageRows}
        painted={paint.painted}
        firstIndex={shown.firstIndex}
        bodyRef={paint.bodyRef}
        viewportRef={virtualRows.viewportRef}
        height={height}
        loaderRow={virtualRows.loaderRow}
        onLastIndex={virtualRows.onLastIndex}
        ctx={ctx}
        selectedOf={selection.selectedOf}
      />
    </Table>
  );
  const table = stacked ? (
    <StackedRows<T>
      ariaLabel={ariaLabel}
      rows={paint.bodyRows}
      cols={cols}
      actionsOf={editing.hasActions ? editing.actionsOf : undefined}
    />
  ) : virtual ? (
    <div ref={virtualRows.viewportRef} className={s.viewport} style={{ height }} data-testid="grid-viewport">
      {grid}
    </div>
  ) : (
    <div className={s.scroller}>{grid}</div>
  );

  const isEmpty = !loading && (server ? (rows?.length ?? 0) === 0 : filteredCount === 0);
  return (
    <div className={s.root}>
      <GridToolbar
        search={props.search}
        searchPlaceholder={props.searchPlaceholder}
        onSearch={onSearch}
        toolbar={props.toolbar}
        addLabel={props.addLabel}
        onAdd={editing.add}
      />
      {loading && !rows ? (
        <Spinner label="Loading..." />
      ) : selectable ? (
        // the selection cells' chunk: its first load shows the spinner, not a table without them
        <Suspense fallback={<Spinner label="Loading..." />}>{table}</Suspense>
      ) : (
        table
      )}
      {isEmpty ? <div className={s.empty}>{emptyText}</div> : null}
      {paging.paged && filteredCount > 0 ? (
        <GridPager
          ariaLabel={ariaLabel}
          count={filteredCount}
          pageSizes={props.pageSizes}
          paging={paging}
          shown={shown}
        />
      ) : null}
      <GridDialogs<T>
        editForm={props.editForm}
        onDelete={props.onDelete}
        deleteConfirmText={props.deleteConfirmText}
        editing={editing}
      />
    </div>
  );
}
