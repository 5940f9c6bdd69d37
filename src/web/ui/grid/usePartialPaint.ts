import { startTransition, useEffect, useRef, useState } from 'react';
import { ROW_HEIGHT } from './hooks';

/**
 * Rows a paged grid paints first when it first shows a page (more than a 1080p screen shows): the rest of the page
 * follows in the next frame, so the first paint does not wait for fifty rows mostly below the fold.
 */
export const FIRST_PAINT_ROWS = 25;

const EMPTY: never[] = [];

/**
 * How many rows of a page a window `windowHeight` pixels high shows when the page's body starts `bodyTop` pixels
 * from its top: from the first to the last one it shows at least in part (at least 1). More than FIRST_PAINT_ROWS (a
 * tall window, a page scrolled down): Infinity, the whole page at once.
 */
export function rowsInView(windowHeight: number, bodyTop: number): number {
  const rows = Math.ceil((windowHeight - bodyTop) / ROW_HEIGHT);
  return rows > FIRST_PAINT_ROWS ? Infinity : Math.max(1, rows);
}

/** The rows of a page the window shows now (FIRST_PAINT_ROWS before the body is there). */
function rowsInWindow(body: HTMLElement | null): number {
  if (!body || typeof window === 'undefined') return FIRST_PAINT_ROWS;
  return rowsInView(window.innerHeight, body.getBoundingClientRect().top);
}

/**
 * What a page's body paints: `bodyRows`, the page's rows it paints now (its first `first` while `partial`, else all),
 * and `painted`, those followed by the rows the body showed below them before (`shown`), left as they were until the
 * rest of the page follows.
 */
export function paintedRows<R>(
  rows: R[],
  shown: R[],
  first: number,
  partial: boolean,
): { bodyRows: R[]; painted: R[] } {
  if (!partial) return { bodyRows: rows, painted: rows };
  const bodyRows = rows.slice(0, first);
  const staleRest = shown.slice(first);
  return { bodyRows, painted: staleRest.length ? bodyRows.concat(staleRest) : bodyRows };
}

/**
 * A page's first paint, and the first paint of each new search result: its first rows (a page's first paint:
 * FIRST_PAINT_ROWS, a screen's worth; a search result: those the window shows when the keystroke `measure`s it), the
 * rest a frame later, in a transition (a keystroke in between renders its own rows first). Meanwhile the rows below
 * the window keep what they showed, untouched: nobody sees them, and they change a frame later instead of being
 * removed now and made again then. (Hiding them cost more than it saved: a class on the body restyled every row
 * element of the page.)
 */
export function usePartialPaint<R>({ rows, query, paged }: { rows: R[]; query: string; paged: boolean }) {
  const [firstRows, setFirstRows] = useState(FIRST_PAINT_ROWS);
  const bodyRef = useRef<HTMLDivElement>(null);
  const [fullFor, setFullFor] = useState<string | null>(null);
  const partial = paged && fullFor !== query && rows.length > firstRows;
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
  // the rows the body shows (as committed): the rest of a partial page keeps them below the window
  const shownRows = useRef<R[]>(EMPTY);
  const { bodyRows, painted } = paintedRows(rows, shownRows.current, firstRows, partial);
  useEffect(() => {
    shownRows.current = painted;
  });
  return {
    /** The page body's element, measured against the window. */
    bodyRef,
    bodyRows,
    painted,
    /** A keystroke's new result paints the rows the window shows first. */
    measure: () => setFirstRows(rowsInWindow(bodyRef.current)),
  };
}
