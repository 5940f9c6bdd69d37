import { useMemo, type CSSProperties, type ReactNode } from 'react';
import {
  makeStyles,
  tokens,
  useTableCellStyles_unstable,
  useTableRowStyles_unstable,
  type TableCellState,
  type TableRowState,
} from '@fluentui/react-components';
import { widthStyle } from './columns';
import { ROW_HEIGHT } from './hooks';
import type { PortalColumn } from './types';
import type { GridRow } from './useGridModel';

/** What every row of one grid shares: its columns, flags and handlers (the same object while none of them change). */
export interface RowContext<T> {
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

const useStyles = makeStyles({
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
  cellText: { minWidth: 0, overflowWrap: 'anywhere' },
  truncate: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
});

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

/** The context the grid's rows share; virtual rows (`truncate`) cut a long text on one line, page rows wrap it. */
export function useRowContext<T>(
  o: Omit<RowContext<T>, 'widths' | 'classes'> & { truncate: boolean },
): RowContext<T> {
  const s = useStyles();
  const cellClassName = useCellClassName();
  const rowClassNames = useRowClassNames();
  const { cols, headerRows, selectable, hasActions, tabster, onRowClick, toggle, actionsOf, truncate } = o;
  return useMemo<RowContext<T>>(
    () => ({
      cols,
      widths: cols.map((c) => widthStyle(c.width)),
      headerRows,
      selectable,
      hasActions,
      tabster,
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
        text: truncate ? s.truncate : s.cellText,
        actions: s.actions,
      },
    }),
    [
      cols,
      headerRows,
      selectable,
      hasActions,
      tabster,
      onRowClick,
      toggle,
      actionsOf,
      s,
      cellClassName,
      rowClassNames.none,
      rowClassNames.brand,
      truncate,
    ],
  );
}
