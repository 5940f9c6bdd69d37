import {
  Fragment,
  Suspense,
  lazy,
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  startTransition,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import {
  Button,
  SearchBox,
  Select,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
  useEventCallback,
  useTableCellStyles_unstable,
  useTableCompositeNavigation,
  useTableRowStyles_unstable,
  type TableCellState,
  type TableRowState,
} from '@fluentui/react-components';
import {
  AddRegular,
  ArrowSortDownRegular,
  ArrowSortUpRegular,
  ChevronLeftRegular,
  ChevronRightRegular,
  DeleteRegular,
  EditRegular,
} from '@fluentui/react-icons';
import { SEARCH_PANEL_WIDTH_PX } from '@domain/constants';
import { useIsMobile } from '../useIsMobile';
import type { FormDialog as FormDialogType } from '../FormDialog';
import { HeaderFilter } from './HeaderFilter';
import { lazyComponent } from '../lazy';
import { ROW_HEIGHT, SEARCH_DEBOUNCE_MS, useDebouncedCallback } from './hooks';
import { cellText, pageWindow } from './model';
import type { PortalColumn, PortalDataGridProps, SortState } from './types';
import { isFilterable, isSortable, useGridModel, valueOf, type GridRow } from './useGridModel';
import { Hint } from '../Hint';

// The edit and delete dialogs load when first opened: the grid module stays free of Dialog code.
const FormDialog = lazy(() =>
  import('../FormDialog').then((m) => ({ default: m.FormDialog })),
) as unknown as typeof FormDialogType;
const ConfirmDialog = lazy(() => import('../ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));
// the virtualizer and the selection cells (check boxes, radios) load with the grids that use them
const VirtualBody = lazyComponent(() => import('./VirtualBody'));
const SelectionCell = lazyComponent(() => import('./SelectionCell'));

export { ROW_HEIGHT };
/** Infinite mode: the next page is asked for when the window comes this many rows from the end. */
const FETCH_AHEAD = 20;
/** Width of the edit / delete / row actions column. */
const ACTIONS_WIDTH = 104;
const EMPTY: never[] = [];
/**
 * Rows a paged grid paints first when it first shows a page (more than a 1080p screen shows): the rest of the page
 * follows in the next frame, so the first paint does not wait for fifty rows mostly below the fold.
 */
export const FIRST_PAINT_ROWS = 25;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  spacer: { flexGrow: 1 },
  search: { width: `${SEARCH_PANEL_WIDTH_PX}px`, maxWidth: '100%' },
  scroller: { overflowX: 'auto', minWidth: 0 },
  viewport: { overflow: 'auto', position: 'relative', minWidth: 0 },
  stickyHeader: {
    position: 'sticky',
    top: 0,
    zIndex: 1,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  headerCell: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, width: '100%' },
  headerTitle: {
    fontWeight: tokens.fontWeightSemibold,
    textTransform: 'uppercase',
    fontSize: tokens.fontSizeBase200,
    minWidth: 0,
    // a single long word in a narrow column breaks instead of running under the filter button
    overflowWrap: 'break-word',
  },
  body: { position: 'relative' },
  row: { cursor: 'pointer' },
  // A page's row off screen is neither laid out nor painted (kept in the page, its text findable and read by screen
  // readers; its height remembered once shown): the browser rasterises the screen's rows, not the page's fifty, so the
  // frames after a page's first paint and after a keystroke are ready sooner. Paint containment clips to the row's
  // box, so the clip is widened by the cells' 2px focus outline (Fluent's TableCell) to keep it whole.
  pageRow: {
    contentVisibility: 'auto',
    containIntrinsicBlockSize: `auto ${ROW_HEIGHT}px`,
    overflowClipMargin: '2px',
  },
  virtualRow: { position: 'absolute', top: 0, left: 0, width: '100%', height: `${ROW_HEIGHT}px` },
  loaderCell: { justifyContent: 'center' },
  cellText: { minWidth: 0, overflowWrap: 'anywhere' },
  truncate: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  empty: { padding: tokens.spacingVerticalL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
  pager: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'flex-end',
    gap: tokens.spacingHorizontalS,
    flexWrap: 'wrap',
  },
  pageSize: { minWidth: '90px' },
  stack: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    minWidth: 0,
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    minWidth: 0,
  },
  cardFields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0 },
  cardTitle: {
    fontWeight: tokens.fontWeightSemibold,
    textTransform: 'uppercase',
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground3,
  },
  cardValue: { margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
  cardActions: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalXS },
});

/**
 * How many rows of a page the window shows, from the first to the last one it shows at least in part (at least 1):
 * a keystroke paints those at once, the rest of the page a frame later. More than FIRST_PAINT_ROWS (a tall window,
 * a page scrolled down): the whole page at once.
 */
function rowsInWindow(body: HTMLElement | null): number {
  if (!body || typeof window === 'undefined') return FIRST_PAINT_ROWS;
  const rows = Math.ceil((window.innerHeight - body.getBoundingClientRect().top) / ROW_HEIGHT);
  return rows > FIRST_PAINT_ROWS ? Infinity : Math.max(1, rows);
}

/** Tabster attributes (`data-tabster` JSON) with Enter left to the element's own handler. */
function ignoreEnter(attribute: { 'data-tabster'?: string }) {
  const json = attribute['data-tabster'];
  const parsed = json ? (JSON.parse(json) as Record<string, unknown>) : {};
  const focusable = (parsed.focusable ?? {}) as Record<string, unknown>;
  return {
    'data-tabster': JSON.stringify({
      ...parsed,
      focusable: { ...focusable, ignoreKeydown: { ...(focusable.ignoreKeydown as object), Enter: true } },
    }),
  };
}

/** A fixed-width column keeps the same width in the header and in every row. */
const widthStyle = (width: number | undefined): CSSProperties | undefined =>
  width ? { flex: `0 1 ${width}px`, minWidth: `${Math.min(width, 60)}px` } : undefined;
const ACTIONS_STYLE = widthStyle(ACTIONS_WIDTH);

/**
 * The class Fluent's TableCell gives a cell of this grid (no native elements, medium size), from TableCell's own style
 * hook: a row's cells are plain elements with it, not a component each (a page of 50 rows has 350 cells).
 */
function useCellClassName(): string {
  const state = { root: { className: '' }, noNativeElements: true, size: 'medium' };
  useTableCellStyles_unstable(state as unknown as TableCellState);
  return state.root.className;
}

/**
 * The classes Fluent's TableRow gives a body row of this grid (no native elements, medium size), per appearance, from
 * TableRow's own style hook: a row is a plain element with them, not a component (TableRow's focus-visible and
 * focus-within hooks per row are left out: the FluentProvider's focus-visible scope marks a keyboard-focused row for
 * the outline, and no part of a portal row is shown only while focus is within it).
 */
const rowState = (appearance: 'none' | 'brand') =>
  ({
    root: { className: '' },
    noNativeElements: true,
    size: 'medium',
    appearance,
    isHeaderRow: false,
  }) as unknown as TableRowState;
function useRowClassNames(): { none: string; brand: string } {
  const none = useTableRowStyles_unstable(rowState('none')).root.className ?? '';
  const brand = useTableRowStyles_unstable(rowState('brand')).root.className ?? '';
  return { none, brand };
}

/** What every row of one grid shares: its columns, flags and handlers (the same object while none of them change). */
interface RowContext<T> {
  cols: PortalColumn<T>[];
  /** Each column's width style (the same objects every render: a row that renders again changes no style). */
  widths: (CSSProperties | undefined)[];
  headerRows: number;
  selectable: 'single' | 'multiselect' | undefined;
  hasActions: boolean;
  tabster: { 'data-tabster'?: string };
  onRowClick: ((row: T) => void) | undefined;
  toggle: (row: GridRow<T>) => void;
  actionsOf: (item: T) => ReactNode;
  classes: {
    row: string;
    rowNone: string;
    rowBrand: string;
    virtualRow: string;
    pageRow: string;
    cell: string;
    text: string;
    actions: string;
  };
}

const stopClick = (e: MouseEvent) => e.stopPropagation();

/**
 * One row: memoised, so a keystroke or a header filter renders only the rows it brings (a row that stays on the page
 * keeps its cells), and a page's rest painted a frame later leaves the first rows alone.
 */
const GridRowView = memo(
  function GridRowView<T>({
    row,
    index,
    selected,
    ctx,
    style,
  }: {
    row: GridRow<T>;
    index: number;
    selected: boolean | undefined;
    ctx: RowContext<T>;
    style?: CSSProperties;
  }) {
    const item = row.original.row;
    const { onRowClick, selectable, toggle } = ctx;
    const clickable = !!onRowClick || !!selectable;
    const activate = () => (onRowClick ? onRowClick(item) : selectable ? toggle(row) : undefined);
    return (
      <div
        role="row"
        aria-rowindex={index + 1 + ctx.headerRows}
        aria-selected={selected}
        tabIndex={0}
        {...ctx.tabster}
        className={mergeClasses(
          selected ? ctx.classes.rowBrand : ctx.classes.rowNone,
          clickable && ctx.classes.row,
          style ? ctx.classes.virtualRow : ctx.classes.pageRow,
        )}
        style={style}
        onClick={clickable ? activate : undefined}
        onKeyDown={(e: KeyboardEvent) => {
          if (e.target !== e.currentTarget) return;
          if (e.key === 'Enter' && onRowClick) onRowClick(item);
          else if (e.key === ' ' && selectable) {
            e.preventDefault();
            toggle(row);
          }
        }}
      >
        {selectable ? (
          <SelectionCell
            key={row.id}
            role="gridcell"
            type={selectable === 'multiselect' ? 'checkbox' : 'radio'}
            checked={!!selected}
            checkboxIndicator={{ 'aria-label': 'Select row' }}
            radioIndicator={{ 'aria-label': 'Select row' }}
            onClick={(e) => {
              e.stopPropagation();
              toggle(row);
            }}
          />
        ) : null}
        {ctx.cols.map((c, i) => (
          <div
            key={c.key}
            role="gridcell"
            tabIndex={0}
            className={ctx.classes.cell}
            style={ctx.widths[i]}
            onClick={c.stopRowClick ? stopClick : undefined}
          >
            {/* one span, not TableCellLayout's three elements: a keystroke renders a whole page of cells. What a
                column renders belongs to the row's record: another record in this row gets it anew (no state carried
                from one record to another) unless the column says it holds none; a plain text only changes. */}
            <span className={ctx.classes.text}>
              {!c.render ? (
                cellText(valueOf(c, item))
              ) : c.stateless ? (
                c.render(item)
              ) : (
                <Fragment key={row.id}>{c.render(item)}</Fragment>
              )}
            </span>
          </div>
        ))}
        {ctx.hasActions ? (
          <div role="gridcell" className={ctx.classes.cell} style={ACTIONS_STYLE} onClick={stopClick}>
            <div className={ctx.classes.actions} key={row.id}>
              {ctx.actionsOf(item)}
            </div>
          </div>
        ) : null}
      </div>
    );
  },
  (a, b) =>
    a.row === b.row &&
    a.index === b.index &&
    a.selected === b.selected &&
    a.ctx === b.ctx &&
    a.style?.transform === b.style?.transform,
) as <T>(props: {
  row: GridRow<T>;
  index: number;
  selected: boolean | undefined;
  ctx: RowContext<T>;
  style?: CSSProperties;
}) => ReactElement;

/** The search box: its own state, so a keystroke re-renders the box and the grid's rows, not the whole screen. */
function GridSearch({ placeholder, onChange }: { placeholder: string; onChange: (text: string) => void }) {
  const s = useStyles();
  const [value, setValue] = useState('');
  return (
    <SearchBox
      className={s.search}
      placeholder={placeholder}
      aria-label={placeholder}
      value={value}
      onChange={(_, d) => {
        setValue(d.value);
        onChange(d.value);
      }}
    />
  );
}

/**
 * The portal's grid: a model on Fluent's useTableFeatures (search that ignores case and accents, header filters on the
 * columns' distinct values, sort by value, paging, row selection) rendered with Fluent's table parts in
 * `role="grid"`, virtual rows (TanStack Virtual) for thousands of rows, and a server-paged infinite mode.
 * Also: row click, toolbar add, popup edit form, delete with confirmation, read-only rows, row actions,
 * a mobile column set, empty text and loading.
 */
export function PortalDataGrid<T>(props: PortalDataGridProps<T>) {
  const {
    ariaLabel,
    rows,
    columns,
    getRowId,
    loading,
    emptyText = 'No data',
    showHeader = true,
    search,
    searchPlaceholder,
    onSearchChange,
    defaultSort,
    mobileColumns,
    mobileSort,
    pageSize,
    pageSizes,
    virtualized,
    height = 480,
    infinite,
    selectable,
    selectedIds,
    onSelectionChange,
    onRowClick,
    readOnly,
    isRowReadOnly,
    onAdd,
    addLabel = 'Add',
    editForm,
    onEdit,
    onDelete,
    deleteConfirmText = 'Are you sure you want to delete this row?',
    toolbar,
    rowActions,
    stacked: stackedProp,
  } = props;
  const s = useStyles();
  const mobile = useIsMobile();
  const server = !!infinite;
  const virtual = !!virtualized || server;
  const stacked = !!stackedProp && !virtual && !selectable && !onRowClick;

  const [query, setQuery] = useState('');
  // the rows a page paints at once: FIRST_PAINT_ROWS (a screen's worth) at first, then those the window shows when
  // a keystroke measures it; the rest of the page a frame later
  const [firstRows, setFirstRows] = useState(FIRST_PAINT_ROWS);
  const bodyRef = useRef<HTMLDivElement>(null);
  const [filters, setFilters] = useState<Record<string, ReadonlySet<string> | undefined>>({});
  const [userSort, setUserSort] = useState<SortState | undefined>(undefined);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(pageSize ?? 0);
  const [editing, setEditing] = useState<{ row: T | undefined } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  const sort = server ? undefined : (userSort ?? (mobile && mobileSort ? mobileSort : defaultSort));
  const paged = !virtual && size > 0;
  const debouncedSearch = useDebouncedCallback(onSearchChange, SEARCH_DEBOUNCE_MS);
  // A keystroke shows its rows at once: the search box and the first screen of filtered rows render together, in
  // the keystroke's own task (filtering the sorted rows by their prepared search text costs a millisecond or two at
  // 5,000 rows), and the rest of the page follows a frame later (see `partial` below)
  const onQuery = (text: string) => {
    toTop();
    if (onSearchChange) debouncedSearch(text);
    if (!server) {
      setQuery(text);
      setPage(0);
      setFirstRows(rowsInWindow(bodyRef.current));
    }
  };

  const model = useGridModel({
    rows,
    columns,
    getRowId,
    query,
    filters,
    sort,
    pageSize: paged ? size : 0,
    pageIndex: page,
    server,
    selectable,
    selectedIds,
    onSelectionChange,
  });
  const { optionsOf } = model;
  const filteredCount = server ? (rows?.length ?? 0) : model.rows.length;
  const win = pageWindow(filteredCount, page, size || 1);
  const current = paged ? win.page : 0;
  if (paged && current !== page) setPage(current); // the page count shrank (filter, new rows)
  const modelRows = model.pageRows;

  // A page's first paint, and the first paint of each new search result: its first rows (a page's first paint:
  // FIRST_PAINT_ROWS, a screen's worth; a search result: those the window shows), the rest a frame later, in a
  // transition (a keystroke in between renders its own rows first). Meanwhile the rows below the window keep what they
  // showed, untouched: nobody sees them, and they change a frame later instead of being removed now and made again
  // then. (Hiding them cost more than it saved: a class on the body restyled every row element of the page.)
  const [fullFor, setFullFor] = useState<string | null>(null);
  const first = firstRows;
  const partial = paged && fullFor !== query && modelRows.length > first;
  useEffect(() => {
    if (!partial) return;
    const done = () => startTransition(() => setFullFor(query));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame =
      typeof requestAnimationFrame === 'function'
        ? requestAnimationFrame(() => (timer = setTimeout(done, 0)))
        : ((timer = setTimeout(done, 0)), 0);
    return () => {
      if (frame && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [partial, query]);
  const bodyRows = partial ? modelRows.slice(0, first) : modelRows;
  // the rows the body shows (as committed): the rest of a partial page keeps them below the window
  const shownRows = useRef<GridRow<T>[]>(EMPTY);
  const staleRest = partial ? shownRows.current.slice(first) : EMPTY;
  useEffect(() => {
    shownRows.current = staleRest.length ? bodyRows.concat(staleRest) : bodyRows;
  });

  const visibleCols = useMemo(
    () =>
      columns.filter((c) =>
        mobile ? (mobileColumns ? mobileColumns.includes(c.key) : !c.hideOnMobile) : true,
      ),
    [columns, mobile, mobileColumns],
  );
  const editable = !readOnly && !!(editForm || onEdit || onDelete);
  const hasActions = editable || !!rowActions;
  const headerRows = showHeader ? 1 : 0;
  const rowCount = (server ? infinite!.total : filteredCount) + headerRows;
  const firstIndex = paged ? current * size : 0;

  // ---- virtual rows
  const viewportRef = useRef<HTMLDivElement>(null);
  const loaderRow = server && infinite!.hasNextPage;
  const [lastVirtual, setLastVirtual] = useState(-1);
  // the virtual rows' and selection cells' code loads while the grid still waits for its rows: when they arrive
  // the grid shows them at once instead of a moment's empty body
  useEffect(() => {
    if (virtual) VirtualBody.preload().catch(() => undefined);
    if (selectable) SelectionCell.preload().catch(() => undefined);
  }, [virtual, selectable]);
  const wantMore =
    server &&
    infinite!.hasNextPage &&
    !infinite!.isFetchingNextPage &&
    lastVirtual >= modelRows.length - FETCH_AHEAD;
  const fetchNextPage = infinite?.fetchNextPage;
  // one request per `rows` (the pages loaded so far): a re-render before the caller reports
  // isFetchingNextPage, or a failed page, does not ask again for the same rows
  const requestedFor = useRef<T[] | undefined>(undefined);
  useEffect(() => {
    if (!wantMore || requestedFor.current === rows) return;
    requestedFor.current = rows;
    fetchNextPage?.();
  }, [wantMore, fetchNextPage, rows]);
  const toTop = useCallback(() => {
    if (viewportRef.current) viewportRef.current.scrollTop = 0;
  }, []);

  // ---- keyboard: rows focusable, arrows move between rows and into cells (Fluent's composite navigation)
  const { onTableKeyDown, tableTabsterAttribute, tableRowTabsterAttribute } = useTableCompositeNavigation();
  // a row that opens something keeps Enter for itself: Tabster's row group would otherwise take it (move focus
  // into the row's cells) before the row sees it
  const rowTabsterAttribute = useMemo(
    () => (onRowClick ? ignoreEnter(tableRowTabsterAttribute) : tableRowTabsterAttribute),
    [onRowClick, tableRowTabsterAttribute],
  );

  const setFilter = useCallback((key: string, sel: ReadonlySet<string> | undefined) => {
    startTransition(() => {
      setFilters((f) => ({ ...f, [key]: sel }));
      setPage(0);
    });
  }, []);

  // "select all" selects the rows the search and filters leave (every page), not hidden ones
  const selectableRows = selectable === 'multiselect' ? model.rows : EMPTY;
  const allSelected = selectableRows.length > 0 && selectableRows.every((r) => model.isSelected(r));
  const someSelected = !allSelected && selectableRows.some((r) => model.isSelected(r));
  const toggleAll = useEventCallback(() => model.toggleAll(selectableRows));
  // the header renders again when its sort, filters, options or selection change — not on a keystroke
  const header = useMemo(() => {
    if (!showHeader) return null;
    const toggleSort = (key: string) =>
      setUserSort({ key, direction: sort?.key === key && sort.direction === 'asc' ? 'desc' : 'asc' });
    const headerFilter = (c: PortalColumn<T>) => {
      if (c.serverFilter) {
        const sf = c.serverFilter;
        return (
          <HeaderFilter
            title={c.title}
            getOptions={() => sf.options}
            selected={sf.selected ? new Set(sf.selected) : undefined}
            onChange={(sel) => {
              toTop();
              sf.onChange(sel ? [...sel] : undefined);
            }}
          />
        );
      }
      if (server || !isFilterable(c)) return null;
      return (
        <HeaderFilter
          title={c.title}
          getOptions={optionsOf(c)}
          selected={filters[c.key]}
          onChange={(sel) => {
            toTop();
            setFilter(c.key, sel);
          }}
        />
      );
    };
    return (
      <TableHeader className={virtual ? s.stickyHeader : undefined}>
        <TableRow aria-rowindex={1}>
          {selectable ? (
            <SelectionCell
              role="columnheader"
              type={selectable === 'multiselect' ? 'checkbox' : 'radio'}
              invisible={selectable === 'single'}
              checked={allSelected ? true : someSelected ? 'mixed' : false}
              checkboxIndicator={{ 'aria-label': 'Select all rows' }}
              onClick={toggleAll}
            />
          ) : null}
          {visibleCols.map((c) => {
            const sortable = !server && isSortable(c);
            const dir = sort?.key === c.key ? sort.direction : undefined;
            return (
              <TableHeaderCell
                key={c.key}
                style={widthStyle(c.width)}
                aria-sort={
                  sortable
                    ? dir === 'asc'
                      ? 'ascending'
                      : dir === 'desc'
                        ? 'descending'
                        : 'none'
                    : undefined
                }
              >
                <div className={s.headerCell}>
                  {sortable ? (
                    <Button
                      appearance="transparent"
                      size="small"
                      className={s.headerTitle}
                      icon={
                        dir === 'asc' ? (
                          <ArrowSortUpRegular />
                        ) : dir === 'desc' ? (
                          <ArrowSortDownRegular />
                        ) : undefined
                      }
                      iconPosition="after"
                      onClick={() => toggleSort(c.key)}
                    >
                      {c.title}
                    </Button>
                  ) : (
                    <span className={s.headerTitle}>{c.title}</span>
                  )}
                  {c.title ? headerFilter(c) : null}
                </div>
              </TableHeaderCell>
            );
          })}
          {hasActions ? <TableHeaderCell style={ACTIONS_STYLE} aria-label="Actions" /> : null}
        </TableRow>
      </TableHeader>
    );
  }, [
    showHeader,
    s,
    virtual,
    selectable,
    allSelected,
    someSelected,
    toggleAll,
    visibleCols,
    server,
    sort,
    filters,
    optionsOf,
    setFilter,
    toTop,
    hasActions,
  ]);

  /** A row's own actions, then edit and delete where the row may change. */
  const actionsOf = useCallback(
    (item: T) => {
      const rowEditable = !readOnly && !(isRowReadOnly?.(item) ?? false);
      return (
        <>
          {rowActions?.(item)}
          {rowEditable && (editForm || onEdit) ? (
            <Hint content="Edit" relationship="label">
              <Button
                appearance="subtle"
                size="small"
                icon={<EditRegular />}
                onClick={() => (onEdit ? onEdit(item) : setEditing({ row: item }))}
              />
            </Hint>
          ) : null}
          {rowEditable && onDelete ? (
            <Hint content="Delete" relationship="label">
              <Button
                appearance="subtle"
                size="small"
                icon={<DeleteRegular />}
                onClick={() => setDeleting(item)}
              />
            </Hint>
          ) : null}
        </>
      );
    },
    [rowActions, readOnly, isRowReadOnly, editForm, onEdit, onDelete],
  );
  const { toggle } = model;
  const cellClassName = useCellClassName();
  const rowClassNames = useRowClassNames();
  const rowContext = useMemo<RowContext<T>>(
    () => ({
      cols: visibleCols,
      widths: visibleCols.map((c) => widthStyle(c.width)),
      headerRows,
      selectable,
      hasActions,
      tabster: rowTabsterAttribute,
      onRowClick,
      toggle,
      actionsOf,
      classes: {
        row: s.row,
        rowNone: rowClassNames.none,
        rowBrand: rowClassNames.brand,
        virtualRow: s.virtualRow,
        pageRow: s.pageRow,
        cell: cellClassName,
        text: virtual ? s.truncate : s.cellText,
        actions: s.actions,
      },
    }),
    [
      visibleCols,
      headerRows,
      selectable,
      hasActions,
      rowTabsterAttribute,
      onRowClick,
      toggle,
      actionsOf,
      s,
      cellClassName,
      rowClassNames.none,
      rowClassNames.brand,
      virtual,
    ],
  );
  const renderRow = (
    row: GridRow<T>,
    index: number,
    style?: CSSProperties,
    key: string | number = row.id,
  ) => (
    <GridRowView<T>
      key={key}
      row={row}
      index={index}
      selected={selectable ? model.isSelected(row) : undefined}
      ctx={rowContext}
      style={style}
    />
  );

  const body = virtual ? (
    <Suspense fallback={<TableBody className={s.body} style={{ height }} />}>
      <VirtualBody
        scrollRef={viewportRef}
        height={height}
        count={modelRows.length + (loaderRow ? 1 : 0)}
        getItemKey={(i) => modelRows[i]?.id ?? '__more'}
        onLastIndex={setLastVirtual}
        className={s.body}
        renderItem={(index, style) => {
          const row = modelRows[index];
          if (row) return renderRow(row, index, style);
          return (
            <TableRow
              key="__more"
              aria-rowindex={index + 1 + headerRows}
              className={s.virtualRow}
              style={style}
            >
              <TableCell role="gridcell" className={s.loaderCell}>
                <Spinner size="tiny" label="Loading more rows..." />
              </TableCell>
            </TableRow>
          );
        }}
      />
    </Suspense>
  ) : (
    // a page's rows keep their places: the n-th row element (with its keyboard navigation parts, Tabster's group and
    // mover, and its cells) stays when a keystroke, a filter, a sort or another page brings other records, and only
    // what its cells show changes
    <TableBody ref={bodyRef}>
      {/* one list: the rest below the window keeps its rows' keys (their places) */}
      {(staleRest.length ? bodyRows.concat(staleRest) : bodyRows).map((row, i) =>
        renderRow(row, firstIndex + i, undefined, i),
      )}
    </TableBody>
  );

  const grid = (
    <Table
      noNativeElements
      role="grid"
      aria-label={ariaLabel}
      aria-rowcount={rowCount}
      aria-multiselectable={selectable === 'multiselect' ? true : undefined}
      {...tableTabsterAttribute}
      onKeyDown={onTableKeyDown}
    >
      {header}
      {body}
    </Table>
  );

  // stacked: a list of cards, each value under its column's title (empty ones left out), the row's actions below
  const cards =
    stacked && bodyRows.length > 0 ? (
      <ul className={s.stack} aria-label={ariaLabel}>
        {bodyRows.map((row) => {
          const item = row.original.row;
          return (
            <li key={row.id} className={s.card}>
              <dl className={s.cardFields}>
                {visibleCols.map((c) => {
                  const text = c.render ? undefined : cellText(valueOf(c, item));
                  // an empty value is left out: the card stays short
                  if (text === '') return null;
                  return (
                    <div key={c.key}>
                      {c.title ? <dt className={s.cardTitle}>{c.title}</dt> : null}
                      <dd className={s.cardValue}>{c.render ? c.render(item) : text}</dd>
                    </div>
                  );
                })}
              </dl>
              {hasActions ? <div className={s.cardActions}>{actionsOf(item)}</div> : null}
            </li>
          );
        })}
      </ul>
    ) : null;

  const table = stacked ? (
    cards
  ) : virtual ? (
    <div ref={viewportRef} className={s.viewport} style={{ height }} data-testid="grid-viewport">
      {grid}
    </div>
  ) : (
    <div className={s.scroller}>{grid}</div>
  );

  const showAdd = !readOnly && !!(onAdd || editForm);
  const isEmpty = !loading && (server ? (rows?.length ?? 0) === 0 : filteredCount === 0);
  return (
    <div className={s.root}>
      {search || toolbar || showAdd ? (
        <div className={s.toolbar}>
          {showAdd ? (
            <Button icon={<AddRegular />} onClick={() => (onAdd ? onAdd() : setEditing({ row: undefined }))}>
              {addLabel}
            </Button>
          ) : null}
          {toolbar}
          <span className={s.spacer} />
          {search ? <GridSearch placeholder={searchPlaceholder ?? 'Search'} onChange={onQuery} /> : null}
        </div>
      ) : null}
      {loading && !rows ? (
        <Spinner label="Loading..." />
      ) : selectable ? (
        // the selection cells' chunk: its first load shows the spinner, not a table without them
        <Suspense fallback={<Spinner label="Loading..." />}>{table}</Suspense>
      ) : (
        table
      )}
      {isEmpty ? <div className={s.empty}>{emptyText}</div> : null}
      {paged && filteredCount > 0 ? (
        <nav className={s.pager} aria-label={`${ariaLabel} pages`}>
          {pageSizes && pageSizes.length > 1 ? (
            <Select
              aria-label="Rows per page"
              className={s.pageSize}
              value={String(size)}
              onChange={(_, d) => {
                setSize(Number(d.value));
                setPage(0);
              }}
            >
              {pageSizes.map((n) => (
                <option key={n} value={String(n)}>
                  {String(n)}
                </option>
              ))}
            </Select>
          ) : null}
          <Text>
            {win.first}–{win.last} of {filteredCount}
          </Text>
          <Button
            appearance="subtle"
            icon={<ChevronLeftRegular />}
            aria-label="Previous page"
            disabled={current === 0}
            onClick={() => setPage(current - 1)}
          />
          <Text aria-live="polite">
            Page {current + 1} of {win.pages}
          </Text>
          <Button
            appearance="subtle"
            icon={<ChevronRightRegular />}
            aria-label="Next page"
            disabled={current >= win.pages - 1}
            onClick={() => setPage(current + 1)}
          />
        </nav>
      ) : null}
      {editForm && editing ? (
        <Suspense fallback={null}>
          <FormDialog<T>
            title={editForm.title}
            fields={editForm.fields}
            initial={(editing.row ?? (editForm.newRow?.() as T) ?? ({} as T)) as T}
            onCancel={() => setEditing(null)}
            onSave={async (values) => {
              // Row updates merge the old row data with the changes before sending (spec 000 §2.6, §5).
              const merged = (editing.row ? { ...editing.row, ...values } : values) as T;
              await editForm.onSave(merged, editing.row);
              setEditing(null);
            }}
          />
        </Suspense>
      ) : null}
      {deleting !== null ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            title="Delete"
            busy={busy}
            onCancel={() => setDeleting(null)}
            onConfirm={async () => {
              if (!onDelete) return;
              setBusy(true);
              try {
                await onDelete(deleting);
                setDeleting(null);
              } finally {
                setBusy(false);
              }
            }}
          >
            {deleteConfirmText}
          </ConfirmDialog>
        </Suspense>
      ) : null}
    </div>
  );
}
