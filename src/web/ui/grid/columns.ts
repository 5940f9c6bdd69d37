import { useMemo, type CSSProperties } from 'react';
import type { PortalColumn } from './types';

/** Width of the edit / delete / row actions column. */
export const ACTIONS_WIDTH = 104;

/** A fixed-width column keeps the same width in the header and in every row. */
export const widthStyle = (width: number | undefined): CSSProperties | undefined =>
  width ? { flex: `0 1 ${width}px`, minWidth: `${Math.min(width, 60)}px` } : undefined;

/** The actions column's width style (one object for the header and every row). */
export const ACTIONS_STYLE = widthStyle(ACTIONS_WIDTH);

/** The columns the grid shows: every column, and on a phone its `mobileColumns` (else those not `hideOnMobile`). */
export const visibleColumns = <T>(
  columns: PortalColumn<T>[],
  mobile: boolean,
  mobileColumns: string[] | undefined,
): PortalColumn<T>[] =>
  columns.filter((c) => (mobile ? (mobileColumns ? mobileColumns.includes(c.key) : !c.hideOnMobile) : true));

/** The columns the grid shows, the same array while `columns`, the screen's width and `mobileColumns` stay. */
export const useVisibleColumns = <T>(
  columns: PortalColumn<T>[],
  mobile: boolean,
  mobileColumns: string[] | undefined,
): PortalColumn<T>[] =>
  useMemo(() => visibleColumns(columns, mobile, mobileColumns), [columns, mobile, mobileColumns]);
