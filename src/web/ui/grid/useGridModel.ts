import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  createTableColumn,
  useTableFeatures,
  useTableSelection,
  useTableSort,
  type SortDirection,
  type TableColumnDefinition,
  type TableRowId,
} from '@fluentui/react-table';
import {
  cellText,
  compareValues,
  distinctValues,
  isBlank,
  activeFilters,
  matchesRow,
  prepareRows,
  searchWords,
  type CellValue,
  type FilterOption,
  type PreparedRow,
  type SortValue,
} from './model';
import type { PortalColumn, RowId, SortState } from './types';

/** A column's value for a row: its `value`, else `row[key]`. */
export const valueOf = <T>(col: PortalColumn<T>, row: T): CellValue =>
  col.value ? col.value(row) : ((row as Record<string, unknown>)[col.key] as CellValue);
/** A column's sort value for a row: its `sortValue`, else its value. */
export const sortValueOf = <T>(col: PortalColumn<T>, row: T): SortValue =>
  col.sortValue ? col.sortValue(row) : valueOf(col, row);

export const isSortable = <T>(c: PortalColumn<T>) => !!c.title && c.sortable !== false;
export const isFilterable = <T>(c: PortalColumn<T>) => !!c.title && c.filterable !== false;
export const isSearchable = <T>(c: PortalColumn<T>) => c.searchable ?? !!c.title;

/** What makes the prepared rows and the column model change: the columns' keys and flags (not their closures). */
const signature = <T>(columns: PortalColumn<T>[]) =>
  columns
    .map((c) =>
      [c.key, c.title, isSortable(c), isFilterable(c), isSearchable(c), !!c.sortValue].join('\u0001'),
    )
    .join('\u0002');

export interface GridModelOptions<T> {
  rows: T[] | undefined;
  columns: PortalColumn<T>[];
  getRowId: (row: T) => RowId;
  /** The search text (client mode). */
  query: string;
  /** The header filters: column key → chosen values (client mode). */
  filters: Record<string, ReadonlySet<string> | undefined>;
  sort: SortState | undefined;
  /** Rows per page; 0 = no paging. */
  pageSize: number;
  pageIndex: number;
  /** Server mode: the rows come sorted and filtered; the model only shows them. */
  server: boolean;
  selectable?: 'single' | 'multiselect';
  selectedIds?: RowId[];
  onSelectionChange?: (ids: RowId[]) => void;
}

/** A row of the model: the prepared row and its id (as `getRowId` gives it, and as a string key). */
export interface GridRow<T> {
  id: string;
  rowId: RowId;
  original: PreparedRow<T>;
}

/** Rows whose search text is built between two looks at the clock. */
const HAYSTACK_CHUNK = 250;

/**
 * Builds the rows' search texts in idle moments (`requestIdleCallback`, a timer where there is none), a chunk of
 * rows at a time while the idle period lasts: never one long task. Returns the cancel function.
 */
function buildHaystacksWhenIdle<T>(prepared: readonly PreparedRow<T>[]): () => void {
  let i = 0;
  let cancel = () => {};
  const step = (timeLeft: () => number) => {
    do {
      const end = Math.min(prepared.length, i + HAYSTACK_CHUNK);
      for (; i < end; i++) void prepared[i]!.haystack;
    } while (i < prepared.length && timeLeft() > 1);
    if (i < prepared.length) next();
  };
  const next = () => {
    if (typeof window.requestIdleCallback === 'function') {
      // a busy page (photos arriving, the rest of the first page) still gets a few milliseconds every 50 ms
      const id = window.requestIdleCallback(
        (d) => {
          const until = performance.now() + 4;
          step(d.didTimeout ? () => until - performance.now() : () => d.timeRemaining());
        },
        { timeout: 50 },
      );
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = setTimeout(() => {
        const until = performance.now() + 4;
        step(() => until - performance.now());
      }, 0);
      cancel = () => clearTimeout(id);
    }
  };
  next();
  return () => cancel();
}

const NO_SELECTION: ReadonlySet<TableRowId> = new Set();
const noSort = { sortColumn: undefined, sortDirection: 'ascending' as SortDirection };

/**
 * The grid's headless model on Fluent's `useTableFeatures` (sort and selection plugins): rows prepared once
 * per `rows` identity (search haystack, filter keys), Fluent's sort on the columns' sort values (blanks last in
 * both directions) once per rows and sort, the search words and header filters applied to the sorted rows (a
 * keystroke filters, it does not sort again), paging, and row selection (controlled by `selectedIds` or kept here).
 */
export function useGridModel<T>(o: GridModelOptions<T>) {
  const { rows, columns, getRowId, server, selectable } = o;
  const sig = signature(columns);

  const prepared = useMemo(
    () =>
      prepareRows(
        rows ?? [],
        columns.map((c) => ({
          key: c.key,
          value: (r: T) => valueOf(c, r),
          searchable: !server && isSearchable(c),
          filterable: !server && isFilterable(c),
        })),
      ),
    // the columns' value functions are read once per rows identity (callers rebuild columns every render)
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rows, sig, server],
  );

  // the search text of every row is built in idle moments as soon as the rows are there, so the first keystroke
  // finds it ready (a row not reached yet is built when first searched)
  useEffect(() => {
    if (server || !prepared.length) return;
    return buildHaystacksWhenIdle(prepared);
  }, [prepared, server]);

  // Fluent's sort: its comparator is multiplied by -1 for descending, so blanks answer by direction to
  // stay last both ways
  const direction: SortDirection = o.sort?.direction === 'desc' ? 'descending' : 'ascending';
  const sortColumns = useMemo<TableColumnDefinition<PreparedRow<T>>[]>(
    () =>
      columns.filter(isSortable).map((c) =>
        createTableColumn<PreparedRow<T>>({
          columnId: c.key,
          compare: (a, b) => {
            const x = sortValueOf(c, a.row);
            const y = sortValueOf(c, b.row);
            const xb = isBlank(x);
            const yb = isBlank(y);
            if (xb || yb) return xb && yb ? 0 : (xb ? 1 : -1) * (direction === 'ascending' ? 1 : -1);
            return compareValues(x, y);
          },
        }),
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [sig, direction],
  );
  const sortState = useMemo(
    () => (o.sort && !server ? { sortColumn: o.sort.key as TableRowId, sortDirection: direction } : noSort),
    [o.sort, server, direction],
  );

  // selection: controlled by `selectedIds`, else kept here; Fluent's plugin toggles rows
  const [own, setOwn] = useState<ReadonlySet<TableRowId>>(NO_SELECTION);
  const selectedItems = useMemo(
    () => (o.selectedIds ? new Set<TableRowId>(o.selectedIds) : own),
    [o.selectedIds, own],
  );
  const changeSelection = (next: ReadonlySet<TableRowId>) => {
    if (!o.selectedIds) setOwn(next);
    o.onSelectionChange?.([...next] as RowId[]);
  };
  // the same function while getRowId is: Fluent's selection plugin lists every row's id again when it changes
  const rowIdOf = useCallback((p: PreparedRow<T>) => getRowId(p.row), [getRowId]);
  const features = useTableFeatures<PreparedRow<T>>(
    { items: prepared, columns: sortColumns, getRowId: rowIdOf },
    [
      useTableSort({ sortState }),
      useTableSelection({
        selectionMode: selectable === 'multiselect' ? 'multiselect' : 'single',
        selectedItems,
        onSelectionChange: (_e, data) => changeSelection(data.selectedItems),
      }),
    ],
  );
  const { selection } = features;
  const sortRows = features.sort.sort;

  // every row in the sort order, sorted once per rows and sort (not per keystroke): the sort is stable, so the
  // search and filters below keep exactly the rows, in exactly the order, of sorting what they leave
  const ordered = useMemo<GridRow<T>[]>(
    () =>
      (server || !o.sort ? prepared : sortRows(features.getRows()).map((r) => r.item)).map((p) => {
        const rowId = getRowId(p.row);
        return { id: String(rowId), rowId, original: p };
      }),
    // `sort` changes with the sort state and columns; getRows with the prepared rows
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [prepared, sortRows, server, o.sort, getRowId],
  );

  // search words and header filters (client mode) over the sorted rows
  const words = useMemo(() => searchWords(o.query), [o.query]);
  const sorted = useMemo(() => {
    if (server) return ordered;
    const active = activeFilters(o.filters);
    if (!words.length && !active.length) return ordered;
    return ordered.filter((g) => matchesRow(g.original, words, active));
  }, [ordered, words, o.filters, server]);

  const paged = o.pageSize > 0;
  const pageRows = useMemo(
    () => (paged ? sorted.slice(o.pageIndex * o.pageSize, (o.pageIndex + 1) * o.pageSize) : sorted),
    [sorted, paged, o.pageIndex, o.pageSize],
  );

  /** A header filter's values, from every row (not only the filtered ones). */
  const optionsOf = useMemo(() => {
    const cache = new Map<string, () => FilterOption[]>();
    return (col: PortalColumn<T>) => {
      let get = cache.get(col.key);
      if (!get)
        cache.set(
          col.key,
          (get = () =>
            distinctValues(
              prepared,
              (p) => p.keys[col.key] ?? cellText(valueOf(col, p.row)),
              (p) => sortValueOf(col, p.row),
            )),
        );
      return get;
    };
  }, [prepared]);

  const { toggleRow } = selection;
  const toggle = useCallback((r: GridRow<T>) => toggleRow(undefined as never, r.rowId), [toggleRow]);

  return {
    prepared,
    /** The rows the search and filters leave, sorted (every page). */
    rows: sorted,
    /** The current page's rows (all of `rows` without paging). */
    pageRows,
    optionsOf,
    isSelected: (r: GridRow<T>) => !!selectable && selection.isRowSelected(r.rowId),
    /** Toggles a row's selection (the same function every render). */
    toggle,
    /** "Select all": the given rows (the search's and filters' result) on, or off when all are on. */
    toggleAll: (subset: GridRow<T>[]) => {
      const next = new Set<TableRowId>(selectedItems);
      const all = subset.length > 0 && subset.every((r) => next.has(r.rowId));
      for (const r of subset) {
        if (all) next.delete(r.rowId);
        else next.add(r.rowId);
      }
      changeSelection(next);
    },
  };
}
