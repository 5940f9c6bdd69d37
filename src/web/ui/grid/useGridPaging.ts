import { useState } from 'react';
import { pageWindow } from './model';

/** The page the grid shows of its rows: its window, its index (0 without paging) and its first row's index. */
export interface ShownPage {
  win: ReturnType<typeof pageWindow>;
  current: number;
  firstIndex: number;
}

/**
 * The page a paged grid shows (virtual rows are never paged) and its size, which the pager's "Rows per page" may
 * change.
 */
export function useGridPaging(pageSize: number | undefined, virtual: boolean) {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(pageSize ?? 0);
  const paged = !virtual && size > 0;
  /**
   * The page shown of `count` rows (what the search and filters leave). Called while rendering: a page past the last
   * one (a filter, fewer rows) becomes the last.
   */
  const show = (count: number): ShownPage => {
    const win = pageWindow(count, page, size || 1);
    const current = paged ? win.page : 0;
    if (paged && current !== page) setPage(current); // the page count shrank (filter, new rows)
    return { win, current, firstIndex: paged ? current * size : 0 };
  };
  return { page, setPage, size, setSize, paged, show };
}

export type GridPaging = ReturnType<typeof useGridPaging>;
