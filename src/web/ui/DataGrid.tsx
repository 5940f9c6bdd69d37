import { useEffect, useMemo, useState, type ReactNode, type KeyboardEvent } from 'react';
import {
  Button,
  Checkbox,
  DataGrid,
  DataGridBody,
  DataGridCell,
  DataGridHeader,
  DataGridHeaderCell,
  DataGridRow,
  Dropdown,
  Option,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  SearchBox,
  Spinner,
  Text,
  Tooltip,
  createTableColumn,
  makeStyles,
  tokens,
  type TableColumnDefinition,
} from '@fluentui/react-components';
import {
  ArrowSortDownRegular,
  ArrowSortUpRegular,
  AddRegular,
  DeleteRegular,
  EditRegular,
  FilterRegular,
  FilterFilled,
  ChevronLeftRegular,
  ChevronRightRegular,
} from '@fluentui/react-icons';
import { SEARCH_PANEL_WIDTH_PX } from '@domain/constants';
import { useIsMobile } from './useIsMobile';
import { ConfirmDialog } from './ConfirmDialog';
import { FormDialog, type FormField } from './FormDialog';

export type CellValue = string | number | boolean | null | undefined;

export interface PortalColumn<T> {
  key: string;
  title: string;
  /** Value for search, header filter and sort (default `row[key]`). */
  value?: (row: T) => CellValue;
  render?: (row: T) => ReactNode;
  width?: number;
  sortable?: boolean;
  filterable?: boolean;
  hideOnMobile?: boolean;
  /** Clicks inside this cell do not trigger onRowClick (button columns). */
  stopRowClick?: boolean;
}

export interface PortalDataGridProps<T> {
  ariaLabel: string;
  rows: T[] | undefined;
  columns: PortalColumn<T>[];
  getRowId: (row: T) => string | number;
  loading?: boolean;
  emptyText?: string;
  showHeader?: boolean;
  search?: boolean;
  searchPlaceholder?: string;
  defaultSort?: { key: string; direction: 'asc' | 'desc' };
  mobileColumns?: string[];
  mobileSort?: { key: string; direction: 'asc' | 'desc' };
  pageSize?: number;
  pageSizes?: number[];
  virtualized?: boolean;
  height?: number;
  onRowClick?: (row: T) => void;
  readOnly?: boolean;
  isRowReadOnly?: (row: T) => boolean;
  onAdd?: () => void;
  addLabel?: string;
  editForm?: {
    title: string;
    fields: FormField<T>[];
    onSave: (values: T, original: T | undefined) => Promise<void>;
    newRow?: () => Partial<T>;
  };
  onEdit?: (row: T) => void;
  onDelete?: (row: T) => Promise<void>;
  deleteConfirmText?: string;
  toolbar?: ReactNode;
  rowActions?: (row: T) => ReactNode;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  spacer: { flexGrow: 1 },
  search: { width: `${SEARCH_PANEL_WIDTH_PX}px`, maxWidth: '100%' },
  headerCell: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, width: '100%' },
  headerTitle: {
    fontWeight: tokens.fontWeightSemibold,
    textTransform: 'uppercase',
    fontSize: tokens.fontSizeBase200,
  },
  filterList: {
    display: 'flex',
    flexDirection: 'column',
    maxHeight: '240px',
    overflowY: 'auto',
    minWidth: '200px',
  },
  row: { cursor: 'pointer' },
  rowStatic: {},
  empty: { padding: tokens.spacingVerticalL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
  pager: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'flex-end',
    gap: tokens.spacingHorizontalS,
    flexWrap: 'wrap',
  },
  viewport: { overflowY: 'auto', position: 'relative' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
});

const valueOf = <T,>(col: PortalColumn<T>, row: T): CellValue =>
  col.value ? col.value(row) : ((row as Record<string, unknown>)[col.key] as CellValue);
const text = (v: CellValue) =>
  v === null || v === undefined ? '' : typeof v === 'boolean' ? (v ? 'Yes' : 'No') : String(v);

function compare(a: CellValue, b: CellValue): number {
  if (a === b) return 0;
  if (a === null || a === undefined || a === '') return 1;
  if (b === null || b === undefined || b === '') return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}

function HeaderFilter({
  title,
  values,
  selected,
  onChange,
}: {
  title: string;
  values: string[];
  selected: Set<string> | undefined;
  onChange: (s: Set<string> | undefined) => void;
}) {
  const s = useStyles();
  const [q, setQ] = useState('');
  const shown = values.filter((v) => v.toLowerCase().includes(q.toLowerCase()));
  const active = !!selected;
  return (
    <Popover trapFocus>
      <PopoverTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          size="small"
          icon={active ? <FilterFilled /> : <FilterRegular />}
          aria-label={`Filter ${title || 'column'}`}
          aria-pressed={active}
          onClick={(e) => e.stopPropagation()}
          onKeyDown={(e) => e.stopPropagation()}
        />
      </PopoverTrigger>
      <PopoverSurface aria-label={`Filter ${title || 'column'}`}>
        <div className={s.filterList} onClick={(e) => e.stopPropagation()}>
          <SearchBox
            size="small"
            placeholder="Search"
            aria-label={`Search ${title} values`}
            value={q}
            onChange={(_, d) => setQ(d.value)}
          />
          <Checkbox
            label="(Select all)"
            checked={!selected ? true : selected.size === 0 ? false : 'mixed'}
            onChange={(_, d) => onChange(d.checked ? undefined : new Set())}
          />
          {shown.map((v) => (
            <Checkbox
              key={v}
              label={v === '' ? '(Blanks)' : v}
              checked={!selected || selected.has(v)}
              onChange={(_, d) => {
                const next = new Set(selected ?? values);
                if (d.checked) next.add(v);
                else next.delete(v);
                onChange(next.size === values.length ? undefined : next);
              }}
            />
          ))}
        </div>
      </PopoverSurface>
    </Popover>
  );
}

/**
 * The portal's grid on Fluent's DataGrid: search panel, header filter per column (distinct values),
 * sort, paging with a page size, row click, toolbar add, popup edit form, delete with confirmation,
 * read-only rows, empty text, loading, a mobile column set, and a virtualised mode for thousands of rows.
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
    defaultSort,
    mobileColumns,
    mobileSort,
    pageSize,
    pageSizes,
    virtualized,
    height = 480,
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
  } = props;
  const s = useStyles();
  const mobile = useIsMobile();
  const [query, setQuery] = useState('');
  const [filters, setFilters] = useState<Record<string, Set<string> | undefined>>({});
  const [sort, setSort] = useState<{ key: string; direction: 'asc' | 'desc' } | undefined>(defaultSort);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(pageSize ?? 0);
  const [editing, setEditing] = useState<{ row: T | undefined } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  const effectiveSort = mobile && mobileSort ? mobileSort : sort;
  const visibleCols = useMemo(
    () =>
      columns.filter((c) =>
        mobile ? (mobileColumns ? mobileColumns.includes(c.key) : !c.hideOnMobile) : true,
      ),
    [columns, mobile, mobileColumns],
  );
  const editable = !readOnly && (editForm || onEdit || onDelete);
  const rowEditable = (r: T) => !readOnly && !(isRowReadOnly?.(r) ?? false);

  const distinct = useMemo(() => {
    const out: Record<string, string[]> = {};
    for (const c of columns) {
      if (c.filterable === false || !c.title) continue;
      const set = new Set<string>();
      for (const r of rows ?? []) set.add(text(valueOf(c, r)));
      out[c.key] = [...set].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
    }
    return out;
  }, [rows, columns]);

  const processed = useMemo(() => {
    let list = rows ?? [];
    const q = query.trim().toLowerCase();
    if (q)
      list = list.filter((r) =>
        columns.some((c) => c.title && text(valueOf(c, r)).toLowerCase().includes(q)),
      );
    for (const [key, sel] of Object.entries(filters)) {
      if (!sel) continue;
      const col = columns.find((c) => c.key === key);
      if (col) list = list.filter((r) => sel.has(text(valueOf(col, r))));
    }
    if (effectiveSort) {
      const col = columns.find((c) => c.key === effectiveSort.key);
      if (col) {
        const dir = effectiveSort.direction === 'asc' ? 1 : -1;
        list = [...list].sort((a, b) => dir * compare(valueOf(col, a), valueOf(col, b)));
      }
    }
    return list;
  }, [rows, columns, query, filters, effectiveSort]);

  useEffect(() => setPage(0), [query, filters, size]);
  const pages = size > 0 && !virtualized ? Math.max(1, Math.ceil(processed.length / size)) : 1;
  const current = Math.min(page, pages - 1);
  const pageRows =
    size > 0 && !virtualized ? processed.slice(current * size, current * size + size) : processed;

  // virtual window: fixed row height, only the rows in view (plus overscan) are rendered
  const ROW_HEIGHT = 44;
  const OVERSCAN = 10;
  const [scrollTop, setScrollTop] = useState(0);
  const first = virtualized ? Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN) : 0;
  const last = virtualized
    ? Math.min(pageRows.length, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN)
    : pageRows.length;
  const shownRows = virtualized ? pageRows.slice(first, last) : pageRows;
  const padTop = virtualized ? first * ROW_HEIGHT : 0;
  const padBottom = virtualized ? (pageRows.length - last) * ROW_HEIGHT : 0;

  const toggleSort = (key: string) =>
    setSort((cur) => ({ key, direction: cur?.key === key && cur.direction === 'asc' ? 'desc' : 'asc' }));
  const sortIcon = (key: string) =>
    effectiveSort?.key === key ? (
      effectiveSort.direction === 'asc' ? (
        <ArrowSortUpRegular />
      ) : (
        <ArrowSortDownRegular />
      )
    ) : undefined;

  const gridColumns: TableColumnDefinition<T>[] = useMemo(() => {
    const defs = visibleCols.map((c) =>
      createTableColumn<T>({
        columnId: c.key,
        renderHeaderCell: () => (
          <div className={s.headerCell}>
            {c.title && c.sortable !== false ? (
              <Button
                appearance="transparent"
                size="small"
                className={s.headerTitle}
                icon={sortIcon(c.key)}
                iconPosition="after"
                onClick={() => toggleSort(c.key)}
              >
                {c.title}
              </Button>
            ) : (
              <span className={s.headerTitle}>{c.title}</span>
            )}
            {c.title && c.filterable !== false && distinct[c.key] ? (
              <HeaderFilter
                title={c.title}
                values={distinct[c.key]!}
                selected={filters[c.key]}
                onChange={(sel) => setFilters((f) => ({ ...f, [c.key]: sel }))}
              />
            ) : null}
          </div>
        ),
        renderCell: (row) => (c.render ? c.render(row) : text(valueOf(c, row))),
      }),
    );
    if (editable || rowActions) {
      defs.push(
        createTableColumn<T>({
          columnId: '__actions',
          renderHeaderCell: () => <span className={s.headerTitle}>{''}</span>,
          renderCell: (row) => (
            <div className={s.actions}>
              {rowActions?.(row)}
              {rowEditable(row) && (editForm || onEdit) ? (
                <Tooltip content="Edit" relationship="label">
                  <Button
                    appearance="subtle"
                    size="small"
                    icon={<EditRegular />}
                    onClick={() => (onEdit ? onEdit(row) : setEditing({ row }))}
                  />
                </Tooltip>
              ) : null}
              {rowEditable(row) && onDelete ? (
                <Tooltip content="Delete" relationship="label">
                  <Button
                    appearance="subtle"
                    size="small"
                    icon={<DeleteRegular />}
                    onClick={() => setDeleting(row)}
                  />
                </Tooltip>
              ) : null}
            </div>
          ),
        }),
      );
    }
    return defs;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visibleCols, distinct, filters, editable, rowActions, readOnly, isRowReadOnly, effectiveSort]);

  const columnSizing = Object.fromEntries(
    visibleCols
      .filter((c) => c.width)
      .map((c) => [c.key, { idealWidth: c.width!, minWidth: Math.min(c.width!, 60) }]),
  );
  const stopKeys = new Set(
    visibleCols
      .filter((c) => c.stopRowClick)
      .map((c) => c.key)
      .concat('__actions'),
  );

  const grid = (
    <DataGrid
      items={shownRows}
      columns={gridColumns}
      getRowId={(r) => getRowId(r as T)}
      resizableColumns={Object.keys(columnSizing).length > 0}
      columnSizingOptions={columnSizing}
      aria-label={ariaLabel}
      aria-rowcount={processed.length + 1}
      focusMode="composite"
    >
      {showHeader ? (
        <DataGridHeader>
          <DataGridRow>
            {({ renderHeaderCell, columnId }) => (
              <DataGridHeaderCell
                aria-sort={
                  effectiveSort?.key === columnId
                    ? effectiveSort.direction === 'asc'
                      ? 'ascending'
                      : 'descending'
                    : undefined
                }
              >
                {renderHeaderCell()}
              </DataGridHeaderCell>
            )}
          </DataGridRow>
        </DataGridHeader>
      ) : null}
      <DataGridBody<T>>
        {({ item, rowId }) => (
          <DataGridRow<T>
            key={rowId}
            className={onRowClick ? s.row : s.rowStatic}
            onClick={onRowClick ? () => onRowClick(item) : undefined}
            onKeyDown={
              onRowClick
                ? (e: KeyboardEvent) => e.key === 'Enter' && e.target === e.currentTarget && onRowClick(item)
                : undefined
            }
          >
            {({ renderCell, columnId }) => (
              <DataGridCell onClick={stopKeys.has(String(columnId)) ? (e) => e.stopPropagation() : undefined}>
                {renderCell(item)}
              </DataGridCell>
            )}
          </DataGridRow>
        )}
      </DataGridBody>
    </DataGrid>
  );

  return (
    <div className={s.root}>
      {(search || toolbar || (!readOnly && (onAdd || editForm))) && (
        <div className={s.toolbar}>
          {!readOnly && (onAdd || editForm) ? (
            <Button icon={<AddRegular />} onClick={() => (onAdd ? onAdd() : setEditing({ row: undefined }))}>
              {addLabel}
            </Button>
          ) : null}
          {toolbar}
          <span className={s.spacer} />
          {search ? (
            <SearchBox
              className={s.search}
              placeholder={searchPlaceholder ?? 'Search'}
              aria-label={searchPlaceholder ?? 'Search'}
              value={query}
              onChange={(_, d) => setQuery(d.value)}
            />
          ) : null}
        </div>
      )}
      {loading && !rows ? (
        <Spinner label="Loading..." />
      ) : virtualized ? (
        <div
          className={s.viewport}
          style={{ height }}
          data-testid="grid-viewport"
          onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        >
          <div style={{ height: padTop }} aria-hidden="true" />
          {grid}
          <div style={{ height: padBottom }} aria-hidden="true" />
        </div>
      ) : (
        grid
      )}
      {!loading && processed.length === 0 ? <div className={s.empty}>{emptyText}</div> : null}
      {size > 0 && !virtualized && processed.length > 0 ? (
        <nav className={s.pager} aria-label={`${ariaLabel} pages`}>
          {pageSizes && pageSizes.length > 1 ? (
            <Dropdown
              aria-label="Rows per page"
              value={String(size)}
              selectedOptions={[String(size)]}
              onOptionSelect={(_, d) => setSize(Number(d.optionValue))}
              style={{ minWidth: 90 }}
            >
              {pageSizes.map((n) => (
                <Option key={n} value={String(n)}>
                  {String(n)}
                </Option>
              ))}
            </Dropdown>
          ) : null}
          <Text>
            {current * size + 1}–{Math.min(processed.length, current * size + size)} of {processed.length}
          </Text>
          <Button
            appearance="subtle"
            icon={<ChevronLeftRegular />}
            aria-label="Previous page"
            disabled={current === 0}
            onClick={() => setPage(current - 1)}
          />
          <Text aria-live="polite">
            Page {current + 1} of {pages}
          </Text>
          <Button
            appearance="subtle"
            icon={<ChevronRightRegular />}
            aria-label="Next page"
            disabled={current >= pages - 1}
            onClick={() => setPage(current + 1)}
          />
        </nav>
      ) : null}
      {editForm && editing ? (
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
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete"
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting || !onDelete) return;
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
    </div>
  );
}
