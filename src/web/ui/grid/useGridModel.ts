import { useEffect, useMemo, useState } from 'react';
import {
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type ColumnFiltersState,
  type FilterFn,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import {
  cellText,
  compareValues,
  distinctValues,
  isBlank,
  matchesFilter,
  matchesWords,
  prepareRows,
  searchWords,
  type CellValue,
  type FilterOption,
  type PreparedRow,
  type SortValue,
} from './model';
import type { PortalColumn, RowId, SortState } from './types';

/** The column that carries the search haystack (TanStack's global filter runs on it alone). */
const SEARCH_COLUMN = '__search';

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

const globalFilter: FilterFn<PreparedRow<unknown>> = (row, _id, words: string[]) =>
  matchesWords(row.original.haystack, words);

const valueFilter: FilterFn<PreparedRow<unknown>> = (row, id, selected: ReadonlySet<string>) =>
  matchesFilter(row.original.keys[id] ?? '', selected);

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

/**
 * The grid's headless model on TanStack Table: rows prepared once per `rows` identity (search haystack,
 * filter keys), global filter on the haystack, header filters on the keys, sort on the sort values,
 * pagination and row selection.
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

  // the search text of every row is built once the page is idle, so the first keystroke finds it ready
  useEffect(() => {
    if (server || !prepared.length || typeof window.requestIdleCallback !== 'function') return;
    const id = window.requestIdleCallback(() => prepared.forEach((p) => p.haystack), { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }, [prepared, server]);

  const columnDefs = useMemo<ColumnDef<PreparedRow<T>, SortValue>[]>(
    () => [
      {
        id: SEARCH_COLUMN,
        accessorFn: (p) => p.haystack,
        enableSorting: false,
        enableGlobalFilter: true,
      },
      ...columns.map<ColumnDef<PreparedRow<T>, SortValue>>((c) => ({
        id: c.key,
        accessorFn: (p) => {
          const v = sortValueOf(c, p.row);
          return isBlank(v) ? undefined : v;
        },
        enableSorting: isSortable(c),
        // blanks last in both directions
        sortUndefined: 'last',
        sortingFn: (a, b, id) => compareValues(a.getValue<SortValue>(id), b.getValue<SortValue>(id)),
        filterFn: valueFilter as FilterFn<PreparedRow<T>>,
        enableGlobalFilter: false,
      })),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [sig],
  );

  const words = useMemo(() => searchWords(o.query), [o.query]);
  const sorting = useMemo<SortingState>(
    () => (o.sort && !server ? [{ id: o.sort.key, desc: o.sort.direction === 'desc' }] : []),
    [o.sort, server],
  );
  const columnFilters = useMemo<ColumnFiltersState>(
    () =>
      server
        ? []
        : Object.entries(o.filters)
            .filter(([, v]) => v !== undefined)
            .map(([id, value]) => ({ id, value })),
    [o.filters, server],
  );

  const ids = useMemo(
    () => new Map(prepared.map((p) => [String(getRowId(p.row)), getRowId(p.row)])),
    [prepared, getRowId],
  );
  const [ownSelection, setOwnSelection] = useState<RowSelectionState>({});
  const rowSelection = useMemo<RowSelectionState>(
    () => (o.selectedIds ? Object.fromEntries(o.selectedIds.map((id) => [String(id), true])) : ownSelection),
    [o.selectedIds, ownSelection],
  );
  const onRowSelectionChange = (u: Updater<RowSelectionState>) => {
    const next = typeof u === 'function' ? u(rowSelection) : u;
    if (!o.selectedIds) setOwnSelection(next);
    o.onSelectionChange?.(
      Object.keys(next)
        .filter((k) => next[k])
        .map((k) => ids.get(k) ?? k),
    );
  };

  const paged = o.pageSize > 0;
  const table = useReactTable<PreparedRow<T>>({
    data: prepared,
    columns: columnDefs,
    getRowId: (p) => String(getRowId(p.row)),
    state: {
      sorting,
      columnFilters,
      globalFilter: words.length && !server ? words : undefined,
      pagination: { pageIndex: o.pageIndex, pageSize: paged ? o.pageSize : Math.max(1, prepared.length) },
      rowSelection,
    },
    globalFilterFn: globalFilter as FilterFn<PreparedRow<T>>,
    getColumnCanGlobalFilter: (c) => c.id === SEARCH_COLUMN,
    onRowSelectionChange,
    enableRowSelection: !!selectable,
    enableMultiRowSelection: selectable === 'multiselect',
    manualSorting: server,
    manualFiltering: server,
    manualPagination: !paged,
    autoResetPageIndex: false,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });

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

  return { table, prepared, optionsOf };
}
