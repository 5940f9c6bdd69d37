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

export interface PortalDataGridProps<T> {
  ariaLabel: string;
  rows: T[] | undefined;
  columns: PortalColumn<T>[];
  getRowId: (row: T) => RowId;
  loading?: boolean;
  emptyText?: string;
  showHeader?: boolean;
  search?: boolean;
  searchPlaceholder?: string;
  /** The search text as typed, debounced 300 ms (infinite mode: the server searches). */
  onSearchChange?: (text: string) => void;
  defaultSort?: SortState;
  mobileColumns?: string[];
  mobileSort?: SortState;
  pageSize?: number;
  pageSizes?: number[];
  virtualized?: boolean;
  height?: number;
  /** Server-paged rows (implies virtual rows; client sort and filtering off). */
  infinite?: InfiniteRows;
  selectable?: 'single' | 'multiselect';
  /** Controlled selection (with onSelectionChange); uncontrolled when absent. */
  selectedIds?: RowId[];
  onSelectionChange?: (ids: RowId[]) => void;
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
  /**
   * Rows as a stacked list instead of a table — each row a card, each value under its column's title (empty ones
   * left out), the row's actions below — for narrow places (a phone, the Teams meeting's side panel). Without row
   * click, selection or virtual rows only (otherwise the table stays); the header's sort and filters are left out.
   */
  stacked?: boolean;
}

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
