import {
  Fragment,
  memo,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
} from 'react';
import { mergeClasses } from '@fluentui/react-components';
import { ACTIONS_STYLE } from './columns';
import { SelectionCell } from './lazyParts';
import { cellText } from './model';
import { valueOf, type GridRow } from './useGridModel';
import type { RowContext } from './useRowContext';

const stopClick = (e: MouseEvent) => e.stopPropagation();

/**
 * One row: memoised, so a keystroke or a header filter renders only the rows it brings (a row that stays on the page
 * keeps its cells), and a page's rest painted a frame later leaves the first rows alone. With a `style`, a virtual row
 * placed at its offset; without, a page's row.
 */
export const GridRowView = memo(
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
