import type { ReactNode } from 'react';
import type { FormField } from '../FormDialog';
import type { CellValue, FilterOption, SortValue } from './model';

export type { CellValue, SortValue, FilterOption };
export type SortState = { key: string; direction: 'asc' | 'desc' };

/** A filter whose values the server applies (infinite mode): the caller owns the choice. */
export interface ServerFilter {
  options: FilterOption[];
  /** The chosen option values; undefined = every value. */
  selected: string[] | undefined;
  onChange: (selected: string[] | undefined) => void;
}

export interface PortalColumn<T> {
  key: string;
  title: string;
  /** Value for search, header filter and the cell's text (default `row[key]`). */
  value?: (row: T) => CellValue;
  /** Value the column sorts by (default its `value`): e.g. the status id behind a status name. */
  sortValue?: (row: T) => SortValue;
  render?: (row: T) => ReactNode;
  /**
   * What `render` shows keeps no state of its own beyond what it shows (an icon, an avatar, a button, a text): when a
   * row of the grid shows another record (a keystroke, a sort, another page) the cell is rendered again, not made
   * anew — cheaper. Unset (the default), the cell is made anew for each record, so that nothing held inside it (a
   * field's text, an open menu) ever passes from one record to another.
   */
  stateless?: boolean;
  width?: number;
  sortable?: boolean;
  filterable?: boolean;
  /** Whether the search box looks in this column (default: columns with a title). */
  searchable?: boolean;
  hideOnMobile?: boolean;
  /** Clicks inside this cell do not trigger onRowClick (button columns). */
  stopRowClick?: boolean;
  /** Infinite mode: the header filter's options, applied by the server. */
  serverFilter?: ServerFilter;
}

/** Server-paged rows loaded page by page as the person scrolls (virtual rows). */
export interface InfiniteRows {
  /** Rows on the server for the current search and filters. */
  total: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
}

export type RowId = string | number;

/** The popup form the grid opens to add a row (toolbar) and to edit one (a row's edit button). */
export interface GridEditForm<T> {
  title: string;
  fields: FormField<T>[];
  /** Told the row to save — the old row merged with the form's changes — and the row it edits (none: a new row). */
  onSave: (values: T, original: T | undefined) => Promise<void>;
  /** A new row's first values. */
  newRow?: () => Partial<T>;
}

/** The rows, their columns and what the grid shows around them. */
export interface GridRowsProps<T> {
  /** The grid's accessible name (its pager's is "<ariaLabel> pages"). */
  ariaLabel: string;
  /** Undefined while they load. */
  rows: T[] | undefined;
  columns: PortalColumn<T>[];
  getRowId: (row: T) => RowId;
  /** While true: no empty text, and a spinner instead of the grid as long as `rows` is undefined. */
  loading?: boolean;
  /** Shown when no row is left (no rows, or none the search and filters leave). Default "No data". */
  emptyText?: string;
  /** The header row: titles, sort, header filters, "select all". Default true. */
  showHeader?: boolean;
}

/** The search box at the toolbar's end. */
export interface GridSearchProps {
  search?: boolean;
  /** The box's placeholder and label. Default "Search". */
  searchPlaceholder?: string;
  /** The search text as typed, debounced 300 ms (infinite mode: the server searches). */
  onSearchChange?: (text: string) => void;
}

/** The rows' order and the columns a phone shows (widths up to the mobile breakpoint). */
export interface GridOrderProps {
  /** The order before the person sorts by a header. */
  defaultSort?: SortState;
  /** The columns' keys a phone shows (default: the columns without `hideOnMobile`). */
  mobileColumns?: string[];
  /** The order on a phone before the person sorts (default `defaultSort`). */
  mobileSort?: SortState;
}

/** How many rows show at once: every row, pages, virtual rows or server pages loaded while scrolling. */
export interface GridPagingProps {
  /** Rows per page; unset, every row (no pager). */
  pageSize?: number;
  /** The choices of the pager's "Rows per page" (shown with two or more). */
  pageSizes?: number[];
  /** Only the rows in the scrolling viewport are rendered (thousands of rows). */
  virtualized?: boolean;
  /** The virtual rows' viewport height in pixels. Default 480. */
  height?: number;
  /** Server-paged rows (implies virtual rows; client sort and filtering off). */
  infinite?: InfiniteRows;
}

/** Choosing rows (check boxes or radios) and opening one. */
export interface GridSelectionProps<T> {
  selectable?: 'single' | 'multiselect';
  /** Controlled selection (with onSelectionChange); uncontrolled when absent. */
  selectedIds?: RowId[];
  onSelectionChange?: (ids: RowId[]) => void;
  /** A click (or Enter) on a row. */
  onRowClick?: (row: T) => void;
}

/** Adding, editing and deleting rows: the toolbar's add button, each row's edit and delete buttons, their popups. */
export interface GridEditingProps<T> {
  /** No add, edit or delete at all. */
  readOnly?: boolean;
  /** Rows without edit and delete buttons. */
  isRowReadOnly?: (row: T) => boolean;
  /** The add button (shown with this or `editForm`) calls this instead of opening the popup form. */
  onAdd?: () => void;
  /** Default "Add". */
  addLabel?: string;
  /** The popup form of the add and edit buttons. */
  editForm?: GridEditForm<T>;
  /** An edit button on each row calls this instead of opening the popup form. */
  onEdit?: (row: T) => void;
  /** A delete button on each row, confirmed in a popup before this runs. */
  onDelete?: (row: T) => Promise<void>;
  /** The delete confirmation's text. Default "Are you sure you want to delete this row?". */
  deleteConfirmText?: string;
}

/** What a screen adds to the grid, and the stacked layout for narrow places. */
export interface GridExtrasProps<T> {
  /** Shown in the toolbar after the add button. */
  toolbar?: ReactNode;
  /** A row's own buttons, before its edit and delete buttons. */
  rowActions?: (row: T) => ReactNode;
  /**
   * Rows as a stacked list instead of a table — each row a card, each value under its column's title (empty ones
   * left out), the row's actions below — for narrow places (a phone, the Teams meeting's side panel). Without row
   * click, selection or virtual rows only (otherwise the table stays); the header's sort and filters are left out.
   */
  stacked?: boolean;
}

/** The portal grid's props, grouped by what they drive. */
export interface PortalDataGridProps<T>
  extends
    GridRowsProps<T>,
    GridSearchProps,
    GridOrderProps,
    GridPagingProps,
    GridSelectionProps<T>,
    GridEditingProps<T>,
    GridExtrasProps<T> {}

/**
 * A column of buttons: not sorted, filtered or searched, and a click in it does not open the row (`onRowClick`).
 */
export const actionColumn = <T>(
  key: string,
  title: string,
  width: number,
  render: (row: T) => ReactNode,
): PortalColumn<T> => ({
  key,
  title,
  width,
  sortable: false,
  filterable: false,
  searchable: false,
  stopRowClick: true,
  render,
});

/** A row naming a professional of the team (its name, else its id while the name is unknown). */
export interface ProfessionalRow {
  idProfessional: number;
  professional?: { name: string } | null;
}
/** The name of a row's professional. */
export const professionalName = (r: ProfessionalRow) => r.professional?.name ?? String(r.idProfessional);
/** The "Professional" column of the team's records (DNA rows and entries, setup finalization). */
export const professionalColumn = <T extends ProfessionalRow>(): PortalColumn<T> => ({
  key: 'professional',
  title: 'Professional',
  value: professionalName,
});
