import { Suspense, type CSSProperties, type RefObject } from 'react';
import { Spinner, TableBody, TableCell, TableRow, makeStyles } from '@fluentui/react-components';
import { GridRowView } from './GridRowView';
import { VirtualBody } from './lazyParts';
import type { GridRow } from './useGridModel';
import type { RowContext } from './useRowContext';

const useStyles = makeStyles({
  body: { position: 'relative' },
  loaderCell: { justifyContent: 'center' },
});

export interface GridBodyProps<T> {
  /** Virtual rows (TanStack Virtual) in the viewport `viewportRef`, `height` pixels high; else a page's rows. */
  virtual: boolean;
  /** Virtual rows: every row (the model's). */
  rows: GridRow<T>[];
  /** A page: the rows it paints (usePartialPaint), the first of them the row at `firstIndex`. */
  painted: GridRow<T>[];
  firstIndex: number;
  /** A page's body element. */
  bodyRef: RefObject<HTMLDivElement | null>;
  viewportRef: RefObject<HTMLDivElement | null>;
  height: number;
  /** Virtual rows: a last row saying more rows are loading. */
  loaderRow: boolean;
  onLastIndex: (index: number) => void;
  ctx: RowContext<T>;
  selectedOf: (row: GridRow<T>) => boolean | undefined;
}

/** The grid's rows: virtual rows placed at their offsets, or a page's rows in their places. */
export function GridBody<T>(p: GridBodyProps<T>) {
  const s = useStyles();
  const { rows, ctx } = p;
  const renderRow = (
    row: GridRow<T>,
    index: number,
    style?: CSSProperties,
    key: string | number = row.id,
  ) => (
    <GridRowView<T> key={key} row={row} index={index} selected={p.selectedOf(row)} ctx={ctx} style={style} />
  );
  if (p.virtual)
    return (
      <Suspense fallback={<TableBody className={s.body} style={{ height: p.height }} />}>
        <VirtualBody
          scrollRef={p.viewportRef}
          height={p.height}
          count={rows.length + (p.loaderRow ? 1 : 0)}
          getItemKey={(i) => rows[i]?.id ?? '__more'}
          onLastIndex={p.onLastIndex}
          className={s.body}
          renderItem={(index, style) => {
            const row = rows[index];
            if (row) return renderRow(row, index, style);
            return (
              <TableRow
                key="__more"
                aria-rowindex={index + 1 + ctx.headerRows}
                className={ctx.classes.virtualRow}
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
    );
  // a page's rows keep their places: the n-th row element (with its keyboard navigation parts, Tabster's group and
  // mover, and its cells) stays when a keystroke, a filter, a sort or another page brings other records, and only
  // what its cells show changes; the rest below the window keeps its rows' keys (their places)
  return (
    <TableBody ref={p.bodyRef}>
      {p.painted.map((row, i) => renderRow(row, p.firstIndex + i, undefined, i))}
    </TableBody>
  );
}
