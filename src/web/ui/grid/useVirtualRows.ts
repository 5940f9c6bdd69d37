import { useCallback, useEffect, useRef, useState } from 'react';
import { VirtualBody } from './lazyParts';
import type { InfiniteRows } from './types';

/** Infinite mode: the next page is asked for when the window comes this many rows from the end. */
export const FETCH_AHEAD = 20;

/**
 * Infinite mode: whether to ask for the server's next page — there is one, none is on its way, and the last row
 * rendered (`lastIndex`) is within FETCH_AHEAD of the `loaded` rows' end.
 */
export const wantsNextPage = (
  infinite: InfiniteRows | undefined,
  lastIndex: number,
  loaded: number,
): boolean =>
  !!infinite && infinite.hasNextPage && !infinite.isFetchingNextPage && lastIndex >= loaded - FETCH_AHEAD;

/**
 * Virtual rows: the scrolling viewport, its "loading more" row and, in infinite mode, the next page asked for as the
 * person scrolls near the end of the `loaded` rows (`rows`: the pages loaded so far).
 */
export function useVirtualRows<T>({
  virtual,
  infinite,
  rows,
  loaded,
}: {
  virtual: boolean;
  infinite: InfiniteRows | undefined;
  rows: T[] | undefined;
  loaded: number;
}) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [lastVirtual, setLastVirtual] = useState(-1);
  // the virtual rows' code loads while the grid still waits for its rows: when they arrive the grid shows them at
  // once instead of a moment's empty body
  useEffect(() => {
    if (virtual) VirtualBody.preload().catch(() => undefined);
  }, [virtual]);
  const wantMore = wantsNextPage(infinite, lastVirtual, loaded);
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
  return {
    viewportRef,
    /** A last row saying more rows are loading (infinite mode, while the server has more). */
    loaderRow: !!infinite && infinite.hasNextPage,
    /** Told the last rendered row's index by the virtual body. */
    onLastIndex: setLastVirtual,
    /** Scrolls the viewport back to the first row (a new search or filter). */
    toTop,
  };
}
